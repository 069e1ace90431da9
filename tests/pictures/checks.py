"""Checks every ruleset's SVG picture must pass (used by the per-ruleset tests).

- it is a standalone SVG document that parses as XML, with a size;
- it is deterministic (same view and highlight -> same bytes);
- it has no external assets (no <image>, <script>, <foreignObject>, no http(s) references);
- it reveals no hidden information: drawn for a seat from determinized copies of the
  state (hidden information resampled from what that seat knows), it is identical;
- highlight targets carry ``class="hl"`` and valid ``data-moves`` indices.
"""

from __future__ import annotations

import random
import re
from xml.etree import ElementTree

from engine import Match, Rng, registry
from engine.svg import renderer_for

NS = "{http://www.w3.org/2000/svg}"
FORBIDDEN_TAGS = {"image", "script", "foreignObject", "iframe", "use"}
EXTERNAL = re.compile(r"""(?:href|src)\s*=\s*["'](?!#)|url\(\s*['"]?(?!#)|https?://(?!www\.w3\.org/2000/svg)""")


def parse(svg: str) -> ElementTree.Element:
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{NS}svg", root.tag
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    return root


def texts(root) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{NS}text")]


def all_text(root) -> str:
    return " ".join(texts(root)) + " " + " ".join("".join(e.itertext()) for e in root.iter(f"{NS}title"))


def check_standalone(svg: str) -> ElementTree.Element:
    root = parse(svg)
    for element in root.iter():
        tag = element.tag.removeprefix(NS)
        assert tag not in FORBIDDEN_TAGS, f"<{tag}> in picture"
        assert element.tag.startswith(NS), f"foreign element {element.tag}"
    assert not EXTERNAL.search(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")), "external reference"
    return root


def check_highlight(root, moves: list[dict]) -> list[ElementTree.Element]:
    marked = [e for e in root.iter() if e.get("data-moves") is not None]
    for e in marked:
        assert e.get("class") == "hl"
        indices = [int(i) for i in e.get("data-moves").split()]
        assert indices and all(0 <= i < len(moves) for i in indices), indices
    return marked


def positions(ruleset_id: str, players: int, seed: int, steps: int, every: int, options=None):
    """Yield matches along a random playout (the same Match object, advanced)."""
    ruleset = registry.get(ruleset_id)
    match = Match.create(ruleset, players, options or {}, seed)
    rnd = random.Random(seed)
    yield match
    for step in range(1, steps + 1):
        to_move = match.to_move()
        if not to_move:
            return
        seat = to_move[0]
        match.play(seat, rnd.choice(match.legal_moves(seat)))
        if step % every == 0 or match.status == "finished":
            yield match


def check_position(match: Match, determinizations: int = 2, targeted=None) -> dict:
    """Every check for every viewer; returns {viewer: svg} (highlighted for seats to move).

    ``targeted(move)``: whether the ruleset's picture marks a target for that move; when
    given, a seat with such moves must get highlighted targets."""
    ruleset = match.ruleset
    render = renderer_for(ruleset)
    rng = Rng(match.version * 7919 + 1)
    out = {}
    for viewer in [None, *range(match.players)]:
        view = match.view(viewer)
        moves = match.legal_moves(viewer) if viewer is not None else []
        svg = render(view, moves or None)
        assert render(view, moves or None) == svg, "not deterministic"
        root = check_standalone(svg)
        marked = check_highlight(root, moves)
        if targeted is not None and any(targeted(m) for m in moves):
            assert marked, f"{ruleset.id}: no highlighted target for {len(moves)} moves"
            covered = {int(i) for e in marked for i in e.get("data-moves").split()}
            missing = [moves[i] for i, m in enumerate(moves) if targeted(m) and i not in covered]
            assert not missing, f"{ruleset.id}: moves without a highlighted target: {missing[:3]}"
        out[viewer] = svg
        if viewer is None:
            continue
        plain = render(view, None)
        for _ in range(determinizations):
            other = ruleset.determinize(match.state, viewer, rng)
            assert render(ruleset.view(other, viewer), None) == plain, \
                f"{ruleset.id}: picture of seat {viewer} depends on hidden information"
            if moves:
                other_moves = ruleset.legal_moves(other, viewer)
                assert render(ruleset.view(other, viewer), other_moves) == svg, \
                    f"{ruleset.id}: highlighted picture of seat {viewer} depends on hidden information"
    return out
