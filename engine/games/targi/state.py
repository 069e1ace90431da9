"""The game state: ``__slots__`` objects with a fast copy and the stored JSON form.

Goods are indexed 0 = dates, 1 = salt, 2 = pepper. ``stack`` holds decision frames
(``{"dp": <decision point>, "seat": s, ...}``) and automatic tasks (``{"t": <task>, ...}``),
top = last; frames are replaced, never changed in place, so copies share them, and so do
the named tuples of the board. The stored JSON keeps the keys of the first version
(a player's ``we9`` is :attr:`Player.stored_gold`, see :data:`PLAYER_KEYS`).
"""

from __future__ import annotations

import json
from typing import NamedTuple

from .board import INITIAL_KIND
from .components import CardSet, card_set

#: a player at the start (§6): 2 of each good, 1 gold, 4 VP (as stored JSON)
START_PLAYER = {"goods": [2, 2, 2], "gold": 1, "vp": 4, "display": [[], [], []], "hand": None, "hand_known": False,
                "we9": 0, "got": [False] * 3, "bonus": [], "we8": 0, "border_used": 0, "te9": 0, "oa6_next": False}


class Figure(NamedTuple):
    """A Targi on a border card."""
    seat: int
    card: int
    used: bool


class Marker(NamedTuple):
    """A tribe marker on the central space (row, col)."""
    seat: int
    row: int
    col: int
    used: bool


class Space(NamedTuple):
    """A central space: the kind of card it takes, the card (None until revealed), and its
    status: "up", "down" (laid face down, identity not drawn yet) or "empty"."""
    kind: str
    card: str | None
    status: str


class Draw(NamedTuple):
    """A pending chance step: the start player (``reason`` "start"), or a card of the
    ``kind`` deck for "reveal" (on central ``space``, an index), "caravan" or
    "tribal_expansion" (by ``seat``)."""
    reason: str
    kind: str | None = None
    seat: int | None = None
    space: int | None = None

    def to_json(self) -> dict:
        return {"why": self.reason, "kind": self.kind, "seat": self.seat, "space": self.space}


#: Player attribute -> its key in the stored JSON
PLAYER_KEYS = {
    "goods": "goods", "gold": "gold", "vp": "vp", "display": "display", "hand": "hand",
    "hand_known": "hand_known",            # the hand card was face up when taken
    "stored_gold": "we9",                  # WE9's gold lying on the card
    "received": "got",                     # good types received from a goods card this round (P4)
    "bonus_given": "bonus",                # cards that gave their bonus good this round (OA7, CR8, TA8)
    "hand_card_plays": "we8",              # hand cards played through WE8 this round (A9)
    "border_actions": "border_used",       # border cards used this round (TE9 "use_two", P10)
    "limited_round": "te9",                # the round an opponent's TE9 limits this player (0: none)
    "immune_next_raid": "oa6_next",        # OA6 protects at the next raid (oa6_scope "next_raid", P2)
}


class Player:
    """One player's stock, display and hand, and what this round has used up."""
    __slots__ = tuple(PLAYER_KEYS)

    def card_count(self) -> int:
        """The number of cards in the display."""
        display = self.display
        return len(display[0]) + len(display[1]) + len(display[2])

    def copy(self) -> Player:
        new = Player.__new__(Player)
        new.goods, new.gold, new.vp = self.goods[:], self.gold, self.vp
        new.display = [self.display[0][:], self.display[1][:], self.display[2][:]]
        new.hand, new.hand_known, new.stored_gold = self.hand, self.hand_known, self.stored_gold
        new.received, new.bonus_given = self.received[:], self.bonus_given[:]
        new.hand_card_plays, new.border_actions = self.hand_card_plays, self.border_actions
        new.limited_round, new.immune_next_raid = self.limited_round, self.immune_next_raid
        return new

    def to_json(self) -> dict:
        return {key: getattr(self, name) for name, key in PLAYER_KEYS.items()}

    @classmethod
    def from_json(cls, data: dict) -> Player:
        """The player of :meth:`to_json` output (sharing its lists)."""
        player = cls.__new__(cls)
        for name, key in PLAYER_KEYS.items():
            setattr(player, name, data[key])
        return player


class State:
    """The whole game state; the stored JSON keys are those of :meth:`to_json`."""
    __slots__ = ("options", "cards", "round", "start_player", "first_player", "robber", "targi", "markers",
                 "central", "deck_sizes", "pool", "discards", "players", "stack", "chance", "over",
                 "raid_credit", "laid_early")
    options: dict             # the validated options
    cards: CardSet            # their card tables (shared)
    round: int                # 1..12 (0 before the first round)
    start_player: int
    first_player: int | None  # the start player of round 1
    robber: int               # the robber's border card (0 before round 1)
    targi: list[Figure]       # sorted by card once all are placed
    markers: list[Marker]     # sorted
    central: list[Space]      # row-major
    deck_sizes: dict          # kind -> cards left in that deck
    pool: dict                # kind -> {card id: copies} whose identity is not fixed yet (deck + face-down cards, §14)
    laid_early: list          # face-down cards laid before their deck was reshuffled (A7): groups
    #                           {"kind", "spaces": [central indexes], "pool": {card id: copies}}, the old deck's
    #                           remaining cards, which those cards' identities come from (not in ``pool``)
    discards: dict            # kind -> discard pile
    players: list[Player]
    stack: list[dict]         # decision frames and tasks, top = last
    chance: Draw | None
    over: bool
    raid_credit: list         # VP each seat gains once the raid is over (raid_shortfall "bga")

    def decision(self) -> dict | None:
        """The decision frame on top of the stack, or None at a chance step, a task or the end."""
        if self.over or self.chance is not None or not self.stack:
            return None
        top = self.stack[-1]
        return top if "dp" in top else None

    # -- decks (§14: cards are drawn one at a time, lazily) ----------------------------
    def can_draw(self, kind: str) -> bool:
        return self.deck_sizes[kind] > 0 or (self.options["deck_exhaustion"] == "reshuffle"
                                             and bool(self.discards[kind]))

    def take_from_deck(self, kind: str, events: list) -> bool:
        """Lower the deck count by one (reshuffling the discards in first if needed, A7). The
        face-down cards laid from the old deck keep its remaining cards as theirs (``laid_early``):
        a reshuffled discard can never turn up under one of them."""
        if self.deck_sizes[kind] == 0:
            if not self.can_draw(kind):
                return False
            events.append({"type": "reshuffle", "deck": kind, "cards": len(self.discards[kind])})
            early = {i for group in self.laid_early for i in group["spaces"]}
            laid = [i for i, space in enumerate(self.central)
                    if space.kind == kind and space.status == "down" and i not in early]
            if laid:
                self.laid_early.append({"kind": kind, "spaces": laid, "pool": self.pool[kind]})
                self.pool[kind] = {}
            pool = self.pool[kind]
            for card in self.discards[kind]:
                pool[card] = pool.get(card, 0) + 1
            self.deck_sizes[kind] += len(self.discards[kind])
            self.discards[kind] = []
        self.deck_sizes[kind] -= 1
        return True

    def early_group(self, space: int | None) -> dict | None:
        """The ``laid_early`` group of the face-down card on central ``space``, if it has one."""
        return next((group for group in self.laid_early if space in group["spaces"]), None)

    def pool_of(self, kind: str, space: int | None = None) -> dict:
        """The identities a card of ``kind`` drawn now (revealed on ``space``) may have."""
        group = self.early_group(space)
        return self.pool[kind] if group is None else group["pool"]

    def remove_from_pool(self, kind: str, card: str, space: int | None = None) -> None:
        """``card``'s identity is fixed (drawn; revealed on ``space``)."""
        group = self.early_group(space)
        if group is not None:
            pool = group["pool"] = dict(group["pool"])    # copies share the groups' dicts
            group["spaces"] = [i for i in group["spaces"] if i != space]
            if not group["spaces"]:
                self.laid_early = [other for other in self.laid_early if other is not group]
        else:
            pool = self.pool[kind]
        if pool[card] == 1:
            del pool[card]
        else:
            pool[card] -= 1

    # -- copies and JSON -----------------------------------------------------------
    def copy(self) -> State:
        new = State.__new__(State)
        new.options, new.cards, new.round, new.over = self.options, self.cards, self.round, self.over
        new.start_player, new.first_player, new.robber = self.start_player, self.first_player, self.robber
        new.targi, new.markers, new.central = self.targi[:], self.markers[:], self.central[:]
        new.deck_sizes = self.deck_sizes.copy()
        new.pool = {"goods": self.pool["goods"].copy(), "tribe": self.pool["tribe"].copy()}
        new.discards = {"goods": self.discards["goods"][:], "tribe": self.discards["tribe"][:]}
        new.players = [self.players[0].copy(), self.players[1].copy()]
        new.stack, new.chance, new.raid_credit = self.stack[:], self.chance, self.raid_credit[:]
        new.laid_early = [dict(group) for group in self.laid_early]
        return new

    def to_json(self) -> dict:
        return json.loads(json.dumps({
            "round": self.round, "start": self.start_player, "first": self.first_player, "robber": self.robber,
            "targi": self.targi, "markers": self.markers, "central": self.central, "deck": self.deck_sizes,
            "pool": self.pool, "discard": self.discards, "players": [p.to_json() for p in self.players],
            "stack": self.stack, "chance": None if self.chance is None else self.chance.to_json(),
            "over": self.over, "credit": self.raid_credit, "options": self.options, "early": self.laid_early,
        }))

    @classmethod
    def from_json(cls, data: dict) -> State:
        data = json.loads(json.dumps(data))
        state = cls.__new__(cls)
        state.options = data["options"]
        state.cards = card_set(state.options["cards"])
        state.round, state.start_player, state.first_player = data["round"], data["start"], data["first"]
        state.robber, state.over, state.raid_credit = data["robber"], data["over"], data["credit"]
        state.targi = [Figure(*figure) for figure in data["targi"]]
        state.markers = [Marker(*marker) for marker in data["markers"]]
        state.central = [Space(*space) for space in data["central"]]
        state.deck_sizes, state.pool, state.discards = data["deck"], data["pool"], data["discard"]
        state.players = [Player.from_json(player) for player in data["players"]]
        state.stack = data["stack"]
        state.laid_early = data.get("early", [])   # games stored before A7's fix have none
        chance = data["chance"]
        state.chance = None if chance is None else Draw(chance["why"], chance["kind"], chance["seat"],
                                                        chance["space"])
        return state


def new_state(options: dict) -> State:
    """§6: empty central area and full decks; the deal and the start player are chance steps."""
    state = State.__new__(State)
    state.options, state.cards = options, card_set(options["cards"])
    state.round, state.start_player, state.first_player, state.robber = 0, 0, None, 0
    state.targi, state.markers = [], []
    state.central = [Space(kind, None, "empty") for kind in INITIAL_KIND]
    state.deck_sizes = {"goods": sum(state.cards.copies.values()), "tribe": len(state.cards.tribe_ids)}
    state.pool = {"goods": dict(state.cards.copies), "tribe": {c: 1 for c in state.cards.tribe_ids}}
    state.discards = {"goods": [], "tribe": []}
    state.players = [Player.from_json(START_PLAYER).copy(), Player.from_json(START_PLAYER).copy()]
    state.stack = [{"t": "round"}, {"t": "start_player"}, {"t": "reveal"}]
    state.chance, state.over, state.raid_credit, state.laid_early = None, False, [0, 0], []
    return state
