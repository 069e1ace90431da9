"""The SVG picture: standalone, deterministic, showing what the view holds, marking moves."""

from engine import Match, Rng, seat_label
from engine.games.targi import RULESET
from engine.games.targi.svg import render
from tests.pictures.checks import NS, all_text, check_highlight, check_standalone

from .helpers import game, place, set_player


def played(steps, seed=3):
    match, rng = Match.create(RULESET, 2, {}, seed), Rng(seed)
    for _ in range(steps):
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    return match


def test_picture_shows_board_players_scores_and_turn():
    match = played(60)
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    picture = render(view, moves)
    assert picture == render(view, moves)
    root = check_standalone(picture)
    words = all_text(root)
    assert f"round {view['round']}" in words and f"{seat_label(seat)} to move: {view['pending']}" in words
    for cell in view["central"]:
        if cell["card"]:
            assert cell["card"] in words
    for p in view["players"]:
        for card in sum(p["display"], []):
            assert card in words
    assert len([e for e in root.iter(f"{NS}g") if e.get("class") == "targi"]) == len(view["targi"])
    totals = [e.text for e in root.iter(f"{NS}text") if e.get("class") == "score-total"]
    assert totals == [str(s["total"]) for s in view["scores"]]
    marked = check_highlight(root, moves)
    covered = sorted(int(i) for e in marked for i in e.get("data-moves").split())
    assert covered == list(range(len(moves)))


def test_picture_hides_the_opponents_hand_and_marks_board_targets():
    state = game(first=0)
    set_player(state, 1, hand="TA3")
    set_player(state, 0, display=[["OA1", "CR2"], [], ["TA9"]])
    view = RULESET.view(state, 0)
    moves = RULESET.legal_moves(state, 0)
    root = check_standalone(render(view, moves))
    words = all_text(root)
    assert "TA3" not in words and "hidden card" in words
    assert "OA1" in words and "TA9" in words
    assert len(check_highlight(root, moves)) == len(moves)  # one border card per placement
    place(state, [14, 7, 2], [3, 15, 11])
    assert len([e for e in check_standalone(render(RULESET.view(state, None))).iter(f"{NS}g")
                if e.get("class") == "marker"]) == 4
