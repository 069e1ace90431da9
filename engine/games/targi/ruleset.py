"""Targi as a Spielwerk ruleset: the contract methods over the modules of this package."""

import json

from engine import Chance, IllegalMove, Problems, Ruleset
from engine.ai.policies import Policy

from . import svg
from . import cards, decisions, flow, scoring, view as views
from .options import MOVE_SCHEMAS, TargiOptions


def _same(a, b) -> bool:
    """Equal with equal JSON types (``True`` is not ``1``)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


class Targi(Ruleset):
    id = "targi"
    name = "Targi"
    min_players = 2
    max_players = 2
    rules_version = "1"
    options_schema = TargiOptions
    move_schemas = MOVE_SCHEMAS
    ai_policy = Policy(scale=5.0)
    renderer = staticmethod(svg.render)

    def check_options(self, options):
        if options.get("cards") is None:
            return Problems()
        return cards.validate(options["cards"])

    def setup(self, num_players, options):
        state = flow.new_state(cards.compile_options(options))
        flow.advance(state)  # up to the first chance step: the deal of (1,1)
        return state

    # -- turn structure --------------------------------------------------------------
    def to_move(self, state):
        frame = views.decision(state)
        return [] if frame is None else [frame["seat"]]

    def chance(self, state):
        desc = state["chance"]
        if desc is None:
            return None
        if desc["why"] == "start":
            return Chance([0, 1], [1, 1], "start_player")
        pool = state["pool"][desc["kind"]]
        ids = sorted(pool)
        return Chance(ids, [pool[c] for c in ids], f"{desc['why']}_{desc['kind']}")

    def apply_chance(self, state, outcome):
        desc = state["chance"]
        if desc is None:
            raise IllegalMove("no chance step is pending")
        if desc["why"] == "start":
            possible = type(outcome) is int and outcome in (0, 1)
        else:
            possible = isinstance(outcome, str) and outcome in state["pool"][desc["kind"]]
        if not possible:
            raise IllegalMove("that outcome is not possible at this chance step")
        events = flow.apply_chance(state, outcome)
        return events + flow.advance(state)

    def legal_moves(self, state, seat):
        frame = views.decision(state)
        if frame is None or frame["seat"] != seat:
            return []
        return decisions.LEGAL[frame["dp"]](state, frame)

    def perform(self, state, seat, move):
        frame = views.decision(state)
        if frame is None:
            raise IllegalMove("no decision is pending" if not state["over"] else "the game has ended")
        if frame["seat"] != seat:
            raise IllegalMove(f"seat {seat} is not to move ({frame['dp']})")
        if not isinstance(move, dict):
            raise IllegalMove("a move is a JSON object with a 'type'")
        if not self._listed(state, frame, move):
            raise IllegalMove(self._explain(state, frame, seat, move))
        events = decisions.APPLY[frame["dp"]](state, frame, move)
        return events + flow.advance(state)

    @staticmethod
    def _listed(state, frame, move) -> bool:
        """Whether ``move`` is one of the listed legal moves, with equal JSON types."""
        valid = decisions.VALID.get(frame["dp"])
        if valid is not None:
            return valid(state, frame, move)
        listed = decisions.LEGAL[frame["dp"]](state, frame)
        try:
            match = listed[listed.index(move)]
        except ValueError:
            return False
        return all(_same(move[k], v) for k, v in match.items())

    def _explain(self, state, frame, seat, move):
        """The rule a rejected move breaks (from the mover's own view only)."""
        dp = frame["dp"]
        kind = move.get("type")
        if dp == "PLACE" and kind == "place" and type(move.get("card")) is int:
            problem = decisions.placement_problem(state, seat, move["card"])
            if problem:
                return problem
        expected = sorted({m["type"] for m in decisions.LEGAL[dp](state, frame)})
        if kind not in expected:
            return f"{dp}: {str(kind)[:40]!r} is not possible now, expected one of {expected} ({decisions.RULES[dp]})"
        return f"{dp}: not a legal {kind} move ({decisions.RULES[dp]})"

    def is_over(self, state):
        return state["over"]

    def score(self, state):
        return scoring.score(state)

    def view(self, state, seat):
        return views.view(state, seat)

    # -- persistence and copies ------------------------------------------------------
    def to_json(self, state):
        data = {k: v for k, v in state.items() if k != "cfg"}
        data["options"] = state["cfg"].opt
        return json.loads(json.dumps(data))

    def from_json(self, data):
        state = json.loads(json.dumps(data))
        state["cfg"] = cards.compile_options(state.pop("options"))
        return state

    def copy_state(self, state):
        s = dict(state)
        s["targi"] = [t[:] for t in state["targi"]]
        s["markers"] = [m[:] for m in state["markers"]]
        s["central"] = [c[:] for c in state["central"]]
        s["deck"] = dict(state["deck"])
        s["pool"] = {"goods": dict(state["pool"]["goods"]), "tribe": dict(state["pool"]["tribe"])}
        s["discard"] = {"goods": state["discard"]["goods"][:], "tribe": state["discard"]["tribe"][:]}
        s["players"] = [{**p, "goods": p["goods"][:], "display": [r[:] for r in p["display"]],
                         "got": p["got"][:], "bonus": p["bonus"][:]} for p in state["players"]]
        s["stack"] = state["stack"][:]
        s["credit"] = state["credit"][:]
        return s

    def determinize(self, state, seat, rng):
        """Resample the opponent's unknown hand card and undecided secret draw (§14).

        The cards are drawn from the sorted multiset of every tribe card unknown to
        ``seat`` (undrawn pool + the hidden cards), so the result depends only on what
        ``seat`` knows and on ``rng``."""
        state = self.copy_state(state)
        other = 1 - seat
        player = state["players"][other]
        frame = views.decision(state)
        hidden_hand = (player["hand"] is not None and not player["hand_known"]
                       and not views.hand_visible(state, other, seat))
        hidden_draw = frame is not None and frame.get("secret") and frame["seat"] == other
        if not (hidden_hand or hidden_draw):
            return state
        pool = state["pool"]["tribe"]
        unknown = [c for c, n in pool.items() for _ in range(n)]
        if hidden_hand:
            unknown.append(player["hand"])
        if hidden_draw:
            unknown.append(frame["card"])
        unknown.sort()
        if hidden_hand:
            player["hand"] = unknown.pop(rng.below(len(unknown)))
        if hidden_draw:
            state["stack"][-1] = {**frame, "card": unknown.pop(rng.below(len(unknown)))}
        state["pool"]["tribe"] = new_pool = {}
        for card in unknown:
            new_pool[card] = new_pool.get(card, 0) + 1
        return state
