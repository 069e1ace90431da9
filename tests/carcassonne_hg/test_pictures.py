"""The SVG picture: standalone and deterministic, showing the tiles' terrain and symbols, the pieces, the
drawn tile in each legal rotation, a target for every move, supplies, scores and a legend, in English and German."""

import re
from itertools import pairwise

import pytest

from engine import Match, Rng
from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.components import ZONE_KEYS
from engine.games.carcassonne_hg.svg import render

from ..pictures.checks import NS, all_text, check_highlight, check_standalone

TITLES = {"en": "Carcassonne – Hunters & Gatherers", "de": "Carcassonne – Die Jäger und Sammler"}
#: what the legend calls each symbol, per language (the rules' names)
NAMES = {"en": {"deer": "deer:", "mammoth": "mammoth:", "tiger": "sabre-tooth tiger:", "aurochs": "aurochs",
                "fish": "fish:", "gold": "gold nugget:", "mushrooms": "mushrooms", "fire": "fire", "shrine": "shrine",
                "spring": "spring:", "tree": "forest without symbols"},
         "de": {"deer": "Wild:", "mammoth": "Mammut:", "tiger": "Säbelzahntiger:", "aurochs": "Auerochse",
                "fish": "Fisch:", "gold": "Goldnugget:", "mushrooms": "Pilze", "fire": "Feuer", "shrine": "Kultstätte",
                "spring": "Quelle:", "tree": "Wald ohne Symbole"}}


def played(steps: int, seed: int = 4, players: int = 3) -> Match:
    match, rng = Match.create(RULESET, players, {}, seed), Rng(seed)
    for _ in range(steps):
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    return match


def finished(seed: int = 2) -> Match:
    match, rng = played(0, seed=seed, players=4), Rng(seed)
    while match.status != "finished":
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    return match


def in_group(root, cls):
    return [e for e in root.iter(f"{NS}g") if e.get("class") == cls]


def symbols(root, name):
    return [e for e in root.iter(f"{NS}g") if e.get("class") == "symbol" and e.get("data-symbol") == name]


def moves_of(element) -> list[int]:
    return [int(i) for i in element.get("data-moves").split()]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_tile_step_shows_every_rotation_where_it_fits_each_its_own_target(lang):
    match = played(70)
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    assert len(moves) > 8 and len({m["rotation"] for m in moves}) > 1
    picture = render(view, moves, lang)
    assert picture == render(view, moves, lang), "deterministic"
    root = check_standalone(picture)
    assert len(in_group(root, "tile")) == len(view["board"])
    assert len(in_group(root, "piece")) == len(view["pieces"])
    marked = check_highlight(root, moves)
    on_board = [moves_of(e) for g in in_group(root, "position") for e in g if e.get("class") == "hl"]
    assert sorted(i for indices in on_board for i in indices) == list(range(len(moves)))
    assert all(len(indices) == 1 for indices in on_board), "one target per position and rotation"
    previews = [moves_of(e) for g in in_group(root, "drawn") for e in g if e.get("class") == "hl"]
    assert sorted(map(sorted, previews)) == sorted(
        sorted(i for i, m in enumerate(moves) if m["rotation"] == r) for r in {m["rotation"] for m in moves})
    assert len(marked) == len(moves) + len(previews)
    words = all_text(root)
    assert TITLES[lang] in words and view["drawn_tile"] in words
    player = "Player" if lang == "en" else "Spieler"
    assert f"{player} {seat + 1}" in words
    assert f"{view['piles']['land']} {'land tiles' if lang == 'en' else 'Landschaftskarten'}" in words
    assert not re.search(r"\b\d[DMAT]\b", words), "no animal codes such as 1D"


@pytest.mark.parametrize("lang", ["en", "de"])
def test_piece_step_has_a_target_per_zone_and_piece_and_a_no_piece_button(lang):
    match, rng = played(60), Rng(1)
    while not (match.view(None)["phase"] == "piece" and
               any(m.get("piece") == "hut" for m in match.legal_moves(match.to_move()[0]))):
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    root = check_standalone(render(view, moves, lang))
    marked = check_highlight(root, moves)
    assert sorted(moves_of(e)[0] for e in marked) == list(range(len(moves)))
    assert all(len(moves_of(e)) == 1 for e in marked), "one target per move"
    no_piece = moves.index({"type": "no_piece"})
    button = next(e for e in marked if moves_of(e) == [no_piece])
    assert button.tag == f"{NS}rect"
    for group in root.iter(f"{NS}g"):   # a label or preview over a target lets a click through to it
        for target, label in pairwise(group):
            if target.get("class") == "hl" and label.get("class") != "hl":
                assert label.get("pointer-events") == "none"
    words = all_text(root)
    assert ("Place no piece" if lang == "en" else "Keine Figur einsetzen") in words
    assert ("a fishing hut" if lang == "en" else "eine Fischerhütte") in words
    assert view["last_placed"]["tile"] in words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_final_picture_draws_the_printed_symbols_and_explains_each_in_the_legend(lang):
    match = finished()
    view = match.view(None)
    root = check_standalone(render(view, None, lang))
    assert check_highlight(root, []) == []
    words = all_text(root)
    assert TITLES[lang] in words and ("Game over" if lang == "en" else "Spielende") in words
    placed = [zone for b in view["board"] for zone in view["tiles"][b["tile"]]["zones"]]
    for name in (*ZONE_KEYS["meadow"][1], "gold"):   # the animals and gold nuggets
        printed = sum(zone.get(name, 0) for zone in placed)
        assert max((zone.get(name, 0) for zone in placed), default=0) <= 2   # so each is drawn as a symbol
        assert len(symbols(root, name)) == printed + 1, f"{name}: one per printed symbol, one in the legend"
    legend = next(g for g in root.iter(f"{NS}g") if any(e.get("class") == "legend" for e in g))
    shown = {e.get("data-symbol") for e in root.iter(f"{NS}g") if e.get("class") == "symbol"}
    for name in shown:
        assert symbols(legend, name), f"{name} is not in the legend"
        assert NAMES[lang][name] in words, f"{name} is not explained"
    totals = [e.text for e in root.iter(f"{NS}text") if e.get("class") == "score-total"]
    assert totals == [str(s["total"]) for s in view["scores"]]
    assert len(in_group(root, "piece")) == len(view["pieces"])
