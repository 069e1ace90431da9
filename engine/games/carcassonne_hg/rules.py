"""The turn (spec §2): draw, place the tile, place a piece, score, return, gold, end.

A turn is a chance step (the land tile), a ``place_tile`` move and a piece move; a
forest with gold completed by the land tile adds a bonus draw, tile and piece move.
"""

from __future__ import annotations

from itertools import compress

from engine import Chance, IllegalMove, InvalidOptions, Problem, Problems, Ruleset
from engine.ai.policies import Policy

from . import svg
from . import scoring
from .board import HUT, MEMBER
from .options import MOVE_SCHEMAS, HgOptions
from .state import BONUS_DRAW, CATEGORIES, DRAW, OVER, PIECE, PIECE_CODES, PIECE_NAMES, ROLES, START, TILE, State
from .state import from_json as state_from_json
from .state import to_json as state_to_json
from .tileset import FOREST, LAKE, MEADOW, RIVER, ZONE_NAMES, validate
from .view import view as build_view

#: the pieces that may ever stand on a zone type (the rest is rejected by _piece_problem)
PIECES_FOR = {FOREST: (MEMBER,), MEADOW: (MEMBER,), RIVER: (MEMBER, HUT), LAKE: (MEMBER, HUT)}
FEATURE_RULE = {FOREST: "forest", RIVER: "river", MEADOW: "meadow", LAKE: "lake"}


def seats_text(seats: list[int]) -> str:
    if not seats:
        return "nobody"
    names = [f"seat {s}" for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class HuntersAndGatherers(Ruleset):
    id = "carcassonne-hg"
    name = "Carcassonne – Die Jäger und Sammler"
    min_players = 2
    max_players = 5
    rules_version = "1"
    options_schema = HgOptions
    move_schemas = MOVE_SCHEMAS
    ai_policy = Policy(scale=15.0)
    renderer = staticmethod(svg.render)

    # -- options and setup -----------------------------------------------------
    def check_options(self, options):
        problems = Problems()
        custom = options.get("customTileSet")
        if custom is not None:
            problems.extend(validate(custom)[0], "customTileSet")
        return problems

    def setup(self, num_players, options):
        start = options["startPlayer"]
        if start != "random" and start >= num_players:
            raise InvalidOptions(Problems([Problem("startPlayer", "option_conflict",
                                                   f"no seat {start} in a {num_players}-player game")]))
        state = State(num_players, options)
        state.board.place(state.ts.start, 0, 0, options["startRotation"])
        if start != "random":
            state.turn, state.phase = start, DRAW
        if state.land_n == 0:
            state.phase = OVER
        return state

    # -- chance ------------------------------------------------------------------
    def chance(self, state):
        phase = state.phase
        if phase == DRAW:
            pile, label = state.land, "land_tile"
        elif phase == BONUS_DRAW:
            pile, label = state.bonus_pile, "bonus_tile"
        elif phase == START:
            return Chance.uniform(range(state.players), "start_player")
        else:
            return None
        return Chance(list(compress(state.ts.ids, pile)), list(filter(None, pile)), label)

    def apply_chance(self, state, outcome):
        if state.phase == START:
            if type(outcome) is not int or outcome not in range(state.players):
                raise IllegalMove(f"no seat {outcome!r}")
            state.turn, state.phase = outcome, DRAW
            return [{"type": "start_player", "seat": outcome, "text": f"seat {outcome} starts"}]
        bonus = state.phase == BONUS_DRAW
        pile = state.bonus_pile if bonus else state.land
        kind = state.ts.by_id.get(outcome) if isinstance(outcome, str) else None
        if state.phase not in (DRAW, BONUS_DRAW) or kind is None or not pile[kind.index]:
            raise IllegalMove(f"{outcome!r} is not a tile left in the pile")
        pile[kind.index] -= 1
        which = "bonus" if bonus else "land"
        if bonus:
            state.bonus_n -= 1
        else:
            state.land_n -= 1
        if state.board.placeable(kind):
            state.drawn, state.bonus, state.phase = kind, bonus, TILE
            return [{"type": "tile_drawn", "seat": state.turn, "tile": kind.id, "pile": which,
                     "text": f"seat {state.turn} draws {which} tile {kind.id}"}]
        state.removed.append(kind.id)
        events = [{"type": "tile_removed", "seat": state.turn, "tile": kind.id, "pile": which,
                   "text": f"{which} tile {kind.id} fits nowhere and is removed from the game"}]
        if bonus:
            if state.options["unplaceableBonus"] == "forfeit":
                state.bonus_due -= 1
                events.append({"type": "bonus_lost", "seat": state.turn,
                               "text": "the unplaceable bonus tile forfeits the bonus"})
            self._continue_bonus(state, events)
        elif not state.land_n:
            self._end_turn(state, events)
        return events

    # -- moves -------------------------------------------------------------------
    def to_move(self, state):
        return [state.turn] if state.phase in (TILE, PIECE) else []

    def legal_moves(self, state, seat):
        if seat != state.turn:
            return []
        if state.phase == TILE:
            table = state.drawn.fits
            return [{"type": "place_tile", "x": x, "y": y, "rotation": r * 90}
                    for (x, y), pattern in sorted(state.board.frontier.items()) for r in table[pattern]]
        if state.phase == PIECE:
            moves = []
            for zone in state.drawn.zones:
                for piece in PIECES_FOR[zone.type]:
                    if self._piece_problem(state, zone, piece) is None:
                        moves.append({"type": "place_piece", "zone": zone.zid, "piece": PIECE_NAMES[piece]})
            moves.append({"type": "no_piece"})
            return moves
        return []

    def perform(self, state, seat, move):
        if seat not in self.to_move(state):
            raise IllegalMove(f"seat {seat} is not to move")
        if not isinstance(move, dict):
            raise IllegalMove("a move is a JSON object with a 'type'")
        if state.phase == TILE:
            return self._apply_tile(state, seat, move)
        return self._apply_piece(state, seat, move)

    def _apply_tile(self, state, seat, move):
        if move.get("type") != "place_tile" or set(move) != {"type", "x", "y", "rotation"}:
            raise IllegalMove("now the drawn tile must be placed: {type: place_tile, x, y, rotation} (§2 T2)")
        x, y, rotation = move["x"], move["y"], move["rotation"]
        if not all(type(v) is int for v in (x, y, rotation)) or rotation not in (0, 90, 180, 270):
            raise IllegalMove("x and y are integers and rotation is 0, 90, 180 or 270 degrees")
        board, kind = state.board, state.drawn
        if (x, y) in board.at:
            raise IllegalMove(f"position ({x}, {y}) already holds a tile (§3.1)")
        if (x, y) not in board.frontier:
            raise IllegalMove("a tile must share at least one full edge with a placed tile (§3.1)")
        if not board.fits(kind, x, y, rotation // 90):
            raise IllegalMove("on every shared edge the sides must match: forest to forest, meadow to "
                              "meadow, river to river (§3.1)")
        board.place(kind, x, y, rotation // 90)
        state.phase = PIECE
        return [{"type": "tile_placed", "seat": seat, "tile": kind.id, "x": x, "y": y, "rotation": rotation,
                 "text": f"seat {seat} places {kind.id} at ({x}, {y}) rotated {rotation}°"}]

    def _piece_problem(self, state, zone, piece: int) -> str | None:
        """Why ``piece`` may not go on ``zone`` of the tile just placed (None: it may)."""
        board, seat, kind = state.board, state.turn, zone.type
        g = board.base[-1] + state.drawn.local[zone.zid]
        options = state.options
        if piece == HUT:
            if kind not in (RIVER, LAKE):
                return "a fishing hut goes on a river or a lake (§3.2)"
            if not state.huts[seat]:
                return "you have no fishing hut left in your supply (§3.2)"
            if board.occ2[board.find2(g)]:
                return "this river system already holds a hut (blocking, §3.2)"
            return None
        if kind == LAKE and not options["membersOnLakes"]:
            return "tribe members may not stand on lakes (membersOnLakes, §3.2)"
        if not state.members[seat]:
            return "you have no tribe member left in your supply (§3.2)"
        if board.occ[board.find(g)] and not (zone.shrine and options["shrineBypassesBlocking"]):
            return f"this {FEATURE_RULE[kind]} already holds a tribe member (blocking, §3.2)"
        return None

    def _apply_piece(self, state, seat, move):
        kind = move.get("type")
        if kind == "no_piece" and set(move) == {"type"}:
            events = []
        elif kind == "place_piece" and set(move) == {"type", "zone", "piece"}:
            zid, piece = move["zone"], move["piece"]
            if type(zid) is not int or zid not in state.drawn.local:
                raise IllegalMove(f"{zid!r} is not a zone of the tile just placed (§3.2)")
            if piece not in PIECE_CODES:
                raise IllegalMove("piece is 'member' or 'hut'")
            zone = state.drawn.zones[state.drawn.local[zid]]
            problem = self._piece_problem(state, zone, PIECE_CODES[piece])
            if problem:
                raise IllegalMove(problem)
            events = [self._place_piece(state, seat, zone, PIECE_CODES[piece])]
        else:
            raise IllegalMove("now place a piece on the tile just placed, or none: "
                              "{type: place_piece, zone, piece} or {type: no_piece} (§2 T3)")
        gold = self._score_tile(state, events)
        if state.bonus:
            state.bonus_due -= 1
        elif gold:
            self._earn_bonus(state, events)
        self._continue_bonus(state, events)
        return events

    def _place_piece(self, state, seat, zone, piece):
        board = state.board
        board.add_piece(board.base[-1] + state.drawn.local[zone.zid], seat, piece)
        x, y, _, _ = board.placements[-1]
        if piece == HUT:
            state.huts[seat] -= 1
            what = "a fishing hut"
        else:
            state.members[seat] -= 1
            what = "a " + ROLES[zone.type]
        return {"type": "piece_placed", "seat": seat, "x": x, "y": y, "zone": zone.zid,
                "piece": "hut" if piece == HUT else "member", "role": None if piece == HUT else ROLES[zone.type],
                "text": f"seat {seat} puts {what} on {ZONE_NAMES[zone.type]} {zone.zid} of {state.drawn.id}"}

    # -- scoring (T4-T6) -----------------------------------------------------------
    def _score_tile(self, state, events) -> bool:
        """Score the forests and rivers the tile just placed completed, return members.

        Returns whether one of the completed forests holds gold.
        """
        board = state.board
        gold, done = False, set()
        for root in board.completed(len(board.placements) - 1):
            event = self._score_feature(state, root, "completed")
            events.append(event)
            gold = gold or event.get("gold", 0) > 0
            done.update(board.members(root))
        self._return_members(state, done, events)
        return gold

    def _score_feature(self, state, root, how) -> dict:
        """Score the forest or river with this root for the majority of its members."""
        board = state.board
        forest = board.zone[root].type == FOREST
        points, info = (scoring.forest if forest else scoring.river)(board, root, state.options)
        return self._award(state, "forest" if forest else "river", "forest" if forest else "river", points, info,
                           scoring.majority(scoring.members_on(board, root)), how, board.members(root))

    def _award(self, state, feature, category, points, info, scorers, how, zones) -> dict:
        """Add ``points`` in ``category`` to every scorer; the event that says so."""
        column = CATEGORIES.index(category)
        for seat in scorers:
            state.scores[seat][column] += points
        unit = "tiles" if info.get("tiles", 0) != 1 else "tile"
        size = f" of {info['tiles']} {unit}" if "tiles" in info else ""
        gets = f"{seats_text(scorers)} {'scores' if len(scorers) < 2 else 'score'} {points}" \
            if scorers else f"worth {points}, nobody scores"
        return {"type": "feature_scored", "feature": feature, "how": how, "points": points,
                "scorers": scorers, **info, "zones": sorted(list(state.board.where(g)) for g in zones),
                "text": f"{feature}{size} {how}: {gets}"}

    def _return_members(self, state, zones, events):
        returned = state.board.remove_members(zones)
        for _, seat, _ in returned:
            state.members[seat] += 1
        if returned:
            seats = sorted({seat for _, seat, _ in returned})
            events.append({"type": "members_returned", "seats": [s for _, s, _ in returned],
                           "text": f"{len(returned)} tribe member(s) return to {seats_text(seats)}"})

    def _earn_bonus(self, state, events):
        """§5.1: gold in a forest completed by the land tile earns the placer bonus tiles."""
        options = state.options
        if not options["bonusPerTurn"] or not (state.land_n or options["bonusOnFinalTurn"]):
            return
        if not state.bonus_n:
            events.append({"type": "bonus_lost", "seat": state.turn, "text": "gold, but the bonus pile is empty"})
            return
        state.bonus_due = options["bonusPerTurn"]
        events.append({"type": "bonus_earned", "seat": state.turn,
                       "text": f"gold: seat {state.turn} plays a bonus tile"})

    def _continue_bonus(self, state, events):
        if state.bonus_due > 0 and state.bonus_n:
            state.phase, state.drawn, state.bonus = BONUS_DRAW, None, False
            return
        if state.bonus_due > 0:
            events.append({"type": "bonus_lost", "seat": state.turn, "text": "the bonus pile is empty"})
        self._end_turn(state, events)

    def _end_turn(self, state, events):
        state.bonus_due, state.drawn, state.bonus = 0, None, False
        if state.land_n:
            state.turn = (state.turn + 1) % state.players
            state.phase = DRAW
        else:
            self._final_scoring(state, events)

    def _final_scoring(self, state, events):
        """§6: unfinished forests and rivers, members back, then huts and hunters."""
        board, options = state.board, state.options
        events.append({"type": "game_end", "text": "the last land tile is played: final scoring"})
        standing = [g for g, _, piece in board.pieces
                    if piece == MEMBER and board.zone[g].type in (FOREST, RIVER, LAKE)]
        if options["scoreIncompleteAtEnd"]:
            for root in sorted({board.find(g) for g in standing if board.zone[g].type != LAKE}):
                events.append(self._score_feature(state, root, "unfinished"))
        self._return_members(state, set(standing), events)
        for root, system in sorted(scoring.river_systems(board, options).items()):
            info = {"lake_fish": sum(system["lakes"]), "river_fish": system["river_fish"]}
            events.append(self._award(state, "river system", "hut", system["value"], info,
                                      scoring.majority(system["huts"]), "scored for huts", system["zones"]))
        roots = sorted({board.find(g) for g, _, piece in board.pieces if piece == MEMBER})
        for root in roots:
            points, info = scoring.meadow(board, root)
            events.append(self._award(state, "meadow", "meadow", points, info,
                                      scoring.meadow_scorers(board, root), "scored for hunters",
                                      board.members(root)))
        state.phase = OVER

    # -- results -----------------------------------------------------------------
    def is_over(self, state):
        return state.phase == OVER

    def score(self, state):
        scores = [{"seat": s, "total": sum(row), "breakdown": dict(zip(CATEGORIES, row))}
                  for s, row in enumerate(state.scores)]
        best = max(entry["total"] for entry in scores)
        return {"scores": scores, "winners": [e["seat"] for e in scores if e["total"] == best]}

    def view(self, state, seat):
        return build_view(state)

    def to_json(self, state):
        return state_to_json(state)

    def from_json(self, data):
        return state_from_json(data)

    def copy_state(self, state):
        return state.copy()
