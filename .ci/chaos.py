#!/usr/bin/env python3
"""The short chaos runs of .ci/chaos.sh, as a tcnet/1 client written from docs/PROTOCOL.md.

Each step prints what it saw and exits 1 with one line on the first thing that does not hold:
  fds PORT                   a host with a low descriptor limit: every connection answered
  disk PORT FOLDER           a tmpfs that fills: pause, disk-full, room again, play on
  journal DATABASE LOG...    every state a `tcnet join --bot` printed is in the journal
  linkcut ADDRESS PORT DEV   a cut link: away, paused, resumed
"""
import json
import os
import socket
import sqlite3
import struct
import subprocess
import sys
import time


def fail(text):
    print(f"chaos: FAILED: {text}", flush=True)
    sys.exit(1)


class Conn:
    """One tcnet/1 connection: frames out, frames in, with deadlines."""

    def __init__(self, address, port, timeout=10.0):
        self.sock = socket.create_connection((address, port), timeout=timeout)
        self.buf = b""
        self.next_id = 1

    def send(self, message):
        payload = json.dumps(message).encode()
        self.sock.sendall(struct.pack(">I", len(payload)) + payload)

    def request(self, message):
        message = dict(message, id=self.next_id)
        self.next_id += 1
        self.send(message)
        return message["id"]

    def recv(self, timeout=10.0):
        """The next message, None when the host closed; raises socket.timeout after `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            if len(self.buf) >= 4:
                size = struct.unpack(">I", self.buf[:4])[0]
                if len(self.buf) >= 4 + size:
                    payload, self.buf = self.buf[4:4 + size], self.buf[4 + size:]
                    return json.loads(payload)
            left = deadline - time.monotonic()
            if left <= 0:
                raise socket.timeout("no message")
            self.sock.settimeout(left)
            chunk = self.sock.recv(65536)
            if not chunk:
                return None
            self.buf += chunk

    def until(self, what, predicate, timeout=20.0):
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                message = self.recv(max(left, 0.01))
            except socket.timeout:
                fail(f"waited {timeout:.0f} s for {what}")
            if message is None:
                fail(f"the host closed the connection while waiting for {what}")
            if predicate(message):
                return message

    def answer(self, request_id, timeout=20.0):
        return self.until(f"the answer to request {request_id}", lambda m: m.get("re") == request_id, timeout)

    def hello(self, name, resume=None):
        hello = {"type": "hello", "protocol": 1, "name": name}
        if resume:
            hello["resume"] = resume
        welcome = self.answer(self.request(hello))
        if welcome.get("type") != "welcome":
            fail(f"hello as {name}: {welcome}")
        return welcome

    def close(self):
        self.sock.close()


def match_of_two(address, port, grace=120):
    """Lan and Minh at t1, the match started: their connections and welcomes."""
    lan, minh = Conn(address, port), Conn(address, port)
    tokens = {"Lan": lan.hello("Lan")["resumeToken"], "Minh": minh.hello("Minh")["resumeToken"]}
    table = lan.answer(lan.request({"type": "create-table", "game": "taxcollection", "graceSeconds": grace}))
    if table.get("type") != "table":
        fail(f"create-table: {table}")
    tid = table["table"]["id"]
    for conn, seat in ((lan, "A"), (minh, "B")):
        answer = conn.answer(conn.request({"type": "sit", "table": tid, "seat": seat}))
        if answer.get("type") != "table":
            fail(f"sit {seat}: {answer}")
        conn.request({"type": "ready", "table": tid})
    for conn in (lan, minh):
        conn.until("the first state", lambda m: m.get("type") == "state" and m.get("seq") == 0)
    return lan, minh, tokens, tid


def table_info(conn, tid):
    answer = conn.answer(conn.request({"type": "tables"}))
    for table in answer.get("tables", []):
        if table["id"] == tid:
            return table
    fail(f"no table {tid} in {answer}")


# --- A low descriptor limit -------------------------------------------------------------------------
def fds(port):
    served, refused, conns = [], 0, []
    for n in range(80):
        conn = Conn("127.0.0.1", port)
        conn.send({"type": "hello", "id": 1, "protocol": 1, "name": f"S{n}"})
        try:
            answer = conn.recv(10)
        except socket.timeout:
            fail(f"connection {n + 1} got no answer within 10 s (neither welcome nor host-full)")
        if answer is None:
            fail(f"connection {n + 1} was closed without host-full")
        if answer.get("type") == "welcome":
            served.append(conn)
        elif answer.get("code") == "host-full":
            refused += 1
            conns.append(conn)
        else:
            fail(f"connection {n + 1}: {answer}")
    print(f"chaos: fds: {len(served)} served, {refused} answered host-full, none silent")
    if not served or not refused:
        fail("expected some connections served and the rest refused host-full")
    first = served[0]
    pong = first.answer(first.request({"type": "ping"}), timeout=10)
    if pong.get("type") != "pong":
        fail(f"ping at the limit: {pong}")
    for conn in served[-5:] + conns:
        conn.close()
    deadline = time.monotonic() + 20
    while True:
        late = Conn("127.0.0.1", port)
        late.send({"type": "hello", "id": 1, "protocol": 1, "name": "Late"})
        answer = late.recv(10)
        if answer and answer.get("type") == "welcome":
            break
        if time.monotonic() > deadline:
            fail(f"after five players left, a new one still gets {answer}")
        time.sleep(0.2)
    print("chaos: fds: an existing player is answered at the limit; a new one is served once others leave")


# --- A disk that fills ------------------------------------------------------------------------------
def disk(port, folder):
    lan, minh, _, tid = match_of_two("127.0.0.1", port)
    filler = os.path.join(folder, "filler")
    with open(filler, "wb") as out:
        try:
            while True:
                out.write(b"\x55" * 65536)
                out.flush()
        except OSError:
            pass
    # The write that finds the disk full is kept on the host's reserve; the next are refused.
    thu = Conn("127.0.0.1", port)
    thu.hello("Thu")
    for attempt in range(60):
        answer = thu.answer(thu.request({"type": "create-table", "game": "taxcollection"}))
        if answer.get("code") == "disk-full":
            break
        if answer.get("type") != "table":
            fail(f"create-table on a filling disk: {answer}")
    else:
        fail("60 new tables on a full 2 MB disk and no disk-full")
    info = table_info(thu, tid)
    if info["status"] != "paused" or info.get("pausedBy") != "disk-full":
        fail(f"the match is not paused by the full disk: {info}")
    move = lan.answer(lan.request(
        {"type": "move", "table": tid, "seq": 0, "move": {"bank": 1, "direction": "down"}}))
    if move.get("code") != "disk-full":
        fail(f"a move on the full disk: {move}")
    print(f"chaos: disk: after {attempt + 1} writes: paused with pausedBy disk-full, moves refused disk-full")
    os.remove(filler)
    for conn in (lan, minh):
        conn.until("the match playing again", lambda m: m.get("type") == "state" and m.get("status") == "playing")
    state = lan.answer(lan.request(
        {"type": "move", "table": tid, "seq": 0, "move": {"bank": 1, "direction": "down"}}))
    if state.get("type") != "state" or state.get("seq") != 1:
        fail(f"the first move once there is room: {state}")
    print(f"chaos: disk: room again: the match plays on by itself; move 1 acknowledged")
    print(f"ACKNOWLEDGED {tid} {state['match']} 1 {state['hash']}", flush=True)


# --- Every acknowledged state in the journal ------------------------------------------------------------
def journal(database, logs):
    printed = {}
    for log in logs:
        with open(log, encoding="utf-8", errors="replace") as f:
            for line in f:
                parts = line.split()
                # "t1 match 1 seq 3 A played ... | hash <hex>"
                if len(parts) > 5 and parts[1] == "match" and parts[3] == "seq" and parts[-2] == "hash":
                    if int(parts[4]) > 0:
                        printed[(parts[0], int(parts[2]), int(parts[4]))] = parts[-1]
    db = sqlite3.connect(database)
    stored = {}
    # NB: `move` holds the moves of the tables' current matches and of the archived ones (v8-archive-in-place).
    for table, match, seq, record in db.execute("SELECT tableID, match, seq, record FROM move"):
        stored[(table, match, seq)] = json.loads(record).get("hash")
    missing = [(key, value) for key, value in printed.items() if stored.get(key) != value]
    matches = {(table, match) for table, match, _ in printed}
    print(f"chaos: journal: {len(printed)} acknowledged moves in {len(matches)} matches, "
          f"{len(printed) - len(missing)} found in the journal with their hash")
    if len(printed) < 100:
        fail(f"only {len(printed)} acknowledged moves: the bots did not play")
    if missing:
        key, value = missing[0]
        fail(f"{len(missing)} acknowledged moves are not in the journal, e.g. {key} {value} (journal: {stored.get(key)})")


# --- A cut link ---------------------------------------------------------------------------------------
def linkcut(address, port, device):
    lan, minh, tokens, tid = match_of_two(address, port, grace=2)
    for conn in (lan, minh):
        conn.answer(conn.request({"type": "ping"}))
    subprocess.run(["ip", "link", "set", device, "down"], check=True)
    print("chaos: linkcut: link down")
    # NB: the host notices only through its idle timeout (no byte arrives, none is refused).
    time.sleep(12)
    subprocess.run(["ip", "link", "set", device, "up"], check=True)
    # NB: Lan's and Minh's sockets stay open: only the host's idle timeout can have ended their sessions.
    watcher = None
    deadline = time.monotonic() + 60
    while True:
        if watcher is None:
            try:
                watcher = Conn(address, port, timeout=5)
                watcher.hello("Thu")
            except OSError:
                watcher = None
        if watcher is not None:
            info = table_info(watcher, tid)
            if info["status"] == "paused" and info.get("pausedBy") == "away":
                break
        if time.monotonic() > deadline:
            fail("the host never paused the match of the players whose link was cut")
        time.sleep(0.5)
    away = [s["seat"] for s in info["seats"] if s.get("away")]
    print(f"chaos: linkcut: seats {', '.join(away)} away, the match paused (pausedBy away)")
    lan.close()
    minh.close()
    back = {}
    for name in ("Lan", "Minh"):
        conn = Conn(address, port)
        welcome = conn.hello("x", resume=tokens[name])
        if not welcome.get("resumed"):
            fail(f"{name} did not resume: {welcome}")
        back[name] = conn
    for name, conn in back.items():
        conn.until(f"{name}'s match playing again", lambda m: m.get("type") == "state" and m.get("status") == "playing")
    state = back["Lan"].answer(back["Lan"].request(
        {"type": "move", "table": tid, "seq": 0, "move": {"bank": 1, "direction": "down"}}))
    if state.get("type") != "state" or state.get("seq") != 1:
        fail(f"the first move after the link came back: {state}")
    print("chaos: linkcut: both resumed with their tokens; the match plays on")


if __name__ == "__main__":
    step, args = sys.argv[1], sys.argv[2:]
    if step == "fds":
        fds(int(args[0]))
    elif step == "disk":
        disk(int(args[0]), args[1])
    elif step == "journal":
        journal(args[0], args[1:])
    elif step == "linkcut":
        linkcut(args[0], int(args[1]), args[2])
    else:
        fail(f"no step {step}")
