"""The SVG picture: standalone XML drawn from the view, showing what the view holds."""

import random
from xml.etree import ElementTree

from engine import Match
from engine.games.great_plains import RULESET
from engine.games.great_plains.svg import render

from ..pictures.checks import check_position, positions
from .helpers import ALL_POWERS, FOX, TWO_STEP, horse_in_use, position

NS = "{http://www.w3.org/2000/svg}"


def played(moves, seed=4):
    match, rnd = Match.create(RULESET, 2, {}, seed), random.Random(seed)
    for _ in range(moves):
        if not match.to_move():
            break
        seat = match.to_move()[0]
        match.play(seat, rnd.choice(match.legal_moves(seat)))
    return match


def classes(root, name):
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_picture_shows_board_pieces_scores_and_turn():
    match = played(30)
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    svg = render(view, moves)
    assert svg == render(view, moves)  # deterministic
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{NS}svg"
    assert len(classes(root, "cell")) == 133
    assert len(classes(root, "figure")) == sum(c["figure"] is not None for c in view["board"])
    assert len(classes(root, "cave")) == 7 and len(classes(root, "spring")) == 7
    texts = " ".join("".join(e.itertext()) for e in root.iter(f"{NS}text"))
    assert f"seat {seat}) to move" in texts and "Legend" in texts
    for score in view["standings"]["scores"]:
        assert str(score["total"]) in [e.text for e in classes(root, "score-total")]
    marked = classes(root, "hl")
    assert sorted(int(i) for e in marked for i in e.get("data-moves").split()) == list(range(len(moves)))


def test_picture_of_a_finished_game_without_highlight():
    match = played(200, seed=9)
    assert match.status == "finished"
    root = ElementTree.fromstring(render(match.view(None)))
    assert "game over" in " ".join(root.itertext()) and not classes(root, "hl")


# -- the two-step totem form ---------------------------------------------------------------
def test_the_picture_names_the_totem_in_use_and_marks_its_targets():
    state = horse_in_use()
    moves = RULESET.legal_moves(state, FOX)
    root = ElementTree.fromstring(render(RULESET.view(state, FOX), moves))
    assert "places with the horse" in " ".join(root.itertext())
    marked = [int(i) for e in root.iter() if e.get("class") == "hl" for i in e.get("data-moves").split()]
    assert sorted(marked) == list(range(len(moves)))


def test_the_picture_lists_the_totems_to_use():
    state = position(**ALL_POWERS, **TWO_STEP)
    svg = render(RULESET.view(state, FOX), RULESET.legal_moves(state, FOX))
    assert "use_totem kind=horse; use_totem kind=eagle; use_totem kind=bear" in svg


def test_pictures_along_a_two_step_playout():
    checked = 0
    for match in positions(RULESET.id, 2, seed=5, steps=500, every=4, options=TWO_STEP):
        check_position(match, targeted=lambda m: m["type"] in ("place", "place_cave"))
        checked += 1
    assert checked >= 5
