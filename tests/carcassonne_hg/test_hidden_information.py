"""Views, redaction and determinization: everything is public except the order of the piles,
which does not exist before a draw (spec §2)."""

from engine import Match, Rng, canonical
from engine.games.carcassonne_hg import RULESET

from .helpers import build, turn


def test_view_shows_board_pieces_supply_scores_drawn_tile_and_piles_to_everyone():
    match = Match.create(RULESET, 3, {"startPlayer": 0}, 5)
    seat = match.to_move()[0]
    match.play(seat, match.legal_moves(seat)[0])
    views = [match.view(s) for s in (None, 0, 1, 2)]
    assert all(canonical(v) == canonical(views[0]) for v in views)
    view = views[0]
    assert {"board", "pieces", "drawn_tile", "piles", "removed", "supply", "tile_set", "features",
            "scores", "tiles"} <= set(view)
    assert len(view["board"]) == 2 and view["piles"]["land"] == 77
    assert view["tile_set"] == {"id": "hg2002-default", "hash": view["tile_set"]["hash"]}
    assert all(t in view["tiles"] for t in {b["tile"] for b in view["board"]})
    assert not {"land", "bonus_pile"} & set(view), "pile contents and order stay hidden"


def test_moves_and_events_are_the_same_for_every_viewer():
    match = Match.create(RULESET, 2, {"startPlayer": 0}, 7)
    entries = []
    for _ in range(6):
        seat = match.to_move()[0]
        entries.append(match.play(seat, match.legal_moves(seat)[-1]))
    assert any(e["type"] == "tile_drawn" for entry in entries for e in entry["events"])
    for entry in entries:
        assert all(match.entry_view(entry, viewer) == match.entry_view(entry, None) for viewer in (0, 1))
        assert match.entry_view(entry, 1)["move"] == entry["move"]
        assert not any("_private" in e for e in entry["events"])


def test_determinize_is_an_independent_copy_with_nothing_to_resample():
    state = build(["L02@(0,0)r0"])
    guess = RULESET.determinize(state, 1, Rng(3))
    assert guess is not state and canonical(RULESET.to_json(guess)) == canonical(RULESET.to_json(state))
    turn(guess, "L48@(1,0)r0", "r1")
    assert len(state.board.placements) == 1 and state.members == [5, 5, 5, 5]
