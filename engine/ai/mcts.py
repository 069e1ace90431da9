"""Information-set Monte Carlo tree search (single observer, open loop).

Every iteration starts from a fresh determinization, ``ruleset.determinize(state,
seat, rng)``: hidden information resampled from what the searching seat knows, never
the true hidden state. The tree is keyed by moves only; chance outcomes are drawn
anew in every iteration, so a node stands for a move sequence and its statistics
average over hidden state and chance. A move may be legal in some samples and not in
others: each child counts how often it was available and UCB uses that count
(Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree Search").
Each node is judged from the seat that moved into it, so every seat maximises its
own reward (see :mod:`engine.ai.policies`). A policy may spend the root's iterations by
sequential halving instead of UCB, and end the tree at the first chance step.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from time import perf_counter

from ..contract import Ruleset
from ..errors import IllegalMove
from ..rng import Rng
from .policies import Policy, margins, totals


class Node:
    """A move sequence: who moved into it, visits, availability and reward sum."""

    __slots__ = ("actor", "move", "children", "visits", "avail", "reward", "change")

    def __init__(self, actor: int | None, move: dict | None):
        self.actor = actor
        self.move = move
        self.children: dict[tuple, Node] = {}
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.change = 0.0


@dataclass(frozen=True)
class MoveStat:
    """A root move with its visits and mean reward for the searching seat; with ``explain``,
    ``score_change``: the mean change of the seat's lead over the searched lines through it."""

    move: dict
    visits: int
    value: float
    score_change: float | None = None


@dataclass(frozen=True)
class SearchResult:
    """Root moves ranked best first, and the work done."""

    ranked: list[MoveStat]
    iterations: int
    seconds: float


def search(ruleset: Ruleset, state, seat: int, rng: Rng, policy: Policy, *,
           iterations: int | None, budget_ms: int | None, explain: bool = False) -> SearchResult:
    """Search until the iteration budget or the time budget is spent (at least one).

    ``explain`` also collects each root move's ``score_change`` (two more score sheets an
    iteration; the search itself, and so its ranking, stays the same)."""
    if iterations is None and budget_ms is None:
        raise ValueError("a search needs an iteration or a time budget")
    start = perf_counter()
    deadline = None if budget_ms is None else start + budget_ms / 1000
    root = Node(None, None)

    def iterate(forced: tuple | None = None) -> None:
        _iterate(ruleset, root, ruleset.determinize(state, seat, rng), seat, rng, policy, explain, forced)

    def more(done: int) -> bool:
        return (iterations is None or done < iterations) and (
            done == 0 or deadline is None or perf_counter() < deadline)

    if policy.halving and iterations is not None:
        ranked, done = _halve(root, _root_order(ruleset, state, seat, rng, policy), iterations, iterate, more)
    else:
        done = 0
        while more(done):
            iterate()
            done += 1
        # stable: ties keep first-tried order
        ranked = sorted(root.children.values(), key=lambda child: (-child.visits, -child.reward / child.visits))
    stats = [MoveStat(child.move, child.visits, child.reward / child.visits,
                      child.change / child.visits if explain else None) for child in ranked]
    return SearchResult(stats, done, perf_counter() - start)


def _root_order(ruleset: Ruleset, state, seat: int, rng: Rng, policy: Policy) -> list[tuple]:
    """The keys of the seat's moves in the order sequential halving tries them: at random, or,
    with the policy's ``prior``, most promising first (judged on one determinization; ties at
    random)."""
    moves = list(ruleset.legal_moves(state, seat))
    rng.shuffle(moves)
    if policy.prior is not None:
        sample = ruleset.determinize(state, seat, rng)
        moves.sort(key=lambda move: policy.prior(sample, seat, move), reverse=True)
        moves = moves[:policy.root_width]
    return list(dict.fromkeys((seat, _identity(move)) for move in moves))


def _halve(root: Node, keys: list[tuple], iterations: int, iterate, more) -> tuple[list[Node], int]:
    """Sequential halving over the root moves (Karnin, Koren and Somekh 2013, "Almost optimal
    exploration in multi-armed bandits"): in each of ``ceil(log2 K)`` rounds every remaining move
    gets an equal share of the iterations left for the round, then the better half by mean reward
    stays. The moves are taken in the order of ``keys``, so that a budget too small to try each
    once tries the first ones. Returns the root's children ranked by the round they reached, then
    mean reward, and the iterations done."""
    remaining, dropped = list(keys), []
    rounds, done = max(1, math.ceil(math.log2(len(remaining)))), 0
    while len(remaining) > 1 and more(done):
        share = max(1, (iterations - done) // (len(remaining) * rounds))
        for key in remaining:
            for _ in range(share):
                if not more(done):
                    break
                iterate(key)
                done += 1
        remaining.sort(key=lambda key: _mean(root.children.get(key)), reverse=True)
        half = (len(remaining) + 1) // 2
        remaining, dropped = remaining[:half], remaining[half:] + dropped
        rounds = max(1, rounds - 1)
    searched = [root.children[key] for key in remaining + dropped if key in root.children]
    return searched, done


def _mean(node: Node | None) -> float:
    return -math.inf if node is None else node.reward / node.visits


def _iterate(ruleset: Ruleset, root: Node, sim, seat: int, rng: Rng, policy: Policy, explain: bool,
             forced: tuple | None = None) -> None:
    """Select down the tree on ``sim``, expand one node, roll out, back up; with ``explain``, add
    the change of the seat's lead from ``sim`` to the line's end to the root move's. ``forced``:
    the root move's key to take (sequential halving), where it is legal in ``sim``."""
    lead = _lead(ruleset, sim, seat) if explain else 0.0
    node, path = root, []
    c = policy.exploration
    while not ruleset.is_over(sim):
        chance = ruleset.chance(sim)
        if chance is not None:
            if policy.chance_ends_tree and path:
                break
            ruleset.apply_chance(sim, chance.draw(rng))
            continue
        if node is root:
            actor = seat
            if forced in root.children and _performed(ruleset, sim, actor, root.children[forced].move):
                node = root.children[forced]  # sequential halving names the root move: no need to list all
                path.append(node)
                continue
        else:
            seats = ruleset.to_move(sim)
            if not seats:
                break
            actor = seats[0]
        children = node.children
        untried, available = [], []
        for move in ruleset.legal_moves(sim, actor):
            key = actor, _identity(move)
            child = children.get(key)
            if child is None:
                untried.append((key, move))
            else:
                available.append(child)
        for child in available:
            child.avail += 1
        if node is root and forced is not None:
            untried = [(key, move) for key, move in untried if key == forced] or untried
        if untried:
            key, move = untried[rng.below(len(untried))]
            node = children[key] = Node(actor, move)
            ruleset.perform(sim, actor, move)
            path.append(node)
            break
        node = max(available, key=lambda ch: ch.reward / ch.visits
                   + c * math.sqrt(math.log(ch.avail) / ch.visits))
        ruleset.perform(sim, actor, node.move)
        path.append(node)
    rewards = policy.rollout(ruleset, sim, rng)
    for node in path:
        node.visits += 1
        node.reward += rewards[node.actor]
    if explain and path:
        path[0].change += _lead(ruleset, sim, seat) - lead


def _performed(ruleset: Ruleset, sim, seat: int, move: dict) -> bool:
    """Perform ``move`` if it is legal in ``sim`` (the contract's ``perform`` raises, changing
    nothing, where it is not)."""
    try:
        ruleset.perform(sim, seat, move)
    except IllegalMove:
        return False
    return True


def _identity(move: dict):
    """A hashable value equal for equal moves (JSON-like: scalars and lists of them hash as they
    are; anything deeper falls back to its sorted ``repr``)."""
    try:
        return frozenset([(name, tuple(value) if value.__class__ is list else value)
                          for name, value in move.items()])
    except TypeError:
        return repr(sorted(move.items()))


def _lead(ruleset: Ruleset, state, seat: int) -> float:
    """The seat's total minus the best other total on the (provisional) score sheet."""
    return margins(totals(ruleset.score(state)))[seat]
