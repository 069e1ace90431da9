"""The AI's estimate of each seat's final total (``Policy.evaluate``): the provisional score
sheet (§11.2) plus what is under way, worth less the fewer rounds are left to use it.

- Stock: goods and gold buy tribe cards (about 3 goods or 1 gold a VP; TA9 offers
  3 goods, 1 gold or 1 VP alike; a raid takes 2 goods or 1 VP).
- The hand card: half its printed VP (it still has to be paid for).
- Rows under way: part of the row bonus (§11.2, A12) a row of 2 or 3 cards that are all
  alike or all different still can earn.
"""

from __future__ import annotations

from .board import ROW_SIZE
from .flow import LAST_ROUND
from .scoring import score_sheet

GOOD_VP, GOLD_VP = 1 / 3, 1.0
#: share of a printed VP or a row bonus counted before it is earned
UNDER_WAY = 0.5
#: rounds left from which stock is worth its full price
FULL_VALUE_ROUNDS = 4


def rows_under_way(state, player) -> float:
    """The expected part of the row bonuses of the unfinished rows."""
    options, symbol = state.options, state.cards.symbol
    total = 0.0
    for row in player.display:
        if 2 <= len(row) < ROW_SIZE:
            symbols = len({symbol[c] for c in row})
            bonus = (options["row_bonus_same_vp"] if symbols == 1
                     else options["row_bonus_different_vp"] if symbols == len(row) else 0)
            total += UNDER_WAY * bonus * (len(row) - 1) / (ROW_SIZE - 1)
    return total


def evaluate(state) -> list[float]:
    weight = min(1.0, max(0, LAST_ROUND + 1 - state.round) / FULL_VALUE_ROUNDS)
    totals = []
    for entry, player in zip(score_sheet(state)["scores"], state.players):
        stock = GOOD_VP * sum(player.goods) + GOLD_VP * player.gold
        hand = UNDER_WAY * state.cards.vp[player.hand] if player.hand is not None else 0.0
        totals.append(entry["total"] + weight * (stock + hand + rows_under_way(state, player)))
    return totals
