"""Scoring (§11.2) with the end-game abilities (§12) and tie-breaks (§11.3); also
provisional, mid-game."""

from .board import ROW_SIZE

#: TA5: up to 2 rows of 4 different symbols score this instead of row_bonus_different_vp
TA5_ROW_VP = 4
TA5_ROWS = 2


def row_bonuses(state, player) -> int:
    """4 identical symbols: same VP; 4 distinct: different VP (TA5: up to 2 such rows score 4)."""
    cards, options = state.cards, state.options
    upgrades = TA5_ROWS if cards.in_display(player.display, "diff_row_bonus_4_for_2_rows") else 0
    total = 0
    for row in player.display:
        if len(row) != ROW_SIZE:
            continue
        symbols = {cards.symbol[c] for c in row}
        if len(symbols) == 1:
            total += options["row_bonus_same_vp"]
        elif len(symbols) == 4:
            if upgrades:
                upgrades -= 1
                total += TA5_ROW_VP
            else:
                total += options["row_bonus_different_vp"]
    return total


# -- end-game abilities: (cards, argument, own player, other player, the card) -> VP ------
def vp_per_two_symbols(cards, symbol, own, other, card):
    return [cards.symbol[c] for row in own.display for c in row].count(symbol) // 2


def vp_if_more_cards(cards, vp, own, other, card):
    return vp if own.card_count() > other.card_count() else 0


def vp_if_rightmost_of_full_row(cards, vp, own, other, card):
    return vp if any(len(row) == ROW_SIZE and row[-1] == card for row in own.display) else 0


def vp_if_display_at_least(cards, count, own, other, card):
    return 1 if own.card_count() >= count else 0


#: effect key -> its VP at the end
END_SCORES = {
    "vp_per_2": vp_per_two_symbols,
    "vp_if_more_cards_than_opponent": vp_if_more_cards,
    "vp_if_rightmost_of_full_row": vp_if_rightmost_of_full_row,
    "vp_if_display_at_least": vp_if_display_at_least,
}


def end_abilities(state, player, other) -> int:
    cards = state.cards
    total = 0
    for row in player.display:
        for card in row:
            effect = cards.effect[card]
            if effect is not None and effect[0] in END_SCORES:
                total += END_SCORES[effect[0]](cards, effect[1], player, other, card)
    return total


def breakdown(state, player, other) -> dict:
    return {
        "vp_tokens": player.vp,
        "printed_vp": sum(state.cards.vp[c] for row in player.display for c in row),
        "row_bonuses": row_bonuses(state, player),
        "abilities": end_abilities(state, player, other),
    }


def score_sheet(state) -> dict:
    players = state.players
    scores = []
    for seat, player in enumerate(players):
        parts = breakdown(state, player, players[1 - seat])
        scores.append({"seat": seat, "total": sum(parts.values()), "breakdown": parts,
                       "tiebreak": {"gold": player.gold, "goods": sum(player.goods)}})
    key = [(s["total"], s["tiebreak"]["gold"], s["tiebreak"]["goods"]) for s in scores]
    best = max(key)
    return {"scores": scores, "winners": [seat for seat in (0, 1) if key[seat] == best]}
