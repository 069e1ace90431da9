"""Views: Great Plains has no hidden information (the seeded chance steps only build the
layout and pick the first cave player), so every seat and spectators see the whole state."""

from engine import Match, Rng, canonical
from engine.games.great_plains import RULESET

from .helpers import FOX, SNAKE, horse_in_use, play, position


def test_view_shows_board_supplies_turn_and_standings():
    state = position(caves=[(0, 0, FOX), (2, 2, SNAKE)], foxes=[(1, 0)], snakes=[(3, 1)],
                     held=[[1, 0, 0], [0, 0, 2]], supply=[2, 3, 1])
    view = RULESET.view(state, FOX)
    assert view == RULESET.view(state, None) == RULESET.view(state, SNAKE)
    cells = {(c["q"], c["r"]): c for c in view["board"]}
    assert len(cells) == 133
    assert cells[(0, 0)] == {"q": 0, "r": 0, "terrain": "C", "spring": False, "cave": FOX, "figure": None,
                             "ground": None}
    assert cells[(2, -1)]["spring"] and cells[(2, -1)]["ground"] == "G7"
    assert cells[(1, 0)]["figure"] == FOX and cells[(3, 1)]["figure"] == SNAKE
    assert view["supply"] == {"horse": 2, "eagle": 3, "bear": 1}
    assert view["players"][SNAKE]["totems"] == {"horse": 0, "eagle": 0, "bear": 2}
    assert view["to_move"] == [FOX] and view["phase"] == "figures"
    assert view["components"]["id"] == "default" and view["components"]["provenance"] == "project-default"
    standings = view["standings"]
    assert len(standings["grounds"]) == 10
    assert [s["total"] for s in standings["scores"]] == [5 + 1, 11 + 2]


def test_view_and_json_during_the_layout_chance_steps():
    state = RULESET.setup(2, RULESET.make_options({}))
    RULESET.apply_chance(state, RULESET.chance(state).outcomes[13])
    view = RULESET.view(state, None)
    assert (view["phase"], view["board"], view["to_move"]) == ("layout", [], [])
    assert view["layout"] == [{"position": 0, "tile": "T2", "side": "A", "rotation": 1}]  # 12 outcomes per tile
    assert RULESET.score(state)["scores"][0]["total"] == 0
    again = RULESET.from_json(RULESET.to_json(state))
    assert canonical(RULESET.to_json(again)) == canonical(RULESET.to_json(state))
    assert RULESET.chance(again).outcomes == RULESET.chance(state).outcomes


def test_a_pending_totem_is_public_round_trips_and_is_copied():
    state = horse_in_use()
    view = RULESET.view(state, None)
    assert view["pending_totem"] == "horse" and view == RULESET.view(state, SNAKE)
    assert view["players"][FOX]["totems"] == {"horse": 0, "eagle": 1, "bear": 1}
    data = RULESET.to_json(state)
    assert data["pending_totem"] == "horse"
    again = RULESET.from_json(data)
    assert canonical(RULESET.to_json(again)) == canonical(data)
    assert RULESET.legal_moves(again, FOX) == RULESET.legal_moves(state, FOX)
    copy = RULESET.copy_state(state)
    play(copy, FOX, RULESET.legal_moves(copy, FOX)[0])
    assert copy.pending_totem is None and canonical(RULESET.to_json(state)) == canonical(data)


def test_every_seat_sees_the_same_and_determinizing_changes_nothing():
    match = Match.create(RULESET, 2, {}, 6)
    rng = Rng(6)
    while match.status == "active":
        seat = match.to_move()[0]
        assert match.view(FOX) == match.view(SNAKE) == match.view(None)
        same = RULESET.determinize(match.state, seat, rng)
        assert canonical(RULESET.to_json(same)) == canonical(RULESET.to_json(match.state))
        move = rng.choice(match.legal_moves(seat))
        assert RULESET.redact_move(move, seat, 1 - seat) == move
        match.play(seat, move)
