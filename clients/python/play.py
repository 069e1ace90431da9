"""Plays one whole game through the Python client generated from openapi/openapi.json
(`make clients`: openapi-python-client into clients/python/generated/spielwerk_client, never
edited by hand). One human seat (this program) against AI seats; errors are branched on the
typed `Error.code` (an ErrorCode enum), answered for every status the spec declares.

    .venv/bin/python clients/python/play.py BASE_URL RULESET [PLAYERS]

Prints a JSON summary on stdout; exits non-zero when a check fails.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "generated"))

from spielwerk_client import AuthenticatedClient, Client  # noqa: E402
from spielwerk_client.api.games import (  # noqa: E402
    create_game, get_game, get_history, get_score, list_legal_moves, play_move)
from spielwerk_client.api.meta import list_rulesets  # noqa: E402
from spielwerk_client.api.pictures import get_board_svg  # noqa: E402
from spielwerk_client.models import (  # noqa: E402
    CarcassonneHgCreateGame, Error, ErrorCode, GameOutStatus, GreatPlainsCreateGame, HistoryOut, LegalMovesOut,
    MoveIn, MoveOut, PendingOut, ScoreOut, ScoreOutStatus, SeatIn, SeatInKind, SeatInLevel, TargiCreateGame,
    WoodwalkersCreateGame)

CREATE = {"carcassonne-hg": CarcassonneHgCreateGame, "great-plains": GreatPlainsCreateGame,
          "targi": TargiCreateGame, "woodwalkers": WoodwalkersCreateGame}


class CheckFailed(AssertionError):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise CheckFailed(f"check failed: {what}")


def play(base_url: str, ruleset: str, players: int | None = None) -> dict:
    # raise_on_unexpected_status: a status the spec does not declare raises instead of answering None
    api = Client(base_url=base_url, raise_on_unexpected_status=True, timeout=30)

    rulesets = list_rulesets.sync(client=api)
    check(isinstance(rulesets, list), "listRulesets answered a list")
    listed = next((r for r in rulesets if r.id == ruleset), None)
    check(listed is not None, f"ruleset {ruleset} is listed")
    players = players or listed.min_players
    check(listed.min_players <= players <= listed.max_players, f"{players} players fit {ruleset}")

    seats = [SeatIn(kind=SeatInKind.HUMAN, name="py-client")]
    seats += [SeatIn(kind=SeatInKind.AI, level=SeatInLevel.RANDOM) for _ in range(players - 1)]
    created = create_game.sync(client=api, body=CREATE[ruleset].from_dict(
        {"ruleset": ruleset, "seats": [s.to_dict() for s in seats]}))
    if isinstance(created, Error):
        raise CheckFailed(f"createGame: {created.code.value}: {created.message}")
    check(created is not None, "createGame answered")
    game_id = created.game_id
    me = next(s for s in created.seats if s.kind.value == "human")
    check(isinstance(me.token, str), "the human seat has a token")
    seat_no = me.seat
    seat = AuthenticatedClient(base_url=base_url, token=me.token, raise_on_unexpected_status=True, timeout=30)

    # a deliberate 404, read by its typed code
    missing = get_game.sync_detailed("no-such-game", client=seat)
    check(missing.status_code == 404 and isinstance(missing.parsed, Error), "an unknown game answers a typed 404")
    not_found = missing.parsed.code
    check(not_found is ErrorCode.NOT_FOUND, f"404 code {not_found}")

    seen: dict[str, int] = {}
    my_moves: list[dict] = []
    stale_checked = False
    polls = 0
    while True:
        game = get_game.sync(game_id, client=seat)
        if isinstance(game, Error) or game is None:
            raise CheckFailed(f"getGame: {game}")
        if game.status is GameOutStatus.FINISHED:
            break
        if seat_no not in game.to_move:
            polls += 1
            time.sleep(0.01)
            continue
        answer = list_legal_moves.sync_detailed(game_id, client=seat)
        legal = answer.parsed
        if not isinstance(legal, LegalMovesOut):
            raise CheckFailed(f"listLegalMoves: {legal}")
        if not legal.moves or legal.version != game.version:
            continue  # the game moved on meanwhile
        move = legal.moves[0]  # the typed move, posted back as listed
        listed_json = json.loads(answer.content)["moves"][0]
        check(move.to_dict() == listed_json, f"the typed move is the listed one: {move.to_dict()} != {listed_json}")
        version = legal.version

        if not stale_checked and version > 0:
            # a deliberate 409: the version before the current one
            stale = play_move.sync_detailed(game_id, client=seat, body=MoveIn(move=move, expected_version=version - 1))
            check(stale.status_code == 409 and isinstance(stale.parsed, Error), "a stale expected_version answers a typed 409")
            check(stale.parsed.code is ErrorCode.STALE_VERSION, f"409 code {stale.parsed.code}")
            seen["stale_version"] = seen.get("stale_version", 0) + 1
            stale_checked = True

        played = play_move.sync_detailed(game_id, client=seat, body=MoveIn(move=move, expected_version=version))
        result = played.parsed
        if isinstance(result, Error):
            seen[result.code.value] = seen.get(result.code.value, 0) + 1
            if result.code is ErrorCode.STALE_VERSION:  # someone moved first: reload and retry
                continue
            if result.code is ErrorCode.NOT_YOUR_TURN:  # an AI seat is to move: wait
                time.sleep(0.02)
                continue
            if result.code is ErrorCode.GAME_OVER:
                break
            raise CheckFailed(f"playMove {played.status_code}: {result.code.value}: {result.message}")
        check(isinstance(result, MoveOut) and result.version == version + 1, f"playMove made version {version + 1}")
        # as the history logs it: without the words (text) legal-moves adds to a move
        my_moves.append({"version": result.version, "move": {k: v for k, v in move.to_dict().items() if k != "text"}})

    final = get_game.sync(game_id, client=seat)
    check(not isinstance(final, Error) and final is not None and final.status is GameOutStatus.FINISHED,
          "the game finished")
    check(final.to_move == [], "nobody is to move once finished")

    # a move once the game is over: a typed 409 game_over (not None, not stale_version)
    last = MoveIn.from_dict({"move": my_moves[-1]["move"], "expected_version": final.version})
    after = play_move.sync_detailed(game_id, client=seat, body=last)
    check(after.status_code == 409 and isinstance(after.parsed, Error), f"a move after the end answers a typed 409 ({after.status_code})")
    check(after.parsed.code is ErrorCode.GAME_OVER, f"409 code {after.parsed.code}")

    # the score sheet: 202 (PendingOut) while it is being computed
    score = None
    for _ in range(600):
        sheet = get_score.sync(game_id, client=seat)
        if isinstance(sheet, ScoreOut):
            score = sheet
            break
        check(isinstance(sheet, PendingOut), f"getScore: {sheet}")
        time.sleep(0.05)
    check(score is not None and score.status is ScoreOutStatus.FINAL, "a final score sheet")

    # board.svg is image/svg+xml: the generated call answers the document as text
    board = get_board_svg.sync_detailed(game_id, client=seat)
    check(board.status_code == 200 and isinstance(board.parsed, str), f"board.svg answers text ({board.status_code})")
    check(board.headers["content-type"].startswith("image/svg+xml"), "board.svg is image/svg+xml")
    svg = board.parsed
    check("<svg" in svg and svg.rstrip().endswith("</svg>"), "board.svg is an SVG document")

    # the whole history, page by page
    entries = []
    since = None
    while True:
        page = get_history.sync(game_id, client=seat, limit=500, **({} if since is None else {"since": since}))
        check(isinstance(page, HistoryOut), f"getHistory: {page}")
        entries += page.entries
        history_version = page.version
        if not page.more or not page.entries:
            break
        since = page.entries[-1].version
    check([e.version for e in entries] == list(range(len(entries))), "history versions are 0..n without a gap")
    for mine in my_moves:
        entry = entries[mine["version"]]
        check(entry.seat == seat_no, f"history entry {mine['version']} is this seat's")
        check(entry.move.to_dict() == mine["move"], f"history entry {mine['version']} is the move played")

    return {
        "client": "python", "ruleset": ruleset, "players": players, "game_id": game_id, "seat": seat_no,
        "status": final.status.value, "version": final.version, "moves_played": len(my_moves),
        "my_moves": my_moves, "polls": polls, "errors_seen": seen,
        "checks": {"not_found": not_found.value, "stale_version": "stale_version" if stale_checked else None,
                   "game_over": after.parsed.code.value},
        "score": {"status": score.status.value, "winners": score.winners,
                  "totals": [[line.seat, line.total] for line in score.scores]},
        "svg_chars": len(svg), "history": {"entries": len(entries), "version": history_version},
    }


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print(__doc__, file=sys.stderr)
        return 2
    summary = play(argv[0], argv[1], int(argv[2]) if len(argv) == 3 else None)
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
