#!/bin/sh
# Builds the C yardstick and the malloc counter, then plays the same random playouts in C and in Swift
# (release build), pinned to one core, three times each, and finally once more in Swift with the malloc
# counter preloaded. Equal "digest=" lines mean identical games (docs/RULES.md, "Seeded randomness").
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
for run in 1 2 3; do
    echo "== C (cc -O2 -march=native), run $run"
    taskset -c 0 "$here/build/taxcollection" "$games" "$seed"
    echo "== Swift (swift build -c release), run $run"
    taskset -c 0 "$tcnet" bench rules --games "$games" --seed "$seed"
done
echo "== Swift, allocations counted (LD_PRELOAD=$here/build/libmalloccount.so)"
LD_PRELOAD="$here/build/libmalloccount.so" taskset -c 0 "$tcnet" bench rules --games "$games" --seed "$seed"
