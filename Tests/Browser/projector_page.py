"""The projector's tournaments, read two ways: as the page shows them (text in the page, read in one
go so a redraw cannot tear it) and as the teacher's terminal prints them (`tcnet tournament
standings`), so a test can hold one to the other. The teacher's commands run the real `tcnet`."""
import json
import re
import socket
import struct
import subprocess

from conftest import WAIT, tcnet_binary

# NB: one script, one moment: the page may redraw between two find_element calls.
READ_TOURNAMENTS = """
const cells = (row) => [...row.cells].map((cell) => cell.textContent);
return [...document.querySelectorAll('#tournaments .tournament')].map((section) => {
  const text = (selector) => section.querySelector(selector)?.textContent ?? null;
  const rows = (selector) => [...section.querySelectorAll(selector)];
  return {
    id: section.dataset.tournament, status: section.dataset.status, name: text('.t-name'),
    game: text('.t-game'), format: text('.t-format'), round: text('.t-round'), blocked: text('.t-blocked'),
    header: rows('.t-standings thead th').map((th) => th.textContent),
    standings: rows('.t-standings tbody tr').map(cells),
    caption: text('.t-boards caption'),
    boards: rows('.t-boards tbody tr').map((row) => ({
      board: row.dataset.board, result: row.dataset.result, table: row.dataset.table, cells: cells(row) })),
    byes: rows('.t-byes li').map((li) => ({
      number: li.dataset.number, bye: li.dataset.bye, name: li.querySelector('.t-player').textContent })),
    leaderboard: rows('.t-leaderboard tbody tr').map(cells),
  };
});
"""


def shown_tournaments(driver):
    return driver.execute_script(READ_TOURNAMENTS)


class Teacher:
    """`tcnet tournament ...` against a host, with its teacher's code."""

    def __init__(self, host, code):
        self.host = host
        self.code = code

    def run(self, *arguments):
        done = subprocess.run(
            [tcnet_binary(), "tournament", *arguments, "--host", f"127.0.0.1:{self.host.tcp}", "--code", self.code],
            capture_output=True, text=True, timeout=WAIT * 3)
        assert done.returncode == 0, f"tcnet tournament {' '.join(arguments)}: {done.stderr}"
        return done.stdout

    def create(self, name, *options):
        first = self.run("create", name, *options).splitlines()[0]
        return first.split()[0]

    def standings(self, tournament):
        return TerminalTournament(self.run("standings", tournament))


class TerminalTournament:
    """What `tcnet tournament standings` prints (Sources/tcnet/Commands/TournamentText.swift), parsed."""

    BOARD = re.compile(r"^\s+(\d+)\. (.+) \(#(\d+)\) - (.+) \(#(\d+)\)\s+(.*)$")
    BYE = re.compile(r"^\s+bye: (.+) \(#(\d+), (\w+)\)$")
    LEADER = re.compile(r"^\s+(\d+)\. (.+)  (-?\d+)  \((\d+) plays\)$")

    def __init__(self, text):
        self.text = text
        lines = text.rstrip("\n").splitlines()
        # "T1  Class 5B · taxcollection · swiss · running · round 1/3"
        head = lines[0].split(" · ")
        self.id, self.name = head[0].split("  ", 1)
        self.game, self.format, self.status = head[1], head[2], head[3]
        found = re.search(r"round (\d+)(?:/(\d+))?", lines[0])
        self.round = int(found.group(1)) if found else None
        self.rounds = int(found.group(2)) if found and found.group(2) else None
        self.blocked = next((line[2:] for line in lines if line.startswith("! ")), None)
        self.boards = []
        self.byes = []
        self.header = None
        self.standings = []
        self.leaderboard = []
        for line in lines[1:]:
            if board := self.BOARD.match(line):
                number, white, white_number, black, black_number, result = board.groups()
                playing = result.startswith("playing at ")
                self.boards.append({
                    "board": number, "white": white, "black": black, "result": "" if playing else result,
                    "table": result.removeprefix("playing at ") if playing else None,
                    "numbers": (white_number, black_number)})
            elif leader := self.LEADER.match(line):
                self.leaderboard.append(list(leader.groups()))
            elif bye := self.BYE.match(line):
                self.byes.append({"name": bye.group(1), "number": bye.group(2), "bye": bye.group(3)})
            elif self.header is None and line.lstrip().startswith("#"):
                self.header = re.split(r"\s{2,}", line.strip())
            elif self.header is not None:
                self.standings.append(re.split(r"\s{2,}", line.strip()))


def page_matches_terminal(page, terminal):
    """None when the page's tournament says what the terminal says; else what differs."""
    differences = []

    def compare(what, shown, printed):
        if shown != printed:
            differences.append(f"{what}: page {shown!r}, terminal {printed!r}")

    compare("name", page["name"], terminal.name)
    of = f" of {terminal.rounds}" if terminal.rounds else ""
    compare("round line", page["round"], f"Round {terminal.round}{of}")
    compare("tiebreak columns", page["header"][3:], terminal.header[3:])
    compare("standings", page["standings"], terminal.standings)
    compare("boards", [(b["board"], b["cells"][1], b["cells"][3], b["result"]) for b in page["boards"]],
            [(b["board"], b["white"], b["black"], b["result"]) for b in terminal.boards])
    compare("tables", [b["table"] for b in page["boards"] if not b["result"]],
            [b["table"] for b in terminal.boards if not b["result"]])
    compare("byes", page["byes"], terminal.byes)
    compare("blocked", page["blocked"], terminal.blocked)
    return "; ".join(differences) or None


class Student:
    """A student on tcnet/1 over TCP (4-byte big-endian length, then the JSON): what a terminal client
    sends, without the terminal. Each request waits for its answer."""

    def __init__(self, host, name):
        self.socket = socket.create_connection(("127.0.0.1", host.tcp), timeout=WAIT)
        self.next_id = 1
        welcome = self.request("hello", protocol=1, name=name, client="browser-tests/1")
        assert welcome["type"] == "welcome", welcome

    def request(self, kind, **members):
        ident = self.next_id
        self.next_id += 1
        payload = json.dumps({"type": kind, "id": ident, **members}).encode()
        self.socket.sendall(struct.pack(">I", len(payload)) + payload)
        while True:
            message = self.receive()
            if message.get("re") == ident:
                return message

    def receive(self):
        length = struct.unpack(">I", self.exactly(4))[0]
        return json.loads(self.exactly(length))

    def exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.socket.recv(count - len(data))
            if not chunk:
                raise ConnectionError("the host closed the connection")
            data += chunk
        return data

    def play_craps_alone(self):
        """A one-seat Craps match, begun and resigned: it ends with the player's balance as the score."""
        table = self.request("create-table", game="craps", seats=1)["table"]["id"]
        for kind in ["sit", "ready", "resign", "leave"]:
            answer = self.request(kind, table=table)
            assert answer["type"] != "error", answer

    def close(self):
        self.socket.close()
