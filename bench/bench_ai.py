"""AI strength and speed benchmark (run by hand, not in CI).

    .venv/bin/python bench/bench_ai.py                      # every registered ruleset
    .venv/bin/python bench/bench_ai.py --rulesets targi --games 100 50 50 --jobs 2
    .venv/bin/python bench/bench_ai.py --ladder --rulesets targi --games 100   # bench_ladder.py's round robin

Strength: games through the match driver (chance and forced steps as in play), two
players unless ``--players`` says more; game ``i`` uses seed ``seed + i`` and gives the
tested side seat ``i % players``, every other seat plays the baseline; match-ups are
medium vs random, medium vs the one-ply greedy baseline and hard vs medium, on
iteration budgets (independent of machine load). A win scores 1, a win shared by k
seats 1/k, so an even match scores 1/players. The 95% interval is Wilson's score
interval. Each row also gives the tested side's median process CPU time per decision
(decisions with more than one legal move).

Every game is logged to stderr as it ends (its ruleset, agents, budgets, seed, seat and
score); ``--reuse`` takes such logs and counts their games instead of playing them again, so
a run cut short can be continued, and ``bench_ladder.py`` can use the same games.

``--ladder`` runs the rating ladder instead (``bench/bench_ladder.py``, which takes the
other arguments).

Speed: thinking time (wall clock and process CPU time) and iterations per CPU second
of each level at its default budget (iterations plus time cap), on positions from
random games.
Prints Markdown tables for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Match, Rng, derive_seed  # noqa: E402
from engine.ai import analyse, choose_move, greedy_move  # noqa: E402
from engine.ai.levels import budget  # noqa: E402
from engine.ai.policies import policy_for  # noqa: E402
from engine.registry import rulesets  # noqa: E402

Z95 = 1.96


def play(ruleset, agent, seat, state, seed, iterations):
    """One decision of ``agent``: a level name, "greedy" or "random"."""
    if agent == "greedy":
        return greedy_move(ruleset, state, seat, Rng(seed))
    return choose_move(ruleset, state, seat, level=agent, seed=seed, iterations=iterations.get(agent))


def one_game(job):
    """Play one game: the tested side's score (1, 1/2 share, 0) and each agent's process CPU seconds
    per decision with more than one legal move."""
    ruleset_id, players, tested, other, iterations, seed, tested_seat = job
    ruleset = rulesets()[ruleset_id]
    match = Match.create(ruleset, players, None, seed)
    agents = {seat: tested if seat == tested_seat else other for seat in range(players)}
    thinking = {tested: [], other: []}
    while match.to_move():
        seat = match.to_move()[0]
        started = time.process_time()
        move = play(ruleset, agents[seat], seat, match.state, derive_seed("ai", seed, match.version, seat),
                    iterations)
        if len(match.legal_moves(seat)) > 1:
            thinking[agents[seat]].append(time.process_time() - started)
        match.play(seat, move)
    winners = match.score()["winners"]
    return (1 / len(winners) if tested_seat in winners else 0.0), thinking


def wilson(score: float, n: int) -> tuple[float, float]:
    centre = (score + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(score * (1 - score) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run_games(jobs, pool, stop_at, known=None):
    """Results of the jobs started before ``stop_at`` (a ``perf_counter`` time).

    Each finished game is logged to stderr, so an interrupted run still shows its games. A job
    whose game is in ``known`` (log lines read by :func:`read_logs`) is not played again: its
    logged score counts, with no thinking times.
    """
    known = known or {}
    results = [(known[game_name(job)], {job[2]: [], job[3]: []}) for job in jobs if game_name(job) in known]
    jobs = [job for job in jobs if game_name(job) not in known]
    if pool is None:
        for job in jobs:
            if time.perf_counter() >= stop_at:
                break
            results.append(logged(job, one_game(job)))
        return results
    pending, queue = [], list(jobs)
    while queue or pending:
        while queue and len(pending) < pool._processes and time.perf_counter() < stop_at:
            job = queue.pop(0)
            pending.append((job, pool.apply_async(one_game, (job,))))
        if not pending:
            break
        job, result = pending.pop(0)
        results.append(logged(job, result.get()))
    return results


def read_logs(paths) -> dict:
    """``{game name: score}`` from the stderr logs of earlier runs (lines ``<game name>, score <x>``)."""
    known = {}
    for path in paths or ():
        for line in Path(path).read_text().splitlines():
            name, sep, score = line.rpartition(", score ")
            if sep:
                known[name] = float(score)
    return known


def logged(job, result):
    print(f"{game_name(job)}, score {result[0]:g}", file=sys.stderr, flush=True)
    return result


def game_name(job) -> str:
    """A game as its log line names it: everything that decides how it is played."""
    ruleset_id, players, tested, other, iterations, seed, seat = job
    return (f"{ruleset_id} {players}p {agent_name(tested, iterations)} vs {agent_name(other, iterations)}: "
            f"seed {seed}, tested seat {seat}")


def agent_name(agent, iterations) -> str:
    return f"{agent} ({iterations[agent]} it)" if agent in iterations else agent


def cost(pair, iterations) -> int:
    """A game's search work: iterations per decision of both sides (for sharing out ``--minutes``)."""
    return sum(iterations.get(agent, 0) for agent in pair)


def strength(ruleset_id, players, tested, other, games, seed, iterations, pool, stop_at, known=None):
    """One Markdown row: the tested side's mean score over at most ``games`` games (games in
    ``known`` count with their logged score)."""
    jobs = [(ruleset_id, players, tested, other, iterations, seed + i, i % players) for i in range(games)]
    start = time.perf_counter()
    played = run_games(jobs, pool, stop_at, known)
    scores = [score for score, _ in played]
    thinking = [t for _, times in played for t in times[tested]]
    seconds = time.perf_counter() - start
    n = len(scores)
    budgets = ", ".join(f"{a} {iterations[a]} it" for a in (tested, other) if a in iterations)
    matchup = f"{tested} vs {other}" + (f" ×{players - 1}" if players > 2 else "")
    if not n:
        return f"| {ruleset_id} | {matchup} | 0 of {games} | {budgets} | not measured (time) | | | | |"
    wins, draws = sum(s == 1 for s in scores), sum(0 < s < 1 for s in scores)
    mean = sum(scores) / n
    low, high = wilson(mean, n)
    played = f"{n}" if n == games else f"{n} of {games}"
    return (f"| {ruleset_id} | {matchup} | {played} | {budgets or '-'} | {100 * mean:.1f}% "
            f"| {100 * low:.1f}–{100 * high:.1f}% | {wins}/{draws}/{n - wins - draws} "
            f"| {f'{statistics.median(thinking):.2f} s' if thinking else '-'} | {seconds / 60:.1f} min |")


def speed(ruleset_id, positions, seed):
    """Thinking time of each level at its default budget: wall and process CPU time."""
    ruleset = rulesets()[ruleset_id]
    sample = sample_positions(ruleset, positions, seed)
    rows = []
    own = policy_for(ruleset).iterations
    for name in ("easy", "medium", "hard"):
        iterations, budget_ms = budget(name, None, None, own)
        wall, cpu, iters = [], [], 0
        for i, (state, seat) in enumerate(sample):
            started = time.process_time()
            result = analyse(ruleset, state, seat, level=name, seed=seed + i)
            cpu.append(time.process_time() - started)
            wall.append(result.seconds)
            iters += result.iterations
        rows.append(f"| {ruleset_id} | {name} | {iterations} it / {budget_ms} ms | {len(wall)} "
                    f"| {statistics.median(wall):.2f} s / {p95(wall):.2f} s "
                    f"| {statistics.median(cpu):.2f} s / {p95(cpu):.2f} s | {iters / sum(cpu):.0f} |")
    return rows


def p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def sample_positions(ruleset, count, seed):
    """Decision points (with more than one move) from random games, spread over the game."""
    found, game, step = [], 0, 0
    while len(found) < count:
        match = Match.create(ruleset, 2, None, seed + game)
        rng = Rng(seed + game)
        while match.to_move() and len(found) < count:
            seat = match.to_move()[0]
            if step % 7 == 3 and len(match.legal_moves(seat)) > 1:
                found.append((ruleset.copy_state(match.state), seat))
            match.play(seat, rng.choice(match.legal_moves(seat)))
            step += 1
        game += 1
    return found


def default_iterations(ruleset_id) -> dict:
    """The searching levels' iteration counts for the ruleset (its own counts where it has them)."""
    own = policy_for(rulesets()[ruleset_id]).iterations
    return {name: budget(name, None, None, own)[0] for name in ("easy", "medium", "hard")}


def level_iterations(ruleset_id, args) -> dict:
    """Iteration budgets of medium and hard for one ruleset: the flags, or the levels' defaults."""
    defaults = default_iterations(ruleset_id)
    return {name: getattr(args, name) or defaults[name] for name in ("medium", "hard")}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if "--ladder" in argv:
        from bench import bench_ladder  # imported here: the ladder imports this module's game code
        return bench_ladder.main([arg for arg in argv if arg != "--ladder"])
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", nargs="*", help="ruleset ids (default: all registered)")
    parser.add_argument("--games", nargs=3, type=int, default=[100, 50, 50], metavar=("RANDOM", "GREEDY", "HARD"),
                        help="games of medium-random, medium-greedy, hard-medium (0 skips)")
    parser.add_argument("--players", type=int, default=2, help="players per game (the strength runs)")
    parser.add_argument("--medium", type=int, help="medium iterations (default: the level's budget for the ruleset)")
    parser.add_argument("--hard", type=int, help="hard iterations (default: the level's budget for the ruleset)")
    parser.add_argument("--positions", type=int, default=20, help="positions for the speed table (0 skips)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--ladder", action="store_true", help="run bench/bench_ladder.py with the other arguments")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes for the games")
    parser.add_argument("--reuse", nargs="*", metavar="LOG",
                        help="stderr logs of earlier runs: their games count as logged instead of being played again")
    parser.add_argument("--minutes", type=float, default=None,
                        help="time for the strength runs: each match-up gets a share of what is left "
                             "(by games x search work) and starts no game after it; unplayed games are reported")
    args = parser.parse_args(argv)
    ids = args.rulesets or list(rulesets())
    began = time.perf_counter()
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, load average {os.getloadavg()[0]:.1f}, "
          f"{os.cpu_count()} cores, {args.jobs} job(s)\n")
    pool = Pool(args.jobs) if args.jobs > 1 else None
    matchups = [("medium", "random"), ("medium", "greedy"), ("hard", "medium")]
    if any(args.games):
        print("| ruleset | match-up | games | budgets | score | 95% CI | W/D/L | tested CPU per move (median) "
              "| wall time |")
        print("|---|---|---|---|---|---|---|---|---|")
        runs = [(rid, pair, games) for rid in ids for pair, games in zip(matchups, args.games) if games]
        budgets = {rid: level_iterations(rid, args) for rid in ids}
        known = read_logs(args.reuse)
        weights = [games * cost(pair, budgets[rid]) for rid, pair, games in runs]
        end = None if args.minutes is None else time.perf_counter() + 60 * args.minutes
        for i, (ruleset_id, (tested, other), games) in enumerate(runs):
            now = time.perf_counter()
            stop_at = math.inf if end is None else now + (end - now) * weights[i] / sum(weights[i:])
            print(strength(ruleset_id, args.players, tested, other, games, args.seed, budgets[ruleset_id], pool,
                           stop_at, known), flush=True)
    if args.positions:
        print("\n| ruleset | level | default budget | positions | wall median / p95 | CPU median / p95 "
              "| iterations per CPU second |")
        print("|---|---|---|---|---|---|---|")
        for ruleset_id in ids:
            print("\n".join(speed(ruleset_id, args.positions, args.seed)), flush=True)
    if pool:
        pool.close()
    print(f"\ntotal {(time.perf_counter() - began) / 60:.1f} min, load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
