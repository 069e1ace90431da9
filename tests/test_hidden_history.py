"""A seat's history never shows what that seat's view hides at the same version.

For every registered ruleset (and the option values that change what is hidden), random
playouts are checked at every version, for every seat and a spectator, two ways:

- *Named values*: every name of the game's state (a card, tile or species id) that the
  seat's redacted log entry (``Match.entry_view``, as the service's history answers it)
  names, alone or inside a sentence, also appears in the seat's view at that version.
  A card kept face down, a discarded card the view no longer shows: the log must not
  name it either.
- *Other worlds*: the state before the move is determinized for the seat (its hidden
  information resampled) and the same move and chance outcomes applied; and other
  moves the mover had are applied to the true state. Where the seat cannot tell the
  result from the true one (the same view and the same determinization), its redacted
  entry must be the same too: the entry depends only on what the seat can know.
"""

from __future__ import annotations

import re

import pytest

from engine import GameOver, IllegalMove, Match, NotYourTurn, Rng, canonical
from engine.match import AUTO_MOVE
from engine.registry import rulesets

from .conformance import random_playout
from .toy_game import TOY

#: (ruleset id, options) for every option value that changes what a seat sees
VISIBILITY_OPTIONS = {
    "targi": [{}, {"hand_visibility": "recall"}, {"hand_visibility": "public"},
              {"discard_piles_public": False}],
    "woodwalkers": [{}, {"variant": "night"}],
}
CASES = [(ruleset, players, options)
         for ruleset in [TOY, *rulesets().values()]
         for players in sorted({ruleset.min_players, ruleset.max_players})
         for options in VISIBILITY_OPTIONS.get(ruleset.id, [{}])]
SEEDS = (1, 2, 3)
MAX_MOVES = 3_000
KNOWLEDGE_SEED = 99
#: other moves of the mover tried at each step
ALTERNATIVE_MOVES = 4


def case_id(case):
    ruleset, players, options = case
    return f"{ruleset.id}-{players}p-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default")


def texts(value, keys: bool = False):
    """Every string in a JSON value (and its object keys when ``keys``), ``type`` tags left out."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if keys:
                yield key
            if key != "type":
                yield from texts(item, keys)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, keys)


def names(value) -> set[str]:
    """The words of every string in a JSON value (a card id, or one inside a sentence)."""
    return {word for text in texts(value) for word in re.findall(r"[\w-]+", text)}


def check_named_values(match: Match, entry: dict) -> None:
    components = set(texts(match.to_json()["state"], keys=True))   # what there is to hide
    for viewer in [None, *range(match.players)]:
        shown = match.entry_view(entry, viewer)
        # an event's text is made from the fields shown (engine.texts): its English words, not values
        shown["events"] = [{k: v for k, v in event.items() if k != "text"} for event in shown["events"]]
        visible = set(texts(match.view(viewer), keys=True))
        unseen = (names(shown) & components) - visible
        assert not unseen, f"version {entry['version']}: seat {viewer}'s history names {unseen}, " \
                           f"which its view does not show: {shown}"


def replay_in(rules, state, seat: int, move: dict, entry: dict) -> list[dict] | None:
    """``move`` and then ``entry``'s steps applied to ``state``; the events, or None when
    they cannot happen there (a drawn outcome or a forced move that state does not have)."""
    try:
        events = rules.apply(state, seat, move)
        for step in entry["steps"]:
            if "chance" in step:
                chance = rules.chance(state)
                if chance is None or step["chance"] not in chance.outcomes:
                    return None
                events += rules.apply_chance(state, step["chance"])
            else:
                events.append({"type": AUTO_MOVE, "seat": step["seat"], "move": step["move"]})
                events += rules.apply(state, step["seat"], step["move"])
    except (IllegalMove, NotYourTurn, GameOver):
        return None
    return events


def same_knowledge(rules, state, other, seat: int) -> bool:
    """Whether ``seat`` cannot tell the two states apart: the same view, and the same
    determinization (which keeps fixed what the seat has seen, e.g. a duellist shown)."""
    def sample(world):
        return canonical(rules.to_json(rules.determinize(world, seat, Rng(KNOWLEDGE_SEED))))
    return (canonical(rules.view(state, seat)) == canonical(rules.view(other, seat))
            and sample(state) == sample(other))


def check_other_worlds(before: Match, after: Match, entry: dict, rng: Rng) -> None:
    """The entry's move in a world resampled for each seat, and other moves the mover had
    in the true world: where the seat cannot tell the outcomes apart, right after the
    move nor after its steps, nor may its history."""
    rules, mover = before.ruleset, entry["seat"]
    others = [move for move in before.legal_moves(mover) if move != entry["move"]]
    rng.shuffle(others)
    true_move = rules.copy_state(before.state)
    rules.apply(true_move, mover, entry["move"])
    for viewer in range(before.players):
        trials = [(rules.determinize(before.state, viewer, rng), entry["move"])]
        if viewer != mover:
            trials += [(rules.copy_state(before.state), move) for move in others[:ALTERNATIVE_MOVES]]
        for world, move in trials:
            moved = rules.copy_state(world)
            events = replay_in(rules, world, mover, move, entry)
            if events is None or not same_knowledge(rules, world, after.state, viewer):
                continue                              # the seat can tell them apart: allowed
            rules.apply(moved, mover, move)
            if not same_knowledge(rules, moved, true_move, viewer):
                continue                              # it saw the move before its steps
            seen = before.entry_view({**entry, "move": move, "events": events}, viewer)
            assert canonical(seen) == canonical(after.entry_view(entry, viewer)), \
                f"version {entry['version']}: seat {viewer}'s history depends on what it cannot " \
                f"know: {seen} != {after.entry_view(entry, viewer)}"


def play_and_check(ruleset, players: int, options: dict, seed: int) -> None:
    match = Match.create(ruleset, players, options, seed)
    check_named_values(match, {"version": 0, "events": match.opening["events"]})
    agent, worlds = Rng(seed ^ 0xC0FFEE), Rng(seed)
    for _ in range(MAX_MOVES):
        seats = match.to_move()
        if not seats:
            return
        seat = agent.choice(seats)
        move = agent.choice(match.legal_moves(seat))
        before = Match.from_json(match.to_json(), ruleset)
        entry = match.play(seat, move)
        check_named_values(match, entry)
        check_other_worlds(before, match, entry, worlds)
    raise AssertionError(f"no end within {MAX_MOVES} moves")


def default_seeds(players: int) -> tuple[int, ...]:
    """The seeds of the default suite: one for games of 4 or more seats (a 5-seat Carcassonne
    game takes about 18 s here), the rest under ``-m slow``."""
    return SEEDS if players < 4 else SEEDS[:1]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_history_shows_a_seat_nothing_its_view_hides(case):
    ruleset, players, options = case
    for seed in default_seeds(players):
        play_and_check(ruleset, players, options, seed)


@pytest.mark.slow
@pytest.mark.parametrize("case", [c for c in CASES if default_seeds(c[1]) != SEEDS], ids=case_id)
def test_history_shows_a_seat_nothing_its_view_hides_more_seeds(case):
    ruleset, players, options = case
    for seed in SEEDS[len(default_seeds(players)):]:
        play_and_check(ruleset, players, options, seed)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_determinization_depends_only_on_what_the_seat_knows(case):
    """Two states that differ only in what a seat cannot know (one resampled from the
    other) give that seat the same determinization for the same seed."""
    ruleset, players, options = case
    resample = Rng(5)

    def check(match, step):
        for seat in range(match.players):
            world = ruleset.determinize(match.state, seat, resample)
            samples = [canonical(ruleset.to_json(ruleset.determinize(state, seat, Rng(step))))
                       for state in (match.state, world)]
            assert samples[0] == samples[1], f"step {step}: seat {seat}'s samples depend on hidden truth"

    for seed in SEEDS:
        random_playout(ruleset, players, seed, options, check)
