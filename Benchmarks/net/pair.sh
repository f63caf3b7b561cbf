#!/usr/bin/env bash
# Two builds of tcnet measured at the same time, so that the machine's load falls on both alike.
#
#   Benchmarks/net/pair.sh --a OLD/tcnet --b NEW/tcnet                  # the C client, 50 matches, 6 rounds of 6 s
#   Benchmarks/net/pair.sh --a OLD/tcnet --b NEW/tcnet --client bench   # each build's own `tcnet bench net`
#   Benchmarks/net/pair.sh --a OLD/tcnet --b NEW/tcnet --matches 500 --rounds 10 --duration 4
#
# Each round starts a `tcnet host` of each build (as run.sh starts its hosts), then a client against each,
# both at once, for the same seconds: the C load generator (Benchmarks/net/loadgen.c), or with --client bench
# each build's `tcnet bench net --target`. The round reads each host's CPU a move from /proc/PID/stat over
# its client's measured window. Which host starts first alternates from round to round. A client that
# fails (a state its rules disagree with, an error) stops the script with the client's own words: a build
# that breaks the game is not compared.
#
# Why: on a shared machine one build's CPU a move moves by a fifth from one minute to the next (issue 14's
# rounds), more than most changes measured; two builds under load at once see the same minute, and their
# ratio holds where runs one after the other do not. The figures are not a solo run's: the two hosts and
# two clients share the cores, so only the ratio of the two columns is meant to be read.
#
# Prints a Markdown table, a round a row, and one summary line:
#   B/A host CPU a move: median 0.93 (B lower in 11 of 12 rounds)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=Benchmarks/net/host.sh
source "$here/host.sh"

a=""
b=""
matches=50
duration=6
rounds=6
client=c
usage="usage: $0 --a PATH --b PATH [--client c|bench] [--matches N] [--duration S] [--rounds N]"
while [ $# -gt 0 ]; do
    case "$1" in
        --a | --b | --client | --matches | --duration | --rounds)
            [ $# -ge 2 ] || { echo "$0: $1 needs a value; $usage" >&2; exit 64; } ;;
    esac
    case "$1" in
        --a) a=$2; shift 2 ;;
        --b) b=$2; shift 2 ;;
        --client) client=$2; shift 2 ;;
        --matches) matches=$2; shift 2 ;;
        --duration) duration=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;;
        *) echo "$usage" >&2; exit 64 ;;
    esac
done
for name in a b; do
    path=${!name}
    [ -n "$path" ] || { echo "$0: --$name names a tcnet binary to compare; $usage" >&2; exit 64; }
    [ -x "$path" ] \
        || { echo "$0: --$name $path is not an executable file; build it (swift build -c release)" >&2; exit 64; }
done
case "$client" in
    c | bench) ;;
    *)
        echo "$0: --client is c (the C load generator) or bench (each build's tcnet bench net), not '$client'" >&2
        exit 64
        ;;
esac
for name in matches duration rounds; do
    case "${!name}" in
        '' | *[!0-9]* | 0*) echo "$0: --$name takes a whole number, 1 or more, not '${!name}'" >&2; exit 64 ;;
    esac
done

out=$(mktemp -d /tmp/tcnet-pair.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
if [ "$client" = c ]; then
    cc -O2 -o "$out/loadgen" "$here/loadgen.c"
fi

# Runs the round's client for SIDE (a or b) against PORT, reading PID's CPU; writes $out/SIDE-ROUND.json.
run_client() {
    local side=$1 binary=$2 port=$3 pid=$4 round=$5 f
    f="$out/$side-$round.json"
    if [ "$client" = c ]; then
        "$out/loadgen" -p "$port" -m "$matches" -d "$duration" --host-pid "$pid" --json >"$f" 2>"${f%.json}.err"
    else
        "$binary" bench net --matches "$matches" --duration "$duration" --target "127.0.0.1:$port" \
            --host-pid "$pid" --json >"$f" 2>"${f%.json}.err"
    fi
}

for round in $(seq 1 "$rounds"); do
    first=a
    [ $((round % 2)) -eq 0 ] && first=b
    second=$([ "$first" = a ] && echo b || echo a)
    declare -A pid=() port=()
    for side in "$first" "$second"; do
        binary=$([ "$side" = a ] && echo "$a" || echo "$b")
        start_bench_host "$binary" "$out/host-$side-$round" $((2 * matches + 16)) --no-web
        pid[$side]=$host_pid
        port[$side]=$host_port
    done
    run_client a "$a" "${port[a]}" "${pid[a]}" "$round" &
    client_a=$!
    run_client b "$b" "${port[b]}" "${pid[b]}" "$round" &
    client_b=$!
    status=0
    wait "$client_a" || status=$?
    wait "$client_b" || status=$?
    for side in a b; do
        kill -TERM "${pid[$side]}"
        wait "${pid[$side]}" 2>/dev/null || true
    done
    [ "$status" -eq 0 ] || { echo "a client failed in round $round:" >&2; cat "$out"/*-"$round".err >&2; exit 1; }
    echo "$round $first" >>"$out/rounds"
done

python3 - "$out" "$client" <<'PY'
import json, re, statistics, sys
out, client = sys.argv[1], sys.argv[2]

def measured(side, round):
    """Host CPU µs a move, client CPU µs a move, moves/s, desyncs and errors of one side's run."""
    path = f"{out}/{side}-{round}.json"
    if client == "bench":
        o = json.load(open(path))
        return o["hostCpuMicrosPerMove"], o["clientCpuMicrosPerMove"], o["movesPerSecond"], o["desyncs"], o["errors"]
    o = json.load(open(path))
    line = next(l for l in open(path[:-5] + ".err") if l.startswith("loadgen:"))
    field = lambda name: float(re.search(name + r"=([0-9.]+)", line).group(1))
    host, own = field("hostCpuUsPerMove"), field("clientCpuUsPerMove")
    return host, own, o["movesPerSecond"], int(field("desyncs")), o["errors"]

host_ratios, client_ratios = [], []
print("| round | first | A host CPU µs/move | B host CPU µs/move | B/A | A client CPU | B client CPU"
      " | A moves/s | B moves/s |")
print("|---|---|---|---|---|---|---|---|---|")
for line in open(f"{out}/rounds"):
    round, first = line.split()
    ha, ca, ra, da, ea = measured("a", round)
    hb, cb, rb, db, eb = measured("b", round)
    # NB: both clients already fail on a desync, and loadgen on an error; `bench net` reports its errors and
    # goes on, so a round with any is refused here.
    if da or db or ea or eb:
        sys.exit(f"round {round}: desyncs {da}/{db}, errors {ea}/{eb}: a build is broken, the figures mean nothing")
    host_ratios.append(hb / ha)
    client_ratios.append(cb / ca)
    print(f"| {round} | {first.upper()} | {ha:.1f} | {hb:.1f} | {hb / ha:.3f} | {ca:.1f} | {cb:.1f}"
          f" | {ra:.0f} | {rb:.0f} |")
def summary(what, ratios):
    lower = sum(1 for r in ratios if r < 1)
    print(f"B/A {what} CPU a move: median {statistics.median(ratios):.2f} (B lower in {lower} of {len(ratios)} rounds)")

print()
summary("host", host_ratios)
if client == "bench":
    summary("client", client_ratios)
print(f"raw results: {out}")
PY
