#!/usr/bin/env bash
# The host benchmarks of docs/BENCHMARKS.md, each next to Redis measured in the same run.
#
#   Benchmarks/net/run.sh                      # release build; 1, 50 and 500 matches for 10 s; 10,000 idle
#   Benchmarks/net/run.sh --matches "50" --duration 20 --idle 0
#   Benchmarks/net/run.sh --smoke --tcnet PATH  # CI: everything runs once, briefly; no figure is judged
#   Benchmarks/net/run.sh --every-core          # every tcnet host started with --every-core
#
# For each number of matches M: `redis-benchmark -t set -c M` (Redis's own CPU per request from
# /proc/PID/stat), then `tcnet bench net --matches M` (it starts its own host), then the C load generator
# (Benchmarks/net/loadgen.c) against a `tcnet host` started here, then the floor (Benchmarks/net/floor.c: a C
# relay with the same messages and journal and no game, with and without its journal). Then `tcnet bench
# idle`. Prints one Markdown table; the raw JSON of every run is kept in the folder named at the end.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

matches="1 50 500"
duration=10
idle=10000
tcnet=""
smoke=0
requests=200000
every_core=()
while [ $# -gt 0 ]; do
    case "$1" in
        --matches) matches=$2; shift 2 ;;
        --duration) duration=$2; shift 2 ;;
        --idle) idle=$2; shift 2 ;;
        --tcnet) tcnet=$2; shift 2 ;;
        --smoke) smoke=1; shift ;;
        --every-core) every_core=(--every-core); shift ;;
        *) echo "usage: $0 [--smoke] [--every-core] [--matches \"1 50 500\"] [--duration S] [--idle N] [--tcnet PATH]" >&2; exit 64 ;;
    esac
done
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
    redis_port=6399
    redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize no \
        >"$out/redis.log" 2>&1 &
    redis_pid=$!
    pids+=("$redis_pid")
    for _ in $(seq 1 100); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done
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

# Starts `tcnet host` on a free port; sets host_pid and host_port.
start_host() {
    local connections=$1 folder=$2
    mkdir -p "$folder"
    "$tcnet" host --bind 127.0.0.1 --port 0 --data "$folder" --name bench --rate-limit 1000000/1000000 \
        --max-connections "$connections" --no-advertise --log-level info "${every_core[@]}" \
        >/dev/null 2>"$folder/host.log" </dev/null &
    host_pid=$!
    pids+=("$host_pid")
    host_port=""
    for _ in $(seq 1 200); do
        # NB: the TCP side's line: the web side logs a port= of its own, sometimes first.
        host_port=$(grep '\[Peer\] listening' "$folder/host.log" 2>/dev/null | grep -o 'port=[0-9]*' | head -n 1 \
            | cut -d= -f2 || true)
        [ -n "$host_port" ] && break
        sleep 0.1
    done
    [ -n "$host_port" ] || { echo "the host did not start:" >&2; cat "$folder/host.log" >&2; exit 1; }
}

stop_host() {
    kill -TERM "$host_pid"
    wait "$host_pid" || true
}

peak_rss() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status"; }

json() { python3 -c 'import json, sys; o = json.load(open(sys.argv[1])); v = o.get(sys.argv[2]); print("n/a" if v is None else v)' "$1" "$2"; }

rows=()
for m in $matches; do
    redis="n/a n/a n/a n/a"
    [ -n "$redis_port" ] && redis=$(redis_run "$m")
    read -r redis_rps redis_p50 redis_p99 redis_cpu <<<"$redis"

    # tcnet bench net: its own host as a child process.
    "$tcnet" bench net --matches "$m" --duration "$duration" "${every_core[@]}" --json >"$out/bench-$m.json"
    f="$out/bench-$m.json"
    rows+=("| $m | \`tcnet bench net\` | $(json "$f" movesPerSecond) | $(json "$f" latencyP50Us) | $(json "$f" latencyP99Us) | $(json "$f" hostCpuMicrosPerMove) | $(json "$f" clientCpuMicrosPerMove) | $(json "$f" hostPeakRssKiB) | $redis_rps | $redis_p50 | $redis_p99 | $redis_cpu |")

    # The C load generator against a host started here.
    start_host $((2 * m + 16)) "$out/host-$m"
    "$out/loadgen" -p "$host_port" -m "$m" -d "$duration" --json --host-pid "$host_pid" \
        >"$out/loadgen-$m.json" 2>"$out/loadgen-$m.err"
    rss=$(peak_rss "$host_pid")
    stop_host
    f="$out/loadgen-$m.json"
    line=$(grep '^loadgen:' "$out/loadgen-$m.err")
    host_cpu=$(echo "$line" | grep -o 'hostCpuUsPerMove=[0-9.]*' | cut -d= -f2)
    client_cpu=$(echo "$line" | grep -o 'clientCpuUsPerMove=[0-9.]*' | cut -d= -f2)
    rows+=("| $m | C client | $(json "$f" movesPerSecond) | $(json "$f" p50Us) | $(json "$f" p99Us) | ${host_cpu:-n/a} | ${client_cpu:-n/a} | $rss | $redis_rps | $redis_p50 | $redis_p99 | $redis_cpu |")

    # The floor: a C relay with the same messages (and journal), no game; its host is its own child.
    for journal in "" "--no-journal"; do
        f="$out/floor-$m${journal:+-none}.json"
        "$out/floor" -m "$m" -d "$duration" $journal --json >"$f" 2>"${f%.json}.err"
        rows+=("| $m | floor (C relay, journal $(json "$f" journal)) | $(json "$f" movesPerSecond) | n/a | n/a | $(json "$f" hostCpuMicrosPerMove) | $(json "$f" clientCpuMicrosPerMove) | n/a | $redis_rps | $redis_p50 | $redis_p99 | $redis_cpu |")
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
echo "| matches | client | moves/s | p50 µs | p99 µs | host CPU µs/move | client CPU µs/move | host peak RSS KiB | Redis SET/s (-c matches) | Redis p50 µs | Redis p99 µs | Redis CPU µs/request |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
if [ -n "$idle_row" ]; then
    echo
    echo "| idle connections | host peak RSS KiB | KiB per connection | greeting p50 µs | greeting p99 µs | Redis SET/s (-c 50) | Redis p99 µs |"
    echo "|---|---|---|---|---|---|---|"
    echo "$idle_row"
fi
echo
echo "raw results: $out"
