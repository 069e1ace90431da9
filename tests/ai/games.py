"""Test-only games for the AI tests (never registered)."""

from marshmallow import Schema, fields

from engine import IllegalMove, Ruleset


class Take(Schema):
    n = fields.Integer(required=True, strict=True)


class Nim(Ruleset):
    """Take 1-3 stones from one pile; whoever takes the last stone wins."""

    id = "test-nim"
    name = "Nim (test only)"
    min_players = 2
    max_players = 2
    rules_version = "1"
    move_schemas = {"take": Take}

    def setup(self, num_players, options):
        return {"pile": options.get("pile", 10), "turn": 0, "winner": None}

    def to_move(self, state):
        return [] if self.is_over(state) else [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return [{"type": "take", "n": n} for n in range(1, min(3, state["pile"]) + 1)]

    def perform(self, state, seat, move):
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("take 1-3 stones, no more than the pile holds")
        state["pile"] -= move["n"]
        if state["pile"] == 0:
            state["winner"] = seat
        state["turn"] = 1 - seat
        return []

    def is_over(self, state):
        return state["winner"] is not None

    def score(self, state):
        totals = [int(state["winner"] == seat) for seat in (0, 1)]
        return {"scores": [{"seat": s, "total": t, "breakdown": {"won": t}} for s, t in enumerate(totals)],
                "winners": [] if state["winner"] is None else [state["winner"]]}

    def view(self, state, seat):
        return dict(state)

    def to_json(self, state):
        return dict(state)

    def from_json(self, data):
        return dict(data)

    copy_state = to_json


NIM = Nim()
