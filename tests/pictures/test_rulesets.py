"""Every ruleset's picture along random playouts: standalone, deterministic, no leaks.

The served picture adds a banner and the public score sheet (as GET /score shows
anyone); that sheet must not depend on hidden information either.
"""

from __future__ import annotations

import pytest

from engine import Rng, registry
from engine.svg import frame, render_generic, renderer_for

from .checks import check_position, check_standalone, positions

REAL = [r for r in sorted(registry.rulesets()) if type(registry.get(r)).__module__.startswith("engine.games.")]


def player_counts(ruleset_id):
    ruleset = registry.get(ruleset_id)
    return sorted({ruleset.min_players, ruleset.max_players})


#: per ruleset: the move types whose targets the picture marks (clickable in /play);
#: ``EVERY`` for a ruleset whose every decision can be made on its picture
EVERY = None
TARGETED = {
    "carcassonne-hg": EVERY,
    "great-plains": EVERY,
    "targi": EVERY,
    "woodwalkers": EVERY,
}
OPTIONS = {"woodwalkers": [{}, {"variant": "night"}]}


def test_every_real_ruleset_has_its_own_renderer():
    missing = [r for r in REAL if renderer_for(registry.get(r)) is render_generic]
    assert not missing, f"no engine/games/<pkg>/svg.py for {missing}"


@pytest.mark.parametrize("ruleset_id", REAL)
def test_pictures_along_a_playout(ruleset_id):
    types = TARGETED.get(ruleset_id, set())
    targeted = (lambda m: True) if types is EVERY else (lambda m: m["type"] in types)
    for options in OPTIONS.get(ruleset_id, [{}]):
        for players in player_counts(ruleset_id):
            checked = 0
            for match in positions(ruleset_id, players, seed=3 + players, steps=500, every=11, options=options):
                check_position(match, targeted=targeted)
                checked += 1
            assert checked >= 2


@pytest.mark.parametrize("ruleset_id", REAL)
def test_public_score_sheet_does_not_depend_on_hidden_information(ruleset_id):
    ruleset = registry.get(ruleset_id)
    rng = Rng(99)
    for match in positions(ruleset_id, ruleset.min_players, seed=21, steps=120, every=15):
        sheet = match.score()
        for seat in range(match.players):
            other = ruleset.determinize(match.state, seat, rng)
            assert ruleset.score(other)["scores"] == sheet["scores"], \
                f"{ruleset_id}: the public score sheet reveals hidden information"


def test_generic_picture_and_frame_escape_text():
    nasty = {"name": "<script>alert('x')</script> & \"quotes\"", "ctrl": "a\x01b", "n": [1, 2.5, None]}
    svg = render_generic(nasty, [{"type": "go", "to": "<b>"}])
    root = check_standalone(svg)
    assert "<script>" not in svg and "alert" in "".join(root.itertext())
    framed = frame(svg, heading="h & <h>", banner="Your turn", banner_seat=0,
                   scores=[{"seat": 0, "name": "<Ada>", "total": 3}, {"seat": 1, "name": "Bo", "total": 1}])
    root = check_standalone(framed)
    text = " ".join(root.itertext())
    assert "<Ada>" in text and "h & <h>" in text
