"""Every text a person reads exists in English and German (issue 20): the templates of every
ruleset's move and event types, the events every game's log may hold, the framework errors; the
catalogues match the sources; events and moves of random games read in both languages."""

from __future__ import annotations

import re
import time
from pathlib import Path
from xml.etree import ElementTree

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from engine import Match, registry, svg
from engine.i18n import LANGUAGES, LOCALE_DIR, catalogue_path
from engine.rng import Rng
from engine.texts import EVENT_TEXTS, HIDDEN, event_text, move_text, score_text
from service.api.errors import FRAMEWORK_TEXTS, code_for_status
from service.api.service_events import SERVICE_EVENTS

ROOT = Path(__file__).resolve().parents[1]
RULESETS = [r for r in registry.rulesets().values() if type(r).__module__.startswith("engine.games.")]
PLACEHOLDER = re.compile(r"\{(\w*)\}")
#: options under which events occur that the default options never cause, by ruleset
VARIANTS = {"woodwalkers": [None, {"variant": "night"}]}


def catalogue(lang: str) -> dict[str, object]:
    with catalogue_path(lang).open("rb") as po:
        return {m.id: m for m in read_po(po, locale=lang) if m.id}


def types_of(templates: dict) -> set[str]:
    return {key.split("/")[0] for key in templates}


def test_the_rulesets_are_all_there():
    assert {r.id for r in RULESETS} == {"carcassonne-hg", "great-plains", "targi", "woodwalkers"}


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_move_and_event_type_has_a_text(ruleset):
    assert set(ruleset.move_schemas) <= types_of(ruleset.move_texts)
    assert set(ruleset.event_schemas) <= types_of(ruleset.event_texts)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_every_part_of_the_score_sheet_has_a_text(ruleset):
    """The final screen names each breakdown key in words, in both languages."""
    for options in VARIANTS.get(ruleset.id, [None]):
        match = Match.create(ruleset, ruleset.min_players, options, 1)
        keys = {key for line in match.score()["scores"] for key in line["breakdown"]}
        assert keys and keys <= set(ruleset.score_texts)
        for key in keys:
            check(lambda item, lang: score_text(ruleset, item, lang), key)


def test_the_events_of_every_game_and_every_framework_error_have_a_text():
    assert {"auto_move", *SERVICE_EVENTS} <= set(EVENT_TEXTS)
    assert set(FRAMEWORK_TEXTS) == {code_for_status(status) for status in range(400, 500)}


def test_the_catalogues_hold_every_text_of_the_sources_translated():
    """``make messages`` was run after the last N_(...) change, and every msgid has its German."""
    method_map = [("engine/**.py", "python"), ("service/**.py", "python")]
    found = {found[2] for found in extract_from_dir(str(ROOT), method_map, keywords={"N_": None})}
    pot = {m.id for m in read_po((LOCALE_DIR / "messages.pot").open("rb")) if m.id}
    assert found == pot, "run `make messages`, then translate the new entries"
    for lang in LANGUAGES:
        assert set(catalogue(lang)) == pot, f"{lang}: run `make messages`"
    german = catalogue("de")
    untranslated = [m.id for m in german.values() if not m.string or m.fuzzy]
    assert not untranslated, f"de: no (or a fuzzy) translation for {untranslated}"
    for msgid, message in german.items():
        assert set(PLACEHOLDER.findall(message.string)) == set(PLACEHOLDER.findall(msgid)), msgid


def every_part(event: dict) -> dict:
    """An event with every seat's private part: all the fields any viewer may see."""
    whole = {k: v for k, v in event.items() if k != "_private"}
    for part in event.get("_private", {}).values():
        whole.update(part)
    return whole


def check(text_of, item: dict) -> None:
    """``item`` reads in both languages: every placeholder filled, German not English."""
    texts = {lang: text_of(item, lang) for lang in LANGUAGES}
    for lang, text in texts.items():
        assert text and "{" not in text and HIDDEN not in text, (lang, item, text)
    assert texts["de"] != texts["en"], (item, texts)


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_random_games_read_in_english_and_german(ruleset):
    """Random games at every player count (and variant) until every event type occurred or 4 s went
    by: each event (whole and as each viewer sees it) and each legal move reads in both languages."""
    seen_events, seen_moves = set(), set()
    deadline, seed, variants = time.monotonic() + 4, 0, VARIANTS.get(ruleset.id, [None])
    while time.monotonic() < deadline and not set(ruleset.event_schemas) <= seen_events:
        players = ruleset.min_players + seed % (ruleset.max_players - ruleset.min_players + 1)
        match, rng = Match.create(ruleset, players, variants[seed % len(variants)], seed), Rng(seed)
        entries = [match.opening]
        while match.status == "active":
            seat = match.to_move()[0]
            moves = match.legal_moves(seat)
            for move in moves:
                if ruleset.text_key(move) not in seen_moves:
                    seen_moves.add(ruleset.text_key(move))
                    check(lambda item, lang: move_text(ruleset, item, lang), move)
            entries.append(match.play(seat, moves[rng.below(len(moves))]))
        for entry in entries:
            for event in entry["events"]:
                if ruleset.text_key(every_part(event)) in seen_events:
                    continue
                seen_events.add(ruleset.text_key(every_part(event)))
                check(lambda item, lang: event_text(ruleset, item, lang), every_part(event))
                for viewer in (None, *range(players)):
                    for lang in LANGUAGES:
                        shown = match.events_view([event], viewer, lang)[0]["text"]
                        assert shown and "{" not in shown and HIDDEN not in shown, (viewer, event, shown)
        seen_events |= {key.split("/")[0] for key in seen_events}
        seed += 1
    assert seen_moves and seen_events


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.id)
def test_pictures_label_in_german(ruleset):
    """A German picture (mid-game, with the seat's moves marked) shows no label whose English
    msgid has another German text: every label went through the catalogue."""
    match, rng = Match.create(ruleset, ruleset.min_players, None, 5), Rng(5)
    for _ in range(12):
        seat = match.to_move()[0]
        moves = match.legal_moves(seat)
        match.play(seat, moves[rng.below(len(moves))])
    seat = match.to_move()[0]
    english = {msgid for msgid, message in catalogue("de").items() if message.string != msgid}
    board = svg.frame(ruleset.renderer(match.view(seat), match.legal_moves(seat), "de"), heading="", banner="",
                      banner_seat=seat, scores=[], lang="de")
    labels = {element.text for element in ElementTree.fromstring(board).iter(f"{{{svg.SVG_NS}}}text")}
    assert labels and not labels & english, labels & english
