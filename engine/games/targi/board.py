"""The fixed board: 16 border cards around the 3x3 central area, raids, the robber's path
(§2, §3), and the shape of a player's display (3 rows of 4 cards, §9.3)."""

#: border card number -> (action, good index of a ``take_good`` card, else None)
BORDER = {
    1: ("noble", None), 2: ("take_good", 0), 3: ("take_good", 1), 5: ("merchant", None),
    6: ("take_good", 2), 7: ("take_good", 0), 9: ("fata_morgana", None),
    10: ("silversmith", None), 11: ("take_good", 2), 13: ("caravan", None),
    14: ("tribal_expansion", None), 15: ("take_good", 1),
}
CORNERS = (4, 8, 12, 16)
PLACEABLE = tuple(sorted(BORDER))
#: border card -> ("row" | "col", central index 1..3)
AXIS = {1: ("col", 1), 2: ("col", 2), 3: ("col", 3), 11: ("col", 1), 10: ("col", 2), 9: ("col", 3),
        15: ("row", 1), 14: ("row", 2), 13: ("row", 3), 5: ("row", 1), 6: ("row", 2), 7: ("row", 3)}


def opposite(card: int) -> int | None:
    """The card at the other end of the same row or column (none for corners)."""
    if card in (1, 2, 3, 9, 10, 11):
        return 12 - card
    if card in (5, 6, 7, 13, 14, 15):
        return 20 - card
    return None


OPPOSITE = {n: opposite(n) for n in PLACEABLE}

#: corner -> (raid number, goods demanded (raids 1-3) or gold demanded (raid 4), VP demanded)
RAIDS = {4: (1, 1, 1), 8: (2, 2, 1), 12: (3, 3, 2), 16: (4, 1, 3)}

#: central spaces in row-major order, index = (r - 1) * 3 + (c - 1)
SPACES = tuple((r, c) for r in (1, 2, 3) for c in (1, 2, 3))
INITIAL_KIND = tuple("goods" if (r + c) % 2 == 0 else "tribe" for r, c in SPACES)
OTHER_KIND = {"goods": "tribe", "tribe": "goods"}

#: a player's display: 3 rows of 4 cards
ROW_SIZE = 4
DISPLAY_SIZE = 3 * ROW_SIZE


def space_index(r: int, c: int) -> int:
    return (r - 1) * 3 + (c - 1)


def blocked_card(round_no: int) -> int:
    """The robber's card in round 1..12 (§7.1)."""
    return round_no + (round_no - 1) // 3


def intersections(cards) -> list[tuple[int, int]]:
    """Central spaces selected by one Targi's row and another Targi's column (§2.2)."""
    rows = sorted({AXIS[n][1] for n in cards if AXIS[n][0] == "row"})
    cols = sorted({AXIS[n][1] for n in cards if AXIS[n][0] == "col"})
    return [(r, c) for r in rows for c in cols]
