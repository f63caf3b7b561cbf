#!/usr/bin/env bash
# The short chaos runs (issue 16), against a real `tcnet host` each:
#   1. a low descriptor limit (prlimit): every connection answered, welcome or host-full;
#   2. a 2 MB tmpfs that fills: the match pauses, moves get disk-full, and it plays on once there is room;
#   3. five kill -9s while `tcnet join --bot` pairs play: every state a bot printed is in the journal;
#      (CHAOS_FAULT=write-behind runs this host with that fault, which the check must catch)
#   4. a link cut between two network namespaces: the host's idle timeout, the grace period, the pause,
#      and both players resuming with their tokens.
# Needs root, prlimit (util-linux), iproute2, python3. Usage: .ci/chaos.sh [path/to/tcnet]
set -euo pipefail
tcnet=$(realpath "${1:-.build/debug/tcnet}")
here=$(cd "$(dirname "$0")" && pwd)
chaos="python3 $here/chaos.py"
work=$(mktemp -d)
tag="tch$$"
pids=()
mnt="$work/disk"

cleanup() {
    for pid in "${pids[@]}"; do kill -9 "$pid" 2>/dev/null || true; done
    sleep 0.3
    umount -l "$mnt" 2>/dev/null || true
    ip netns del "${tag}h" 2>/dev/null || true
    ip netns del "${tag}c" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

# Starts a host in the background: start_host NAME [PREFIX...] -- ARGS...; sets $host_pid.
start_host() {
    local name=$1; shift
    local prefix=()
    while [ "$1" != "--" ]; do prefix+=("$1"); shift; done
    shift
    "${prefix[@]}" "$tcnet" host --no-advertise --no-web "$@" >"$work/$name.out" 2>>"$work/$name.log" &
    host_pid=$!
    pids+=("$host_pid")
    for _ in $(seq 1 300); do grep -q listening "$work/$name.log" 2>/dev/null && return 0; sleep 0.1; done
    echo "chaos: the host $name did not start"; cat "$work/$name.log"; exit 1
}

# --- 1. A low descriptor limit --------------------------------------------------------------------
echo "-- chaos 1: 96 open files, 80 connections"
start_host fds prlimit --nofile=96:96 -- --bind 127.0.0.1 --port 7551 --data "$work/fds" --max-connections 2000
grep -i "connections" "$work/fds.out" | head -n 2
$chaos fds 7551
kill -TERM "$host_pid"; wait "$host_pid"

# --- 2. A disk that fills ---------------------------------------------------------------------------
echo "-- chaos 2: a 2 MB tmpfs that fills"
mkdir -p "$mnt"
mount -t tmpfs -o size=2m tmpfs "$mnt"
start_host disk -- --bind 127.0.0.1 --port 7552 --data "$mnt/data"
grep "Disk:" "$work/disk.out"
$chaos disk 7552 "$mnt" | tee "$work/disk-steps.log"
kill -TERM "$host_pid"; wait "$host_pid"
read -r _ table match seq hash < <(grep ^ACKNOWLEDGED "$work/disk-steps.log")
stored=$(sqlite3 "$mnt/data/tcnet.sqlite" \
    "SELECT json_extract(record, '$.hash') FROM move WHERE tableID = '$table' AND match = $match AND seq = $seq")
[ "$stored" = "$hash" ] || { echo "chaos: FAILED: the move acknowledged on room again is not in the journal"; exit 1; }
grep -q "disk is full" "$work/disk.log" || { echo "chaos: FAILED: the host did not log the full disk"; exit 1; }
echo "chaos: disk: the acknowledged move is in the journal; the host logged the full disk and the room again"
umount -l "$mnt"

# --- 3. Five kill -9s during bot matches --------------------------------------------------------------
echo "-- chaos 3: five kill -9s while three pairs of bots play"
data="$work/kill"
fault=()
[ -n "${CHAOS_FAULT:-}" ] && fault=(--inject-fault "$CHAOS_FAULT")
start_host kill -- --bind 127.0.0.1 --port 7553 --data "$data" "${fault[@]}"
bots=()
for b in 1 2 3 4 5 6; do
    (
        i=0
        while [ ! -e "$work/stop" ]; do
            i=$((i + 1))
            timeout 60 "$tcnet" join 127.0.0.1:7553 --name "bot${b}n${i}" --bot random --seed $((b * 1000 + i)) \
                >>"$work/bot$b.log" 2>&1 || true
        done
    ) 2>/dev/null &
    bots+=("$!")
    pids+=("$!")
    # NB: each bot seated before the next looks for a table, so they pair up instead of each opening a
    # table of its own (six at once once all did, and no match started before the kills).
    for _ in $(seq 1 300); do grep -q "seated at" "$work/bot$b.log" 2>/dev/null && break; sleep 0.1; done
done
for round in 1 2 3 4 5; do
    sleep 2
    before=$(cat "$work"/bot*.log | grep -c " | hash " || true)
    kill -9 "$host_pid"; wait "$host_pid" 2>/dev/null || true
    echo "chaos: kill -9 number $round after $before printed states"
    start_host kill -- --bind 127.0.0.1 --port 7553 --data "$data" "${fault[@]}"
done
sleep 3
touch "$work/stop"
# NB: the matches under way finish; a bot left waiting for an opponent is stopped with the host.
for _ in $(seq 1 200); do
    running=0
    for pid in "${bots[@]}"; do kill -0 "$pid" 2>/dev/null && running=$((running + 1)); done
    [ "$running" -le 1 ] && break
    sleep 0.1
done
kill -TERM "$host_pid"; wait "$host_pid"
pkill -f "join 127.0.0.1:7553" 2>/dev/null || true
for pid in "${bots[@]}"; do wait "$pid" 2>/dev/null || true; done
grep -h "resumed as" "$work"/bot*.log | wc -l | xargs echo "chaos: bots that resumed after a kill:"
[ "$(grep -h "resumed as" "$work"/bot*.log | wc -l)" -gt 0 ] || { echo "chaos: FAILED: no bot resumed"; exit 1; }
$chaos journal "$data/tcnet.sqlite" "$work"/bot*.log

# --- 4. A cut link between two namespaces ---------------------------------------------------------------
echo "-- chaos 4: a link cut between two network namespaces (idle timeout 5 s, grace 2 s)"
ip netns add "${tag}h"
ip netns add "${tag}c"
ip link add "${tag}a" type veth peer name "${tag}b"
ip link set "${tag}a" netns "${tag}h"
ip link set "${tag}b" netns "${tag}c"
ip -n "${tag}h" addr add 169.254.78.1/24 dev "${tag}a"
ip -n "${tag}c" addr add 169.254.78.2/24 dev "${tag}b"
for ns in "${tag}h" "${tag}c"; do ip -n "$ns" link set lo up; done
ip -n "${tag}h" link set "${tag}a" up
ip -n "${tag}c" link set "${tag}b" up
start_host link ip netns exec "${tag}h" -- --bind 169.254.78.1 --port 7554 --data "$work/link" --idle-timeout 5
ip netns exec "${tag}c" $chaos linkcut 169.254.78.1 7554 "${tag}b"
kill -TERM "$host_pid"; wait "$host_pid"
echo "-- chaos: all four runs hold"
