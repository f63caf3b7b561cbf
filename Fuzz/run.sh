#!/usr/bin/env bash
# Builds each libFuzzer target with swiftc -sanitize=fuzzer and runs it for SECONDS (default 20),
# starting from a seed corpus made of the golden fixtures and the rules tests' data, plus
# Fuzz/regressions. Exits non-zero on a crash; a crasher is left in fuzz-out/ (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
out=fuzz-out
build=.build-fuzz
mkdir -p "$out" "$build"

swift_sources() { find "$1" -name '*.swift' | sort; }

build_target() { # name, fuzz file, source folders...
    local name=$1 file=$2; shift 2
    local sources=() flat="$build/src-$name"
    rm -f "$build/$name"  # NB: a stale binary must not pass for a build that failed
    # NB: the modules are compiled as one (the rules without their plug-in, which names its own module), so their imports of each other (GameKit) are taken out.
    rm -rf "$flat"; mkdir -p "$flat"
    for folder in "$@"; do while IFS= read -r f; do
        sed '/^import GameKit$/d' "$f" > "$flat/$(echo "$f" | tr / _)"; sources+=("$flat/$(echo "$f" | tr / _)")
    done < <(swift_sources "$folder"); done
    swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name "Fuzz_$name" -package-name tcnet \
        "${sources[@]}" "Fuzz/$file" -o "$build/$name" 2>&1 | grep -v warning || true
    test -x "$build/$name"
}

seed_corpus() { # name: a folder of seeds
    local dir="$build/corpus-$1"
    rm -rf "$dir"; mkdir -p "$dir"
    case $1 in
    frame)
        for f in Tests/ProtocolTests/Fixtures/*/*.json; do
            python3 -c 'import sys,struct; d=open(sys.argv[1],"rb").read().strip(); sys.stdout.buffer.write(b"\x40"+struct.pack(">I",len(d))+d)' "$f" > "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"
        done ;;
    wire)
        for f in Tests/ProtocolTests/Fixtures/*/*.json; do cp "$f" "$dir/$(basename "$(dirname "$f")")-$(basename "$f")"; done ;;
    rules)
        i=0
        for f in Tests/ProtocolTests/Fixtures/host/state-*.json; do
            python3 -c 'import sys,json; s=json.load(open(sys.argv[1]))["state"]; sys.stdout.buffer.write(b"\x01"+json.dumps(s).encode())' "$f" > "$dir/state-$i"; i=$((i+1))
        done
        grep -ohE '\[[0-9, ]{20,}\]' Tests/TaxCollectionRulesTests/*.swift | head -20 | while read -r list; do
            python3 -c 'import sys; n=[int(x) for x in sys.argv[1].strip("[]").split(",") if x.strip()]; sys.stdout.buffer.write(bytes([0,0]+[v%256 for v in n]))' "$list" > "$dir/moves-$i"; i=$((i+1))
        done
        printf '\x00\x00\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a' > "$dir/moves-start" ;;
    esac
    if [ -d "Fuzz/regressions/$1" ]; then cp Fuzz/regressions/"$1"/* "$dir"/ 2>/dev/null || true; fi
    echo "$dir"
}

status=0
for target in "frame FrameDecoderFuzz.swift Sources/Protocol/Framing" \
              "wire WireCodecFuzz.swift Sources/Protocol Sources/GameKit" \
              "rules RulesFuzz.swift $(printf 'Sources/TaxCollectionRules/%s ' Bots Engine Hash Model Replay Tools Wire)Sources/GameKit"; do
    set -- $target
    name=$1
    echo "== fuzz $name: building"
    build_target "$@"
    corpus=$(seed_corpus "$name")
    echo "== fuzz $name: ${seconds}s from $(ls "$corpus" | wc -l) seeds"
    if ! "$build/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -print_final_stats=0 \
        -artifact_prefix="$out/$name-" "$corpus" > "$out/$name.log" 2>&1; then
        echo "fuzz $name: CRASH (see $out/$name.log and $out/$name-*)"; tail -30 "$out/$name.log"; status=1
    else
        grep -E "Done [0-9]+ runs" "$out/$name.log" | tail -1 || true
    fi
done
exit $status
