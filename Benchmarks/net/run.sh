#!/usr/bin/env bash
# The host benchmarks of docs/BENCHMARKS.md, each next to Redis measured in the same run.
#
#   Benchmarks/net/run.sh                      # release build; 1, 50 and 500 matches for 10 s; 10,000 idle
#   Benchmarks/net/run.sh --matches "50" --duration 20 --idle 0
#   Benchmarks/net/run.sh --smoke --tcnet PATH  # everything briefly (CI adds --rounds 2); no figure is judged
#   Benchmarks/net/run.sh --every-core          # every tcnet host started with --every-core
#   Benchmarks/net/run.sh --rounds 3            # everything three times, Redis beside each round
#   Benchmarks/net/run.sh --trace               # the C client also traces every move (tail.py reads it)
#
# For each number of matches M: `redis-benchmark -t set -c M` (Redis's own CPU per request from
# /proc/PID/stat), then `tcnet bench net --matches M` (it starts its own host), then the C load generator
# (Benchmarks/net/loadgen.c) against a `tcnet host` started here, over TCP and then over the host's WebSocket
# (as a browser's client speaks tcnet/1, `loadgen --websocket /ws`) against another, then the floor (Benchmarks/net/floor.c: a C
# relay with the same messages and journal and no game, with and without its journal), then the same relay
# written with SwiftNIO (`tcnet bench relay`, with NIO's writes and with the host's), floor.c's load against it.
# Then `tcnet bench idle`. Prints one Markdown table, each row with its round and its rate over Redis's in the same round
# (with --rounds N, every number of matches is measured N times in turn, and a second table gives the
# median of each client's ratios: on a shared machine one round's ratio moves by a sixth); with --trace, a
# table of where the C client's slow moves fell (Benchmarks/net/tail.py: in windows where most matches
# waited at once, or spread). The raw JSON of every run is kept in the folder named at the end.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
# shellcheck source=Benchmarks/net/host.sh
source "$here/host.sh"

matches="1 50 500"
duration=10
idle=10000
tcnet=""
smoke=0
requests=200000
rounds=1
every_core=()
trace=0
while [ $# -gt 0 ]; do
    case "$1" in
        --matches) matches=$2; shift 2 ;;
        --duration) duration=$2; shift 2 ;;
        --idle) idle=$2; shift 2 ;;
        --tcnet) tcnet=$2; shift 2 ;;
        --smoke) smoke=1; shift ;;
        --every-core) every_core=(--every-core); shift ;;
        --rounds) rounds=$2; shift 2 ;;
        --trace) trace=1; shift ;;
        *) echo "usage: $0 [--smoke] [--every-core] [--trace] [--matches \"1 50 500\"] [--duration S] [--idle N] [--rounds N] [--tcnet PATH]" >&2; exit 64 ;;
    esac
done
case "$rounds" in
    '' | *[!0-9]* | 0*) echo "$0: --rounds takes a number of rounds, 1 or more, not '$rounds'" >&2; exit 64 ;;
esac
if [ "$smoke" -eq 1 ]; then
    matches="1 3"
    duration=1
    idle=50
    requests=2000
fi

out=$(mktemp -d /tmp/tcnet-benchmarks.XXXXXX)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT

if [ -z "$tcnet" ]; then
    (cd "$root" && swift build -c release --product tcnet >/dev/null)
    tcnet="$root/.build/release/tcnet"
fi
cc -O2 -o "$out/loadgen" "$here/loadgen.c"
cc -O2 -o "$out/floor" "$here/floor.c" -lsqlite3 -lpthread

# --- Redis, the yardstick -------------------------------------------------------------------------------
redis_port=""
if command -v redis-server >/dev/null && command -v redis-benchmark >/dev/null; then
    # NB: a free port of its own: a Redis already on 6399 (someone's) answered the pings for ours, which had
    # stopped at once (port in use), and the script then read the CPU of a process that was gone.
    redis_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
        >"$out/redis.log" 2>&1 &
    redis_pid=$!
    pids+=("$redis_pid")
    for _ in $(seq 1 100); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
    kill -0 "$redis_pid" 2>/dev/null && redis-cli -p "$redis_port" ping >/dev/null 2>&1 \
        || { echo "redis-server did not start on 127.0.0.1:$redis_port:" >&2; cat "$out/redis.log" >&2; exit 1; }
else
    echo "redis-server or redis-benchmark missing: Redis is left out (apt-get install redis-server redis-tools)" >&2
fi

cpu_ticks() { awk '{ sub(/.*\) /, ""); print $12 + $13 }' "/proc/$1/stat"; }

# Prints: requests/s, p50 µs, p99 µs, Redis CPU µs per request.
redis_run() {
    local clients=$1 before after
    before=$(cpu_ticks "$redis_pid")
    redis-benchmark -h 127.0.0.1 -p "$redis_port" -t set -c "$clients" -n "$requests" --csv >"$out/redis-$clients.csv"
    after=$(cpu_ticks "$redis_pid")
    python3 - "$out/redis-$clients.csv" "$before" "$after" "$requests" "$(getconf CLK_TCK)" <<'PY'
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
head, row = rows[0], rows[1]
get = lambda name: float(row[head.index(name)])
cpu = (int(sys.argv[3]) - int(sys.argv[2])) * 1e6 / int(sys.argv[5]) / int(sys.argv[4])
print(f"{get('rps'):.0f} {get('p50_latency_ms') * 1000:.0f} {get('p99_latency_ms') * 1000:.0f} {cpu:.1f}")
PY
}

# Runs the C load generator against a host started here, on its TCP port, or on its web port with
# "--websocket /ws" among its arguments; adds the row. Its files are named for the run and `suffix`.
c_client() {
    local m=$1 round=$2 run=$3 label=$4 suffix=$5 folder port rss f line host_cpu client_cpu
    shift 5
    folder="$out/host-$run$suffix"
    start_bench_host "$tcnet" "$folder" $((2 * m + 16)) "${every_core[@]}"
    port=$host_port
    [[ " $* " == *" --websocket "* ]] && port=$host_web_port
    f="$out/loadgen-$run$suffix.json"
    "$out/loadgen" -p "$port" -m "$m" -d "$duration" --json --host-pid "$host_pid" "$@" >"$f" 2>"${f%.json}.err"
    rss=$(peak_rss "$host_pid")
    stop_host
    line=$(grep '^loadgen:' "${f%.json}.err")
    host_cpu=$(echo "$line" | grep -o 'hostCpuUsPerMove=[0-9.]*' | cut -d= -f2)
    client_cpu=$(echo "$line" | grep -o 'clientCpuUsPerMove=[0-9.]*' | cut -d= -f2)
    row "$m" "$round" "$label" "$(json "$f" movesPerSecond)" "$(json "$f" p50Us) | $(json "$f" p99Us) | ${host_cpu:-n/a} | ${client_cpu:-n/a} | $rss"
}

# Runs floor.c's load against `tcnet bench relay --writes WRITES` (journal on); adds the row.
nio_floor() {
    local m=$1 round=$2 run=$3 writes=$4 f log relay_pid relay_port=""
    f="$out/relay-$run-$writes.json"
    log="${f%.json}.log"
    "$tcnet" bench relay --matches "$m" --writes "$writes" 2>"$log" &
    relay_pid=$!
    pids+=("$relay_pid")
    for _ in $(seq 1 200); do
        relay_port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$log" 2>/dev/null | cut -d: -f2 || true)
        [ -n "$relay_port" ] && break
        sleep 0.1
    done
    [ -n "$relay_port" ] || { echo "tcnet bench relay did not start:" >&2; cat "$log" >&2; exit 1; }
    "$out/floor" -m "$m" -d "$duration" --target "$relay_port" --host-pid "$relay_pid" --json >"$f" 2>"${f%.json}.err"
    # NB: the relay stops as its load leaves, and says what it did.
    wait "$relay_pid" || { echo "tcnet bench relay failed:" >&2; cat "$log" >&2; exit 1; }
    row "$m" "$round" "floor (NIO relay, $writes writes, journal on)" "$(json "$f" movesPerSecond)" "n/a | n/a | $(json "$f" hostCpuMicrosPerMove) | $(json "$f" clientCpuMicrosPerMove) | n/a"
}

stop_host() {
    kill -TERM "$host_pid"
    wait "$host_pid" || true
}

peak_rss() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status"; }

json() { python3 -c 'import json, sys; o = json.load(open(sys.argv[1])); v = o.get(sys.argv[2]); print("n/a" if v is None else v)' "$1" "$2"; }

# A rate over Redis's, as "0.29x"; n/a without Redis.
over() { python3 -c 'import sys; print(f"{float(sys.argv[1]) / float(sys.argv[2]):.2f}x")' "$1" "$2" 2>/dev/null || echo n/a; }

rows=()
# The C client's slow moves, a row a traced run (--trace).
tails=()
# Each row's matches, client and ratio, for the medians.
ratios=()
# Adds a table row: matches, round, client, the measured columns, Redis's, and the rate over Redis's.
row() {
    local m=$1 round=$2 client=$3 rate=$4 rest=$5 ratio
    ratio=$(over "$rate" "$redis_rps")
    rows+=("| $m | $round | $client | $rate | $rest | $redis_rps | $redis_p50 | $redis_p99 | $redis_cpu | $ratio |")
    ratios+=("$m|$client|$ratio")
}

for m in $matches; do
    for round in $(seq 1 "$rounds"); do
        run="$m-$round"
        redis="n/a n/a n/a n/a"
        [ -n "$redis_port" ] && redis=$(redis_run "$m")
        read -r redis_rps redis_p50 redis_p99 redis_cpu <<<"$redis"

        # tcnet bench net: its own host as a child process.
        "$tcnet" bench net --matches "$m" --duration "$duration" "${every_core[@]}" --json >"$out/bench-$run.json"
        f="$out/bench-$run.json"
        row "$m" "$round" "\`tcnet bench net\`" "$(json "$f" movesPerSecond)" "$(json "$f" latencyP50Us) | $(json "$f" latencyP99Us) | $(json "$f" hostCpuMicrosPerMove) | $(json "$f" clientCpuMicrosPerMove) | $(json "$f" hostPeakRssKiB)"

        # The C load generator against a host started here, on TCP (traced with --trace), then over the
        # WebSocket against another.
        traced=()
        [ "$trace" -eq 1 ] && traced=(--trace "$out/trace-$run.txt")
        c_client "$m" "$round" "$run" "C client" "" "${traced[@]}"
        c_client "$m" "$round" "$run" "C client, WebSocket" "-ws" --websocket /ws
        if [ "$trace" -eq 1 ]; then
            f="$out/tail-$run.json"
            python3 "$here/tail.py" "$out/trace-$run.txt" --json >"$f"
            tails+=("| $m | $round | $(json "$f" moves) | $(json "$f" p99Us) | $(json "$f" p999Us) | $(json "$f" maxUs) | $(json "$f" slowMoves) | $(json "$f" hostWideWindows) | $(json "$f" slowMovesInHostWideWindows) | $(json "$f" longestHostWideWindowUs) |")
        fi

        # The floor: a C relay with the same messages (and journal), no game; its host is its own child.
        for journal in "" "--no-journal"; do
            f="$out/floor-$run${journal:+-none}.json"
            "$out/floor" -m "$m" -d "$duration" $journal --json >"$f" 2>"${f%.json}.err"
            row "$m" "$round" "floor (C relay, journal $(json "$f" journal))" "$(json "$f" movesPerSecond)" "n/a | n/a | $(json "$f" hostCpuMicrosPerMove) | $(json "$f" clientCpuMicrosPerMove) | n/a"
        done
        # The same relay written with SwiftNIO (`tcnet bench relay`), its answers written as NIO programs
        # write them and as the host writes a turn's states; the C floor's load plays against it.
        for writes in pipeline direct; do
            nio_floor "$m" "$round" "$run" "$writes"
        done
    done
done

idle_row=""
if [ "$idle" -gt 0 ]; then
    redis="n/a n/a n/a n/a"
    [ -n "$redis_port" ] && redis=$(redis_run 50)
    read -r redis_rps redis_p50 redis_p99 redis_cpu <<<"$redis"
    "$tcnet" bench idle --connections "$idle" "${every_core[@]}" --json >"$out/idle.json"
    f="$out/idle.json"
    idle_row="| $(json "$f" connections) | $(json "$f" hostPeakRssKiB) | $(json "$f" hostKiBPerConnection) | $(json "$f" greetingP50Us) | $(json "$f" greetingP99Us) | $redis_rps | $redis_p99 |"
fi

echo
echo "| matches | round | client | moves/s | p50 µs | p99 µs | host CPU µs/move | client CPU µs/move | host peak RSS KiB | Redis SET/s (-c matches) | Redis p50 µs | Redis p99 µs | Redis CPU µs/request | rate / Redis |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
if [ "$rounds" -gt 1 ]; then
    echo
    echo "| matches | client | rate / Redis, each round | median |"
    echo "|---|---|---|---|"
    printf '%s\n' "${ratios[@]}" | python3 -c '
import statistics, sys
seen = {}
for line in sys.stdin.read().splitlines():
    m, client, ratio = line.split("|")
    seen.setdefault((m, client), []).append(ratio)
for (m, client), ratios in seen.items():
    numbers = [float(r[:-1]) for r in ratios if r != "n/a"]
    median = f"{statistics.median(numbers):.2f}x" if numbers else "n/a"
    each = ", ".join(ratios)
    print(f"| {m} | {client} | {each} | {median} |")
'
fi
if [ "${#tails[@]}" -gt 0 ]; then
    echo
    echo "Where the C client's slow moves fell (tail.py; slow: at the run's p99 or over; host-wide: a window of"
    echo "slow answers, each within 3 ms of the one before, holding as many slow moves as half the matches, and"
    echo "at least two):"
    echo
    echo "| matches | round | moves | p99 µs | p99.9 µs | max µs | slow moves | host-wide windows | slow moves in them | longest window µs |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    printf '%s\n' "${tails[@]}"
fi
if [ -n "$idle_row" ]; then
    echo
    echo "| idle connections | host peak RSS KiB | KiB per connection | greeting p50 µs | greeting p99 µs | Redis SET/s (-c 50) | Redis p99 µs |"
    echo "|---|---|---|---|---|---|---|"
    echo "$idle_row"
fi
echo
echo "raw results: $out"
