"""The SVG picture: the board with its terrain explained, the hunting grounds outlined with their
values, the pieces and supplies, the decision in words and a target of its own for every move."""

import random
import re

import pytest

from engine import Match
from engine.games.great_plains import RULESET
from engine.games.great_plains.svg import render
from engine.texts import move_text

from ..pictures.checks import all_text, check_highlight, check_position, check_standalone, positions
from .helpers import ALL_POWERS, FOX, TWO_STEP, horse_in_use, new_game, position

NS = "{http://www.w3.org/2000/svg}"


def played(moves, seed=4, **options):
    match, rnd = Match.create(RULESET, 2, options, seed), random.Random(seed)
    for _ in range(moves):
        if not match.to_move():
            break
        seat = match.to_move()[0]
        match.play(seat, rnd.choice(match.legal_moves(seat)))
    return match


def classes(root, name):
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def targets(root, moves):
    """The move indices of each target."""
    return [[int(i) for i in e.get("data-moves").split()] for e in check_highlight(root, moves)]


def test_picture_shows_board_pieces_scores_and_turn():
    match = played(30)
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    svg = render(view, moves)
    assert svg == render(view, moves)  # deterministic
    root = check_standalone(svg)
    assert len(classes(root, "cell")) == 133
    assert len(classes(root, "figure")) == sum(c["figure"] is not None for c in view["board"])
    assert len(classes(root, "cave")) == 7 and len(classes(root, "spring")) == 7
    words = all_text(root)
    assert f"Player {seat + 1} ({'foxes' if seat == FOX else 'snakes'}): place a figure" in words
    for score in view["standings"]["scores"]:
        assert f"score: {score['total']} ({score['grounds_won']} hunting grounds won)" in words
    assert sorted(i for indices in targets(root, moves) for i in indices) == list(range(len(moves)))
    assert float(root.get("width")) <= 780
    assert min(float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)) >= 11


@pytest.mark.parametrize("lang, entries", [
    ("en", ["meadow (yellow): 1 point for its hunting ground", "meadow with a spring: 2 points for its hunting ground",
            "horse field (green): take a horse totem token", "eagle field (green): take an eagle totem token",
            "bear field (green): take a bear totem token", "mountain: no figures",
            "cave space in the mountains: holds a cave token", "thick line: a hunting ground; the badge: its points",
            "figure (the number: the player)", "cave token (the number: the player)", "empty cave space",
            "horse: place 2 fields away, over lowland", "eagle: fly straight over mountains"]),
    ("de", ["Wiese (gelb): 1 Punkt für ihren Jagdgrund", "Pferdefeld (grün): ein Pferd-Totemplättchen nehmen",
            "Adlerfeld (grün): ein Adler-Totemplättchen nehmen", "Bärenfeld (grün): ein Bär-Totemplättchen nehmen",
            "Gebirge: keine Figuren"]),
])
def test_the_legend_explains_every_terrain_and_mark(lang, entries):
    root = check_standalone(render(RULESET.view(new_game(), FOX), lang=lang))
    words = all_text(root)
    for entry in entries:
        assert entry in words, entry
    # each green field carries its own animal's letter (horse H / Pferd P, eagle E / Adler A, bear B / Bär B)
    letters = {"en": {"H": "H", "E": "E", "B": "B"}, "de": {"H": "P", "E": "A", "B": "B"}}[lang]
    for terrain, letter in letters.items():
        cells = [e for e in root.iter(f"{NS}g") if any(c.get("class") == f"cell t-{terrain}" for c in e)]
        assert len(cells) == 4 and all("".join(c.itertext()) == letter for c in cells)


def test_hunting_grounds_are_outlined_with_their_values():
    root = check_standalone(render(RULESET.view(new_game(), FOX)))
    grounds = classes(root, "ground")
    assert len(grounds) == 10  # the reference layout's grounds G1..G10 (spec 4.6)
    values = sorted(int(e.find(f"{NS}text").text) for e in classes(root, "ground-value"))
    assert values == [3, 3, 4, 5, 5, 5, 6, 7, 11, 31]
    g10 = next(g for g in grounds if "hunting ground G10: 3 points" in g.find(f"{NS}title").text)
    assert g10.find(f"{NS}path").get("d").count("M") == 14  # three fields in a chain: 18 edges, 2 shared
    assert "G1: 31 points · 0:0 · –" in all_text(root)


def test_every_placement_and_power_has_a_target_of_its_own():
    state = position(caves=[(0, 0, FOX)], foxes=[(1, 0)], snakes=[(1, -1), (5, 2)],
                     held=[[1, 1, 1], [0, 0, 0]], supply=[2, 2, 2])
    moves = RULESET.legal_moves(state, FOX)
    kinds = {m.get("totem") for m in moves}
    assert kinds == {None, "horse", "eagle", "bear"}
    root = check_standalone(render(RULESET.view(state, FOX), moves))
    found = targets(root, moves)
    assert all(len(indices) == 1 for indices in found)
    assert sorted(i for indices in found for i in indices) == list(range(len(moves)))
    bears = [i for i, m in enumerate(moves) if m.get("totem") == "bear" and m["cell"] == [1, -1]]
    assert len(bears) == 2  # from the cave (0, 0) and from the figure (1, 0): two badges (spec 13 #14)
    badges = {e.find(f"{NS}title").text for e in check_highlight(root, moves) if e.tag == f"{NS}circle"}
    assert any("bear" in tip for tip in badges) and any("horse" in tip for tip in badges)


def test_the_two_step_form_draws_buttons_and_names_the_totem_in_use():
    state = position(**ALL_POWERS, **TWO_STEP)
    moves = RULESET.legal_moves(state, FOX)
    root = check_standalone(render(RULESET.view(state, FOX), moves, "de"))
    buttons = ["".join(e.itertext()) for e in classes(root, "button-label")]
    uses = [m for m in moves if m["type"] == "use_totem"]
    assert len(uses) == 3 and buttons == [move_text(RULESET, m, "de") for m in uses]
    state = horse_in_use()
    moves = RULESET.legal_moves(state, FOX)
    root = check_standalone(render(RULESET.view(state, FOX), moves))
    assert "place a figure with the horse" in all_text(root)
    assert sorted(i for indices in targets(root, moves) for i in indices) == list(range(len(moves)))


def test_picture_of_a_finished_game_without_highlight():
    match = played(200, seed=9)
    assert match.status == "finished"
    view = match.view(None)
    root = check_standalone(render(view))
    words = all_text(root)
    assert "Game over" in words and not classes(root, "hl")
    for score in view["standings"]["scores"]:
        assert f"score: {score['total']}" in words
    winners = view["standings"]["winners"]
    if len(winners) == 1:
        assert f"Player {winners[0] + 1}" in words.split("Game over")[1][:40]


def test_a_spectator_sees_the_cave_phase():
    root = check_standalone(render(RULESET.view(new_game(), None), lang="de"))
    assert "Spieler 1 (Füchse): ein Höhlenplättchen auf ein freies Höhlenfeld legen" in all_text(root)


def test_pictures_along_a_two_step_playout():
    checked = 0
    for match in positions(RULESET.id, 2, seed=5, steps=500, every=4, options=TWO_STEP):
        check_position(match, targeted=lambda m: True)
        checked += 1
    assert checked >= 5


def test_separate_spring_fields_are_drawn_and_explained_as_such():
    state = new_game(spring_mode="separate_field")
    root = check_standalone(render(RULESET.view(state, FOX)))
    assert "spring field: no figures; +1 point for each ground next to it" in all_text(root)
    assert "meadow with a spring" not in all_text(root)
    springs = [e for e in root.iter(f"{NS}polygon") if e.get("class") == "cell t-W"]
    assert len(springs) == 7 and {e.get("fill") for e in springs} == {"#b9def5"}
