#!/usr/bin/env bash
# Discovery across a real (virtual) network: two network namespaces joined by a veth pair, a D-Bus
# system bus and avahi-daemon in each, `tcnet host` in one, `tcnet discover` and two `tcnet join --bot`
# in the other. Nothing leaves the two namespaces: they have no route anywhere else.
# Needs root, iproute2, dbus-daemon, avahi-daemon (apt: iproute2 dbus avahi-daemon). Usage:
#   .ci/netns-discovery.sh [path/to/tcnet]
set -euo pipefail
tcnet=$(realpath "${1:-.build/debug/tcnet}")
tag="tcn$$"
host_ns="${tag}h" client_ns="${tag}c"
work=$(mktemp -d)
pids=()

cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    sleep 0.3
    ip netns del "$host_ns" 2>/dev/null || true
    ip netns del "$client_ns" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

for tool in ip dbus-daemon avahi-daemon unshare; do
    command -v "$tool" >/dev/null || { echo "netns-discovery: $tool is missing (apt-get install iproute2 dbus avahi-daemon)"; exit 1; }
done

ip netns add "$host_ns"
ip netns add "$client_ns"
ip link add "${tag}a" type veth peer name "${tag}b"
ip link set "${tag}a" netns "$host_ns"
ip link set "${tag}b" netns "$client_ns"
# NB: link-local addresses that exist only inside these two namespaces.
ip -n "$host_ns" addr add 169.254.77.1/24 dev "${tag}a"
ip -n "$client_ns" addr add 169.254.77.2/24 dev "${tag}b"
for ns in "$host_ns" "$client_ns"; do ip -n "$ns" link set lo up; done
ip -n "$host_ns" link set "${tag}a" up multicast on
ip -n "$client_ns" link set "${tag}b" up multicast on

# One D-Bus system bus and one avahi-daemon per namespace; each daemon in a mount namespace of its own
# with a private /run/avahi-daemon (its pid file and socket would clash otherwise).
start_avahi() {
    local ns=$1 iface=$2 dir="$work/$1"
    mkdir -p "$dir"
    cat >"$dir/bus.conf" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>system</type>
  <listen>unix:path=$dir/bus</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow user="*"/><allow own="*"/><allow send_destination="*"/><allow receive_sender="*"/>
  </policy>
</busconfig>
CONF
    cat >"$dir/avahi.conf" <<CONF
[server]
host-name=$ns
use-ipv4=yes
use-ipv6=no
allow-interfaces=$iface
enable-dbus=yes
ratelimit-interval-usec=1000000
ratelimit-burst=1000
[wide-area]
enable-wide-area=no
[publish]
publish-hinfo=no
publish-workstation=no
CONF
    ip netns exec "$ns" dbus-daemon --config-file="$dir/bus.conf" --nofork --nopidfile >"$dir/dbus.log" 2>&1 &
    pids+=($!)
    for _ in $(seq 50); do [ -S "$dir/bus" ] && break; sleep 0.1; done
    ip netns exec "$ns" unshare -m sh -c "mkdir -p /run/avahi-daemon && mount -t tmpfs tmpfs /run/avahi-daemon && \
        DBUS_SYSTEM_BUS_ADDRESS=unix:path=$dir/bus exec avahi-daemon --no-drop-root --no-chroot --no-rlimits -f $dir/avahi.conf" \
        >"$dir/avahi.log" 2>&1 &
    pids+=($!)
}
start_avahi "$host_ns" "${tag}a"
start_avahi "$client_ns" "${tag}b"
sleep 2

export_bus() { echo "DBUS_SYSTEM_BUS_ADDRESS=unix:path=$work/$1/bus"; }

ip netns exec "$host_ns" env "$(export_bus "$host_ns")" "$tcnet" host --bind 169.254.77.1 --port 7420 \
    --name "Room 12" --data "$work/data" >"$work/host.out" 2>"$work/host.log" &
pids+=($!)
for _ in $(seq 100); do grep -q listening "$work/host.log" && break; sleep 0.1; done
sleep 2

echo "== tcnet discover (from the other namespace)"
found=""
for _ in 1 2 3 4 5; do
    found=$(ip netns exec "$client_ns" env "$(export_bus "$client_ns")" "$tcnet" discover --timeout 3 || true)
    echo "$found" | grep -q "169.254.77.1:7420" && break
    sleep 1
done
echo "$found"
echo "$found" | grep -q "Room 12  169.254.77.1:7420" || { echo "FAIL: host not discovered"; tail -5 "$work"/*/avahi.log "$work/host.log"; exit 1; }
echo "$found" | grep -q "protocol=1" && echo "$found" | grep -q "games=taxcollection" || { echo "FAIL: TXT records"; exit 1; }

echo "== two tcnet join --bot without an address, through discovery"
join() {
    ip netns exec "$client_ns" env "$(export_bus "$client_ns")" timeout 120 "$tcnet" join --name "$1" --bot "$2" \
        --host-name "Room 12" "${@:3}"
}
join Lan random --rules short >"$work/a.out" 2>&1 &
a=$!
for _ in $(seq 100); do grep -q "seated at t1" "$work/a.out" && break; sleep 0.1; done
join Minh greedy --table t1 >"$work/b.out" 2>&1 &
b=$!
status=0
wait "$a" || status=1
wait "$b" || status=1
tail -n 2 "$work/a.out" "$work/b.out"
grep -q "match over: winner" "$work/a.out" && grep -q "match over: winner" "$work/b.out" || status=1
if [ "$status" -ne 0 ]; then echo "FAIL: the match through the discovered host did not finish"; exit 1; fi
echo "netns discovery: 1 passed, 0 failed"
