"""The answers written as built (``service.api.blueprint.as_built``: the game, legal moves, a move,
the history) are what their response schema's dump would make of them: no key the schema does
not declare, nothing it would convert. Real games of every ruleset, every seat's view."""

from __future__ import annotations

import pytest

from engine import registry
from service.api import schemas

from .helpers import bearer, create, tokens

MOVES = 6


@pytest.mark.parametrize("ruleset", registry.rulesets())
def test_answers_written_as_built_are_their_schemas_dumps(client, ruleset):
    created = create(client, ruleset=ruleset, seed=11)
    game_id, seats = created["game_id"], tokens(created)
    checked = 0
    for _ in range(MOVES):
        for seat, token in seats.items():
            for path, schema in (("", schemas.GameOut), ("/legal-moves", schemas.LegalMovesOut),
                                 ("/history", schemas.HistoryOut)):
                answer = client.get(f"/v1/games/{game_id}{path}", headers=bearer(token))
                assert answer.status_code == 200, answer.json
                assert schema().dump(answer.json) == answer.json, (ruleset, path, seat)
                checked += 1
        view = client.get(f"/v1/games/{game_id}").json
        if view["status"] != "active":
            break
        seat = view["to_move"][0]
        listed = client.get(f"/v1/games/{game_id}/legal-moves", headers=bearer(seats[seat])).json
        moved = client.post(f"/v1/games/{game_id}/moves", headers=bearer(seats[seat]),
                            json={"move": listed["moves"][0], "expected_version": listed["version"]})
        assert moved.status_code == 200, moved.json
        assert schemas.MoveOut().dump(moved.json) == moved.json
    assert checked >= 3 * len(seats)
