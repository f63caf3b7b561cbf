#!/bin/sh
# Builds the C yardstick and the malloc counter, then runs the same playouts in C and in Swift (release),
# on one core, and prints both. Equal "digest=" lines mean identical games.
#   Benchmarks/yardstick/run.sh [GAMES] [SEED]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
games=${1:-200000}
seed=${2:-1}
mkdir -p "$here/build"
cc -O2 -march=native -o "$here/build/taxcollection" "$here/taxcollection.c"
cc -O2 -shared -fPIC -o "$here/build/libmalloccount.so" "$here/malloccount.c"
(cd "$root" && swift build -c release --product tcnet >/dev/null)
tcnet="$root/.build/release/tcnet"
echo "== C (cc -O2 -march=native)"
taskset -c 0 "$here/build/taxcollection" "$games" "$seed"
echo "== Swift (swift build -c release)"
taskset -c 0 "$tcnet" bench rules --games "$games" --seed "$seed"
echo "== Swift, allocations counted (LD_PRELOAD malloc counter)"
LD_PRELOAD="$here/build/libmalloccount.so" taskset -c 0 "$tcnet" bench rules --games "$games" --seed "$seed"
