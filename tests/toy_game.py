"""A test-only game that exercises the whole contract; never registered in the service.

Hidden high card: cards 1..9, two dealt to each player one at a time (chance, private),
then players in turn play a card face up; a player holding one card plays it by force.
Highest sum of played cards wins.
"""

from marshmallow import RAISE, Schema, fields, validate

from engine import Chance, IllegalMove, Ruleset

HAND_SIZE = 2
CARDS = tuple(range(1, 10))


class ToyOptions(Schema):
    class Meta:
        unknown = RAISE

    bonus_for_nine = fields.Integer(load_default=0, validate=validate.Range(min=0, max=5),
                                    metadata={"description": "extra points for playing the 9"})


class PlayMove(Schema):
    card = fields.Integer(required=True)


class ToyGame(Ruleset):
    id = "toy-high-card"
    name = "Hidden High Card (test only)"
    min_players = 2
    max_players = 3
    rules_version = "1"
    options_schema = ToyOptions
    move_schemas = {"play": PlayMove}

    def setup(self, num_players, options):
        return {"hands": [[] for _ in range(num_players)], "played": [[] for _ in range(num_players)],
                "turn": 0, "bonus": options["bonus_for_nine"]}

    def _dealing(self, state):
        return sum(map(len, state["hands"])) + sum(map(len, state["played"])) < HAND_SIZE * len(state["hands"])

    def _unseen(self, state):
        used = {c for hand in state["hands"] for c in hand} | {c for p in state["played"] for c in p}
        return [c for c in CARDS if c not in used]

    def chance(self, state):
        if self._dealing(state):
            return Chance.uniform(self._unseen(state), "deal")
        return None

    def apply_chance(self, state, outcome):
        seat = min(range(len(state["hands"])), key=lambda s: len(state["hands"][s]))
        state["hands"][seat].append(outcome)
        return [{"type": "dealt", "seat": seat, "_private": {str(seat): {"card": outcome}}}]

    def to_move(self, state):
        if self._dealing(state) or self.is_over(state):
            return []
        return [state["turn"]]

    def legal_moves(self, state, seat):
        if seat not in self.to_move(state):
            return []
        return [{"type": "play", "card": c} for c in sorted(state["hands"][seat])]

    def perform(self, state, seat, move):
        if move.get("type") != "play" or set(move) != {"type", "card"}:
            raise IllegalMove("the only move is to play a card")
        if move["card"] not in state["hands"][seat] or seat not in self.to_move(state):
            raise IllegalMove("you can only play a card from your own hand")
        state["hands"][seat].remove(move["card"])
        state["played"][seat].append(move["card"])
        state["turn"] = (seat + 1) % len(state["hands"])
        return [{"type": "played", "seat": seat, "card": move["card"]}]

    def is_over(self, state):
        return all(len(p) == HAND_SIZE for p in state["played"])

    def score(self, state):
        scores = []
        for seat, played in enumerate(state["played"]):
            breakdown = {"cards": sum(played), "nine_bonus": state["bonus"] if 9 in played else 0}
            scores.append({"seat": seat, "total": sum(breakdown.values()), "breakdown": breakdown})
        best = max(s["total"] for s in scores)
        return {"scores": scores, "winners": [s["seat"] for s in scores if s["total"] == best]}

    def view(self, state, seat):
        return {
            "players": [
                {"seat": s, "played": list(state["played"][s]), "hand_count": len(state["hands"][s]),
                 **({"hand": sorted(state["hands"][s])} if s == seat else {})}
                for s in range(len(state["hands"]))
            ],
            "turn": state["turn"],
            "deck": len(self._unseen(state)),
        }

    def to_json(self, state):
        return {"hands": [list(h) for h in state["hands"]], "played": [list(p) for p in state["played"]],
                "turn": state["turn"], "bonus": state["bonus"]}

    def from_json(self, data):
        return self.to_json(data)

    def copy_state(self, state):
        return self.to_json(state)

    def determinize(self, state, seat, rng):
        state = self.copy_state(state)
        # sorted: the sample must not depend on which hidden hand holds which card
        pool = sorted(self._unseen(state) + [c for s, h in enumerate(state["hands"]) if s != seat for c in h])
        rng.shuffle(pool)
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                state["hands"][s] = sorted(pool.pop() for _ in hand)
        return state


TOY = ToyGame()
