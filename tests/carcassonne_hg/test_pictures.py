"""The SVG picture: standalone, deterministic, and showing what the view holds."""

from engine import Match, Rng, seat_label
from engine.games.carcassonne_hg import RULESET
from engine.games.carcassonne_hg.svg import render

from ..pictures.checks import NS, all_text, check_highlight, check_standalone


def played(steps: int, seed: int = 4) -> Match:
    match, rng = Match.create(RULESET, 3, {}, seed), Rng(seed)
    for _ in range(steps):
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    return match


def groups(root, name):
    return [e for e in root.iter(f"{NS}g") if e.get("class") == name]


def test_tile_step_picture_shows_board_pieces_scores_drawn_tile_and_placements():
    match = played(70)
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    picture = render(view, moves)
    assert picture == render(view, moves), "deterministic"
    root = check_standalone(picture)
    assert len(groups(root, "tile")) == len(view["board"])
    assert len(groups(root, "piece")) == len(view["pieces"])
    marked = check_highlight(root, moves)
    assert len(marked) == len({(m["x"], m["y"]) for m in moves})
    assert sorted(i for e in marked for i in map(int, e.get("data-moves").split())) == list(range(len(moves)))
    words = all_text(root)
    assert f"{seat_label(seat)} places a tile" in words and f"Drawn: {view['drawn_tile']}" in words
    assert f"{view['piles']['land']} land" in words
    for entry in view["scores"]:
        assert f"{seat_label(entry['seat'])} (" in words


def test_piece_step_picture_marks_the_zones_of_the_tile_just_placed():
    match, rng = played(60), Rng(1)
    while not (match.view(None)["phase"] == "piece" and len(match.legal_moves(match.to_move()[0])) > 2):
        seat = match.to_move()[0]
        match.play(seat, rng.choice(match.legal_moves(seat)))
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    root = check_standalone(render(view, moves))
    zones = {m["zone"] for m in moves if m["type"] == "place_piece"}
    assert len(check_highlight(root, moves)) == len(zones)
    assert "may place a piece" in all_text(root)


def test_final_picture_without_highlights():
    match = played(0, seed=2)
    while match.status != "finished":
        seat = match.to_move()[0]
        match.play(seat, match.legal_moves(seat)[-1])
    root = check_standalone(render(match.view(None)))
    assert "Game over" in all_text(root) and check_highlight(root, []) == []
