#!/usr/bin/env python3
"""Where a run's slow moves fell: reads the trace of `loadgen --trace FILE`.

    python3 Benchmarks/net/tail.py TRACE [--slow US] [--gap US] [--least N] [--json]

Each line of TRACE is one measured move: "SENT RTT MATCH SEQ" (the write of the move in microseconds
since loadgen's clock started, its round trip in microseconds, the match's index, the state's seq).

A slow move is one whose round trip is at or over --slow (by default the run's p99). Slow moves whose
answers came within --gap microseconds (default 3000) of the slow answer before make a window; a window
of at least --least slow moves (by default half the run's matches, at least 2) is host-wide: most of the
matches waited at once, so the host (or the machine under it) stalled, rather than one match's moves
being slow. The report says how many of the slow moves fell in host-wide windows, how long those were,
and how the slow moves spread over the matches and over each game's moves.

Percentiles are nearest-rank, as loadgen's: the smallest round trip with at least p % of the moves at
or under it. Exit status 0, or 2 with one line on standard error for a trace that cannot be read.
"""

import argparse
import json
import sys


def fail(message):
    print(f"tail.py: {message}", file=sys.stderr)
    sys.exit(2)


def read_trace(path):
    try:
        handle = open(path, encoding="ascii")
    except OSError as error:
        fail(f"cannot read the trace {path}: {error.strerror}; give the file loadgen --trace wrote")
    moves = []
    with handle:
        for number, line in enumerate(handle, start=1):
            fields = line.split()
            try:
                if len(fields) != 4:
                    raise ValueError
                sent, rtt, match, seq = (int(field) for field in fields)
                if rtt < 0 or match < 0:
                    raise ValueError
            except ValueError:
                fail(f"{path}:{number}: not a move of loadgen's trace (SENT RTT MATCH SEQ): {line.strip()!r}")
            moves.append((sent, rtt, match, seq))
    if not moves:
        fail(f"{path} holds no move: was the run measured (loadgen printed moves=0)?")
    return moves


def percentile(ordered, p):
    # NB: the rank as loadgen reckons it (`hist_pct`), floating point and all: the ceiling of p % of n.
    rank = max(1, int(p / 100.0 * len(ordered) + 0.999999999))
    return ordered[min(rank, len(ordered)) - 1]


def windows(slow, gap):
    """Runs of slow moves, by the time each was answered: a run goes on while answers come within `gap`."""
    runs = []
    for answered, sent, rtt in sorted((sent + rtt, sent, rtt) for sent, rtt, _, _ in slow):
        if runs and answered - runs[-1]["end"] <= gap:
            run = runs[-1]
            run["end"] = answered
            run["moves"] += 1
            run["start"] = min(run["start"], sent)
            run["longest"] = max(run["longest"], rtt)
        else:
            runs.append({"start": sent, "end": answered, "moves": 1, "longest": rtt})
    return runs


def report(moves, slow_us, gap, least):
    ordered = sorted(rtt for _, rtt, _, _ in moves)
    matches = len({match for _, _, match, _ in moves})
    p99 = percentile(ordered, 99)
    threshold = p99 if slow_us is None else slow_us
    least = max(2, matches // 2) if least is None else least
    slow = [move for move in moves if move[1] >= threshold]
    runs = windows(slow, gap)
    wide = [run for run in runs if run["moves"] >= least]
    per_match = sorted(sum(1 for move in slow if move[2] == match) for match in {m for _, _, m, _ in moves})
    # NB: a game's early, middle and late moves, by seq: a slow first or last move would show here.
    by_seq = {}
    for _, rtt, _, seq in moves:
        part = "1-10" if seq <= 10 else "11-30" if seq <= 30 else "31+"
        count, slow_count = by_seq.get(part, (0, 0))
        by_seq[part] = (count + 1, slow_count + (rtt >= threshold))
    return {
        "moves": len(moves),
        "matches": matches,
        "p50Us": percentile(ordered, 50),
        "p90Us": percentile(ordered, 90),
        "p99Us": p99,
        "p999Us": percentile(ordered, 99.9),
        "maxUs": ordered[-1],
        "slowUs": threshold,
        "slowMoves": len(slow),
        "windowGapUs": gap,
        "hostWideLeast": least,
        "hostWideWindows": len(wide),
        "slowMovesInHostWideWindows": sum(run["moves"] for run in wide),
        "longestHostWideWindowUs": max((run["end"] - run["start"] for run in wide), default=0),
        "slowMovesPerMatch": {"least": per_match[0], "median": per_match[len(per_match) // 2], "most": per_match[-1]},
        "slowShareBySeq": {part: round(s / n, 4) for part, (n, s) in sorted(by_seq.items())},
    }


def main():
    parser = argparse.ArgumentParser(description="Where a run's slow moves fell (loadgen --trace).")
    parser.add_argument("trace")
    parser.add_argument("--slow", type=int, metavar="US", help="a slow move's round trip (default: the p99)")
    parser.add_argument("--gap", type=int, default=3000, metavar="US", help="the most between a window's answers")
    parser.add_argument(
        "--least", type=int, metavar="N", help="slow moves of a host-wide window (default: half the matches)"
    )
    parser.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    arguments = parser.parse_args()
    if arguments.gap <= 0 or (arguments.slow is not None and arguments.slow <= 0) or (
        arguments.least is not None and arguments.least <= 0
    ):
        fail("--slow, --gap and --least take a number above 0")
    result = report(read_trace(arguments.trace), arguments.slow, arguments.gap, arguments.least)
    if arguments.json:
        print(json.dumps(result))
        return
    slow, wide = result["slowMoves"], result["slowMovesInHostWideWindows"]
    print(f"moves            {result['moves']} in {result['matches']} matches")
    print(
        f"round trip       p50 {result['p50Us']} us, p90 {result['p90Us']}, p99 {result['p99Us']}, "
        f"p99.9 {result['p999Us']}, max {result['maxUs']}"
    )
    print(f"slow moves       {slow} at {result['slowUs']} us or more")
    print(
        f"host-wide        {result['hostWideWindows']} windows of {result['hostWideLeast']} slow moves or more "
        f"(answers within {result['windowGapUs']} us) held {wide} of them ({100 * wide / max(slow, 1):.0f} %), "
        f"the longest {result['longestHostWideWindowUs']} us"
    )
    spread = result["slowMovesPerMatch"]
    print(f"per match        {spread['least']} to {spread['most']} slow moves (median {spread['median']})")
    shares = ", ".join(f"{part}: {100 * share:.1f} %" for part, share in result["slowShareBySeq"].items())
    print(f"by seq in game   {shares}")


if __name__ == "__main__":
    main()
