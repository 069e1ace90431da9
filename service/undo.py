"""Undo (game option ``"undo": "own_last_move"``) and the replay of a game's log.

The policy is Board Game Arena's: a seat may take back its last decision while no other seat
has acted since, and no chance step and no reveal of hidden information (the ruleset's
``reveals``) happened since that decision began. The undo is a new version whose state is
the one before the undone decision (its RNG too: no chance step drew from it since); its
entry carries ``undo.to_version``, so a replay of the seed and the log rebuilds every
version exactly (``replay_log``).
"""

from __future__ import annotations

from typing import Callable

from engine import Match, registry
from engine.i18n import N_
from engine.match import AUTO_MOVE, SERVER_CHANCE

from .clocks import TIMEOUT_EVENT
from .errors import UndoNotAllowed
from .game_options import UNDO_OWN_LAST_MOVE, of_record
from .games import AI_FALLBACK, Game, Games

UNDO_EVENT = "undo"
#: events that mark a decision the seat did not make itself (a fallback or timeout move)
NOT_OWN = {AI_FALLBACK, TIMEOUT_EVENT}


def refusal(game: Game, seat: int, entry: dict | None) -> tuple[str, str] | None:
    """Why ``seat`` may not undo ``entry`` (the game's last log entry): its reason and a msgid; or None."""
    if of_record(game.record)["undo"] != UNDO_OWN_LAST_MOVE:
        return "undo_off", N_("this game was created with undo off")
    if entry is None or "move" not in entry or any(e.get("type") in NOT_OWN for e in entry["events"]):
        return "nothing_to_undo", N_("the last version is no decision of a seat")
    if entry["seat"] != seat:
        return "not_your_decision", N_("another seat made the last decision")
    rules = game.match.ruleset
    if any(rules.reveals(event) for event in entry["events"]):
        return "reveal", N_("hidden information was revealed since that decision began")
    if any("chance" in step for step in entry["steps"]):
        return "chance", N_("a chance step followed that decision")
    if any(e.get("type") == AUTO_MOVE and e["seat"] != seat for e in entry["events"]):
        return "not_your_decision", N_("another seat acted since")
    return None


def undo(games: Games, game: Game, seat: int, expected_version: int) -> dict:
    """Take back ``seat``'s last decision: a new version with the state before it."""
    game.require_version(expected_version)
    game.require_playing()
    entry = games.store.log(game.game_id, game.version - 1, 1)[0] if game.version else None
    refused = refusal(game, seat, entry)
    if refused:
        raise UndoNotAllowed(*refused)
    current = game.version
    before = replay_log(game.record, games.store.log(game.game_id, 0, current - 1) if current > 1 else [])
    before.version = current + 1
    game.match = before
    undone = {"version": before.version, "events": [{"type": UNDO_EVENT, "seat": seat, "undone_version": current}],
              "steps": [], "undo": {"seat": seat, "to_version": current - 1}}
    games.commit(game, current, undone)
    return undone


def replay_log(record: dict, log: list[dict], each: Callable[[Match], None] | None = None) -> Match:
    """The match rebuilt from the record's seed and options and ``log`` (entry i is version
    i + 1): moves are played again, the table's chance outcomes dealt again (companion mode),
    an undo goes back to the state of its ``to_version``, any other entry only counts a
    version. ``each(match)`` sees every version, the opening first."""
    data = record["match"]
    ruleset = registry.get(record["ruleset"])
    match = Match.create(ruleset, data["players"], data["options"], data["seed"],
                         chance=data.get("chance", SERVER_CHANCE))
    needed = {entry["undo"]["to_version"] for entry in log if "undo" in entry}
    kept = {0: match.to_json()} if 0 in needed else {}   # the states undos go back to
    if each:
        each(match)
    for entry in log:
        if "move" in entry:
            match.play(entry["seat"], entry["move"])
        elif "chance" in entry:
            match.deal(entry["chance"])
        elif "undo" in entry:
            match = Match.from_json(kept.pop(entry["undo"]["to_version"]), ruleset)
            match.version = entry["version"]
        else:
            match.version += 1
        if match.version in needed:
            kept[match.version] = match.to_json()
        if each:
            each(match)
    return match
