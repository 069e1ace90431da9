"""A game's status and result as the service sees them, over the ruleset's.

The ruleset knows ``active`` and ``finished``; the service adds ``waiting`` (a seat is still
open to an invite) and ends a game itself: ``finished`` when a seat resigns or forfeits in a
two-seat game (the other wins), ``aborted`` (no winner). A seat that forfeits in a game of
more seats is played on by an AI and ranks last: it is never among the winners.
"""

from __future__ import annotations

WAITING, ACTIVE, FINISHED, ABORTED = "waiting", "active", "finished", "aborted"
#: every status a game has
STATUSES = [WAITING, ACTIVE, FINISHED, ABORTED]
#: the statuses of a game that is over (no move is taken; a final sheet is owed)
ENDED = (FINISHED, ABORTED)
#: a seat waiting for an invited player
OPEN = "open"


def status_of(record: dict, match) -> str:
    """The game's status: its end as the service decided it, else ``waiting`` while a seat is
    open, else the ruleset's."""
    if record.get("ended"):
        return record["ended"]
    if any(seat["kind"] == OPEN for seat in record["seats"]):
        return WAITING
    return match.status


def forfeited_seats(record: dict) -> list[int]:
    return [seat["seat"] for seat in record["seats"] if seat.get("forfeited")]


def _strength(line: dict) -> tuple:
    return (line["total"], *(line.get("tiebreak") or {}).values())


def final_sheet(record: dict, match) -> dict:
    """The ruleset's score sheet with the service's outcome: no winner once aborted; the seats
    that forfeited never among the winners (listed in ``forfeited``; the best of the others win)."""
    sheet = match.score()
    forfeited = forfeited_seats(record)
    if record.get("ended") == ABORTED:
        return {**sheet, "winners": [], "aborted": True, **({"forfeited": forfeited} if forfeited else {})}
    if not forfeited:
        return sheet
    staying = [line for line in sheet["scores"] if line["seat"] not in forfeited]
    winners = [seat for seat in sheet["winners"] if seat not in forfeited]
    if not winners and staying:
        best = max(map(_strength, staying))
        winners = [line["seat"] for line in staying if _strength(line) == best]
    return {**sheet, "winners": winners, "forfeited": forfeited}
