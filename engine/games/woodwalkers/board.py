"""Seats on the board, animal handles and movement (spec §7).

Animals are numbered ``seat * animals_per_player + k`` where ``k`` is the index of the
start field the animal began on (row-major), so the public handle ``s<board seat>f<k+1>``
derives from public facts only. Fields are numbered row-major; movement works on bit
masks over fields (bit f = field f).
"""

from __future__ import annotations

from engine.cache import BoundedCache
from engine.i18n import N_, Text

from .components import Config

#: the board seats of the API seats when the ``seats`` option is null, per player count
DEFAULT_SEATS = {2: [1, 3], 3: [1, 2, 3], 4: [1, 2, 3, 4]}


def board_seats(options: dict, players: int) -> list[int]:
    """The board seat (1 bottom, 2 left, 3 top, 4 right) of each API seat."""
    return list(options["seats"]) if options["seats"] is not None else DEFAULT_SEATS[players]


class Seating:
    """Per player count: board seats, clockwise order, start fields, animal handles."""

    __slots__ = ("board_seats", "clockwise", "animals_per_player", "animal_count", "start_fields", "home",
                 "handles", "animal_by_handle", "no_stop_mask")

    def __init__(self, config: Config, players: int):
        self.animals_per_player = per_player = config.options["animals_per_player"]
        self.board_seats = tuple(board_seats(config.options, players))
        #: API seats clockwise (board seat order 1 -> 2 -> 3 -> 4)
        self.clockwise = tuple(sorted(range(players), key=lambda seat: self.board_seats[seat]))
        #: per API seat: its start fields, row-major
        self.start_fields = tuple(config.start_fields_by_board_seat[board_seat] for board_seat in self.board_seats)
        self.animal_count = players * per_player
        #: per animal: the start field it began on
        self.home = tuple(self.start_fields[a // per_player][a % per_player] for a in range(self.animal_count))
        self.handles = tuple(f"s{self.board_seats[a // per_player]}f{a % per_player + 1}"
                             for a in range(self.animal_count))
        self.animal_by_handle = {handle: a for a, handle in enumerate(self.handles)}
        starter = [-1] * (config.rows * config.cols)
        for seat, fields in enumerate(self.start_fields):
            for field in fields:
                starter[field] = seat
        #: per API seat: bit mask of the other used seats' start fields (§7)
        self.no_stop_mask = tuple(sum(1 << field for field, other in enumerate(starter) if other >= 0 and other != seat)
                                  for seat in range(players))

    def owner(self, animal: int) -> int:
        return animal // self.animals_per_player

    def animals(self, seat: int) -> range:
        return range(seat * self.animals_per_player, (seat + 1) * self.animals_per_player)

    def of_seat(self, per_animal: list, seat: int) -> list:
        """The seat's part of a per-animal list."""
        return per_animal[seat * self.animals_per_player:(seat + 1) * self.animals_per_player]


_CONTEXTS = BoundedCache()


def _compiled(options: dict, players: int) -> tuple[Config, Seating]:
    config = Config(options)
    return config, Seating(config, players)


def context(key: str, options: dict, players: int) -> tuple[Config, Seating]:
    """The compiled component data and seating for valid options (content hash ``key``),
    cached in a cache bounded in bytes."""
    return _CONTEXTS.get((key, players), lambda: _compiled(options, players))


def free_start_fields(state, seat: int) -> list[int]:
    """The seat's empty start fields."""
    occupant = state.occupant
    return [field for field in state.seating.start_fields[seat] if occupant[field] < 0]


def movement_masks(state, seat: int) -> tuple[int, int]:
    """Bit masks over fields for the seat's movement: (may end there, may pass through)."""
    config, seating = state.config, state.seating
    occupied = own = 0
    first, end = seat * seating.animals_per_player, (seat + 1) * seating.animals_per_player
    for a, field in enumerate(state.positions):
        if field >= 0:
            occupied |= 1 << field
            if first <= a < end:
                own |= 1 << field
    free = config.all_fields & ~occupied
    endable = (free | (occupied & ~own)) & ~seating.no_stop_mask[seat]
    if config.options["forest_blocks_movement"]:
        forest = state.forest
        free &= ~sum(1 << field for k, field in enumerate(config.forest) if forest[k] >= 0)
    return endable, free


def destinations(config: Config, origin: int, die: int, masks: tuple[int, int]) -> list[int]:
    """Fields an animal on ``origin`` may end on with ``die`` steps, ascending.

    Breadth-first over animal-free fields, one bit-parallel step per pip: the
    shortest such path decides (§7); ends are empty fields or opponents' animals.
    """
    endable, passable = masks
    cols, board = config.cols, config.all_fields
    not_first, not_last = config.not_first_col, config.not_last_col
    seen = frontier = 1 << origin
    found = 0
    for _ in range(die):
        reached = (((frontier << 1) & not_first) | ((frontier >> 1) & not_last)
                   | (frontier << cols) | (frontier >> cols)) & board & ~seen
        seen |= reached
        found |= reached & endable
        frontier = reached & passable
        if not frontier:
            break
    fields = []
    while found:
        bit = found & -found
        fields.append(bit.bit_length() - 1)
        found ^= bit
    return fields


def path_problem(state, animal: int, target: int, path: list, die: int) -> Text | None:
    """Why an explicit path to a legal ``target`` is invalid (None: it is valid)."""
    config = state.config
    if not 1 <= len(path) <= die:
        return Text(N_("movement: a path has 1 to {die} fields"), die=die)
    fields = [field_index(config, entry) for entry in path]
    if None in fields:
        return Text(N_("movement: each path entry is a field [row, col] on the board"))
    if fields[-1] != target:
        return Text(N_("movement: the path must end on the target field"))
    here = state.positions[animal]
    visited = {here}
    blocking = config.options["forest_blocks_movement"]
    for step, field in enumerate(fields):
        if field not in config.neighbours[here] or field in visited:
            return Text(N_("movement: a path is a simple orthogonal path (no diagonals, no revisits)"))
        if step < len(fields) - 1:
            if state.occupant[field] >= 0:
                return Text(N_("movement: an animal may not pass a field holding another animal"))
            k = config.forest_index.get(field)
            if blocking and k is not None and state.forest[k] >= 0:
                return Text(N_("movement: forest tiles block movement (forest_blocks_movement)"))
        visited.add(field)
        here = field
    return None


def field_index(config: Config, value: list[int]) -> int | None:
    """The field index of ``[row, col]`` (ints, as the move schemas admit them), or None
    when it is not a field of the board."""
    if len(value) != 2:
        return None
    row, col = value
    if 0 <= row < config.rows and 0 <= col < config.cols:
        return row * config.cols + col
    return None
