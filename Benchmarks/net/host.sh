# Sourced by run.sh and pair.sh: the `tcnet host` a benchmark measures.

# Starts BINARY's host with its data in FOLDER and at most CONNECTIONS connections, with any further flags
# (--every-core, --no-web); sets host_pid, host_port and, unless --no-web, host_web_port, and adds the pid to
# pids. Stops the script with the host's log when the host does not listen.
start_bench_host() {
    local binary=$1 folder=$2 connections=$3 web=1 flag
    shift 3
    for flag in "$@"; do
        [ "$flag" = --no-web ] && web=0
    done
    mkdir -p "$folder"
    "$binary" host --bind 127.0.0.1 --port 0 --data "$folder" --name bench --rate-limit 1000000/1000000 \
        --max-connections "$connections" --no-advertise --log-level info "$@" \
        >/dev/null 2>"$folder/host.log" </dev/null &
    host_pid=$!
    pids+=("$host_pid")
    host_port=""
    host_web_port=""
    for _ in $(seq 1 300); do
        # NB: the TCP side's line: the web side logs a port= of its own, sometimes first.
        host_port=$(logged_port "$folder/host.log" '\[Peer\] listening')
        [ "$web" -eq 1 ] && host_web_port=$(logged_port "$folder/host.log" 'web client listening')
        bench_host_listens "$web" && break
        kill -0 "$host_pid" 2>/dev/null || break
        sleep 0.1
    done
    bench_host_listens "$web" || { echo "$binary host did not start:" >&2; cat "$folder/host.log" >&2; exit 1; }
}

# Whether the host started last listens on TCP and, when WEB is 1, on its web port.
bench_host_listens() { [ -n "$host_port" ] && { [ "$1" -eq 0 ] || [ -n "$host_web_port" ]; }; }

# The port (port=N) of the first line of LOG matching PATTERN; nothing while there is none.
logged_port() { grep "$2" "$1" 2>/dev/null | grep -o 'port=[0-9]*' | head -n 1 | cut -d= -f2 || true; }
