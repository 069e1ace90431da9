"""The SVG picture: valid standalone XML showing what the view holds, nothing more."""

import xml.etree.ElementTree as ET

from engine import Match
from engine.games.woodwalkers import RULESET as R
from engine.games.woodwalkers.flow import decision
from engine.games.woodwalkers.svg import render

NS = "{http://www.w3.org/2000/svg}"


def midgame(variant):
    match = Match.create(R, 2, {"arrangement": "random", "variant": variant}, 8)
    while match.state.round < 3 or decision(match.state) != "move":
        seat = match.to_move()[0]
        moves = match.legal_moves(seat)
        match.play(seat, moves[0] if moves[0]["type"] == "roll" else moves[len(moves) // 2])
    return match


def test_svg_is_valid_standalone_and_deterministic():
    match = midgame("day")
    seat = match.to_move()[0]
    view, moves = match.view(seat), match.legal_moves(seat)
    svg = render(view, moves)
    assert svg == render(view, moves)
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert "href" not in svg and "<image" not in svg
    text = " ".join(t.text or "" for t in root.iter(NS + "text"))
    assert "Legend" in text and "to move: seat" in text and "Scores" in text
    totals = [t.text for t in root.iter(NS + "text") if t.get("class") == "score-total"]
    assert totals == [str(total) for total in view["scores"]]
    animals = [c for c in root.iter(NS + "circle") if c.get("class") == "animal"]
    assert sorted(c.find(NS + "title").text.split()[0] for c in animals) == \
        sorted(a["handle"] for a in view["animals"] if a["at"] is not None)
    marked = [r for r in root.iter(NS + "rect") if r.get("class") == "hl"]
    assert len(marked) == len({tuple(m["to"]) for m in moves if "to" in m}) > 3
    indices = sorted(int(i) for r in marked for i in r.get("data-moves").split())
    assert indices == [i for i, m in enumerate(moves) if "to" in m]


def test_svg_of_a_night_view_shows_no_hidden_species():
    match = midgame("night")
    svg = render(match.view(None))
    labels = [t.text for t in ET.fromstring(svg).iter(NS + "text")]
    assert labels.count("?") >= 14  # every animal (and face-down tile) unlabelled
    assert not {"Pu", "Wo", "Bi", "De", "Be", "Ot", "Sq"} & set(labels)
