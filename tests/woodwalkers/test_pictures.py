"""The SVG picture: standalone and deterministic, animals drawn with their species' symbol and name (only
where the viewer may see it), a target for every decision, the side texts in words and a legend, in English
and German, by day and by night."""

import random
from itertools import pairwise

import pytest

from engine import Match
from engine.games.woodwalkers import RULESET as R
from engine.games.woodwalkers.flow import decision
from engine.games.woodwalkers.svg import SYMBOLS, render

from ..pictures.checks import NS, all_text, check_highlight, check_standalone

SPECIES = {"en": ["puma", "wolf", "bison", "deer", "bear", "otter", "squirrel"],
           "de": ["Puma", "Wolf", "Bison", "Reh", "Bär", "Otter", "Hörnchen"]}


def until(variant, wanted, seed=8, players=2):
    """A match of ``variant`` played at random until the pending decision is ``wanted``."""
    for attempt in range(40):
        match = Match.create(R, players, {"variant": variant}, seed + attempt)
        rnd = random.Random(seed + attempt)
        while match.to_move() and decision(match.state) != wanted:
            seat = match.to_move()[0]
            match.play(seat, rnd.choice(match.legal_moves(seat)))
        if match.to_move():
            return match
    raise AssertionError(f"no {wanted} decision reached")


def animals(root):
    return [g for g in root.iter(f"{NS}g") if g.get("class") == "animal"]


def species_label(group):
    return next((t.text for t in group.iter(f"{NS}text") if t.get("class") == "species"), None)


def targets(root, moves):
    return {tuple(int(i) for i in e.get("data-moves").split()): e for e in check_highlight(root, moves)}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_day_move_shows_species_by_symbol_and_name_and_a_target_for_every_move(lang):
    match = until("day", "move")
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    svg = render(view, moves, lang)
    assert svg == render(view, moves, lang)
    root = check_standalone(svg)
    on_board = [a for a in view["animals"] if a["at"] is not None]
    drawn = animals(root)
    assert sorted(g.get("data-handle") for g in drawn) == sorted(a["handle"] for a in on_board)
    names = dict(zip(SPECIES["en"], SPECIES[lang]))
    by_handle = {a["handle"]: a for a in on_board}
    for g in drawn:
        animal = by_handle[g.get("data-handle")]
        assert species_label(g) == names[animal["species"]]
        assert any(e.get("transform") for e in g.iter(f"{NS}g")), "the species' symbol"
    marked = targets(root, moves)
    assert sorted(i for key in marked for i in key) == list(range(len(moves)))
    movers = {}
    for i, move in enumerate(moves):
        if move["type"] in ("stay", "reroll"):
            assert (i,) in marked, f"{move['type']} has its own button"
        if move["type"] == "move":
            movers.setdefault(tuple(move["to"]), []).append(i)
    for indices in movers.values():
        if len(indices) <= 4:
            assert all((i,) in marked for i in indices), "each animal that can reach a field has its own target"
    assert any(len(indices) > 1 for indices in movers.values())
    for group in root.iter(f"{NS}g"):   # a label over a target lets a click through to it
        for target, label in pairwise(group):
            if target.get("class") == "hl":
                assert label.get("class") == "hl" or label.get("pointer-events") == "none"
    words = all_text(root)
    assert (f"rolled {view['pending']['die']}" if lang == "en" else f"hat {view['pending']['die']} gewürfelt") in words
    assert ("Combat values" if lang == "en" else "Kampfwerte") in words
    assert ("medicine: " if lang == "en" else "Medizin: ") in words
    assert not any(code in words.split() for code in ("Pu", "Wo", "Bi", "De", "Be", "Ot", "Sq"))
    assert ("Woodwalkers – day" if lang == "en" else "Woodwalkers – Tag") in words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_night_hides_other_seats_species_and_marks_the_own_face_down_ones(lang):
    match = until("night", "turn")
    seat = match.to_move()[0]
    view = match.view(seat)
    root = check_standalone(render(view, match.legal_moves(seat), lang))
    for g in animals(root):
        own = int(g.get("data-seat")) == seat
        assert (species_label(g) is not None) == own
        dashed = [e for e in g.iter(f"{NS}rect") if e.get("stroke-dasharray")]
        assert bool(dashed) == own, "own animals are marked face down for the others"
    words = all_text(root)
    assert ("Woodwalkers – night" if lang == "en" else "Woodwalkers – Nacht") in words
    assert ("face down for the others" if lang == "en" else "für die anderen verdeckt") in words
    spectator = check_standalone(render(match.view(None), None, lang))
    assert all(species_label(g) is None for g in animals(spectator))


@pytest.mark.parametrize("lang", ["en", "de"])
def test_guess_offers_each_species_and_no_guess_as_buttons(lang):
    match = until("night", "guess")
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    root = check_standalone(render(view, moves, lang))
    marked = targets(root, moves)
    assert sorted(marked) == [(i,) for i in range(len(moves))], "one target per guess"
    words = all_text(root)
    assert ("Do not guess" if lang == "en" else "Nicht raten") in words
    for move in moves:
        if move["type"] == "guess":
            assert SPECIES[lang][SPECIES["en"].index(move["species"])] in words
    assert ("attacks" if lang == "en" else "greift") in words
    assert ("the field of the duel" if lang == "en" else "das Feld des Duells") in words
    assert [r for r in root.iter(f"{NS}rect") if r.get("class") == "duel-field"]


def test_combat_mode_tiles_are_targets_named_by_their_attribute():
    match = until("day", "choose_mode", players=3)
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    root = check_standalone(render(view, moves, "de"))
    marked = targets(root, moves)
    assert sorted(marked) == [(i,) for i in range(len(moves))] and len(moves) == len(view["display"])
    words = all_text(root)
    german = {"endurance": "Ausdauer", "speed": "Geschwindigkeit", "strength": "Stärke", "intelligence": "Intelligenz"}
    for attribute in view["display_attributes"]:
        assert german[attribute] in words


def test_arrangement_targets_fields_and_species_and_the_legend_explains_the_marks():
    match = until("day", "arrange")
    view, moves = match.view(0), match.legal_moves(0)
    root = check_standalone(render(view, moves))
    marked = check_highlight(root, moves)
    assert sorted({i for e in marked for i in e.get("data-moves").split()}, key=int) == \
        [str(i) for i in range(len(moves))]
    words = all_text(root)
    for mark in ("plain field", "forest field", "start field", "forest tile, face down", "flag:", "animal tile:",
                 "a wound", "pink: a choice"):
        assert mark in words
    assert set(SYMBOLS) == set(SPECIES["en"])
    for name in SPECIES["en"]:
        assert name in words


def test_final_picture_without_targets():
    match = Match.create(R, 4, {}, 6)
    rnd = random.Random(6)
    while match.to_move():
        seat = match.to_move()[0]
        match.play(seat, rnd.choice(match.legal_moves(seat)))
    view = match.view(None)
    root = check_standalone(render(view))
    assert check_highlight(root, []) == []
    words = all_text(root)
    assert "Game over" in words
    for seat, total in enumerate(view["scores"]):
        assert f"Player {seat + 1} · medicine: {view['held'][seat]['medicine']}" in words
        assert f"{view['vp'][seat]} from duels and +1 tiles, {total - view['vp'][seat]} from flags, {total} in all" \
            in words
