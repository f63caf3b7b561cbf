// The projector page (/projector): what the teacher puts on the wall. The address and its QR code,
// the classroom tournaments (standings, the round's boards, a challenge's leaderboard), who is
// connected, every table with a live miniature of its board and whose turn it is, and the results as
// matches end. It is a tcnet client like any other: it says hello as "(projector)" and watches every
// table.
import { Connection } from "./connection.js";
import { h, replace } from "./dom.js";
import { shownTournaments, tournamentSection, windowLine } from "./tournaments.js";

const $ = (id) => document.getElementById(id);
const tables = new Map();     // id -> {info, update}
const watching = new Set();
const modules = new Map();    // game id -> module (or null when the page has none)
const reported = new Set();   // "t1#3": results already listed
const tournaments = new Map(); // id -> the latest `tournament` (N-9), in the host's order
const finishedHere = new Set(); // tournaments seen finishing while this page was open
// NB: the protocol has no greeting for a screen that is not a player, so the projector takes a name
// in brackets: nobody types it as their own, and the lobby's list reads it as a thing, not a pupil.
let names = ["(projector)", "(projector 2)", "(projector 3)", "(projector 4)"];
let me = null;
let games = [];
let hostSkewMs = 0;           // the host's clock minus this computer's, when they differ by seconds

const connection = new Connection({
  storageKey: "tcnet.projector",
  onStatus(status, detail) {
    $("connection").dataset.status = status;
    $("connection").textContent = status === "online" ? "Live" : status === "reconnecting" ? "Reconnecting…" : detail || status;
    if (status === "name-refused" && names.length > 1) {
      names = names.slice(1);
      connection.start(names[0]);
    }
  },
  onWelcome(welcome) {
    me = welcome.player;
    games = welcome.games ?? [];
    watching.clear();
    poll();
    // NB: after a reconnect too: changes made while the page was away come in the list.
    connection.request("tournaments").catch(() => {});
  },
  onMessage(message) {
    if (message.type === "tournaments") {
      for (const info of message.tournaments ?? []) tournamentArrived(info, false);
      drawTournaments();
    } else if (message.type === "tournament") {
      tournamentArrived(message.tournament, true);
      drawTournaments();
    } else if (message.type === "table") {
      const entry = tables.get(message.table.id) ?? {};
      tables.set(message.table.id, { ...entry, info: message.table });
      draw();
    } else if (message.type === "state") {
      const entry = tables.get(message.table) ?? {};
      tables.set(message.table, { ...entry, update: message });
      draw();
    }
  },
});

function tournamentArrived(info, live) {
  if (!info?.id) return;
  const before = tournaments.get(info.id);
  if (live && info.status === "finished" && before?.status !== "finished") finishedHere.add(info.id);
  tournaments.set(info.id, info);
}

function gameName(id) {
  return games.find((game) => game.id === id)?.name ?? id;
}

function drawTournaments() {
  const shown = shownTournaments([...tournaments.values()], finishedHere);
  document.body.classList.toggle("with-tournament", shown.length > 0);
  replace($("tournaments"), shown.map((info) => tournamentSection(info, gameName, Date.now() + hostSkewMs)));
}

// NB: a challenge's clock ticks on the page; only its line changes, the rest waits for the host.
function tickChallenges() {
  for (const section of $("tournaments").querySelectorAll(".tournament")) {
    const info = tournaments.get(section.dataset.tournament);
    if (info?.format !== "challenge") continue;
    const line = section.querySelector(".t-round");
    const text = windowLine(info.challenge, Date.now() + hostSkewMs, info.status);
    if (line && line.textContent !== text) line.textContent = text;
  }
}

async function loadInfo() {
  try {
    const response = await fetch("/info.json", { cache: "no-store" });
    // NB: a challenge's window is in the host's time; a projector whose clock is off by more than
    // the Date header's second of precision counts in the host's.
    const hostNow = Date.parse(response.headers.get("date") ?? "");
    if (Number.isFinite(hostNow) && Math.abs(hostNow - Date.now()) > 2000) hostSkewMs = hostNow - Date.now();
    const info = await response.json();
    const url = info.urls?.[0] ?? location.origin + "/";
    $("address").textContent = url;
    $("qr").alt = `QR code: ${url}`;
    $("host-name").textContent = info.host ?? "";
    const host = new URL(url).hostname;
    $("terminal-hint").textContent = `In a terminal: tcnet join ${host}:${info.tcpPort} --name YOUR-NAME`;
  } catch {
    $("address").textContent = location.origin + "/";
  }
}

async function poll() {
  try {
    const [players, list] = await Promise.all([connection.request("players"), connection.request("tables")]);
    const pupils = players.players.filter((p) => p.id !== me && !/^\(projector( \d+)?\)$/.test(p.name));
    replace($("players"), pupils.map((p) => h("li", {}, p.name)));
    if (pupils.length === 0) $("players").append(h("li", { class: "empty" }, "Nobody yet"));
    for (const info of list.tables) {
      const entry = tables.get(info.id) ?? {};
      tables.set(info.id, { ...entry, info });
      if (!watching.has(info.id)) {
        watching.add(info.id);
        connection.request("watch", { table: info.id }).catch(() => watching.delete(info.id));
      }
    }
    draw();
  } catch {
    // NB: the status line says what is wrong; the next poll tries again.
  }
}

async function moduleFor(game) {
  if (!modules.has(game)) {
    modules.set(game, null);
    try {
      modules.set(game, await import(`../games/${encodeURIComponent(game)}.js`));
      draw();
    } catch {
      // NB: a game without a web screen is still listed, without its board.
    }
  }
  return modules.get(game);
}

function seatNames(info) {
  const result = {};
  for (const seat of info.seats) result[seat.seat] = seat.name ?? "(free seat)";
  return result;
}

function draw() {
  const cards = [];
  for (const [id, { info, update }] of [...tables.entries()].sort((a, b) => Number(a[0].slice(1)) - Number(b[0].slice(1)))) {
    if (!info) continue;
    const module = modules.get(info.game) ?? (moduleFor(info.game), null);
    const names = seatNames(info);
    const players = info.seats.map((s) => s.name ?? "free seat").join(" vs ");
    const live = update && update.match === info.match ? update : null;
    const picture = live && module?.miniature ? module.miniature(live, names) : h("p", { class: "mini-empty" }, info.status === "waiting" ? "Waiting for players" : "");
    cards.push(h("article", { class: "projector-table", dataset: { table: id, status: info.status, seq: live ? String(live.seq) : "" } },
      h("h3", {}, `Table ${id.replace(/^t/, "")}`, " · ", players),
      h("p", {}, `${info.status}${info.match ? ` · match ${info.match}` : ""}`),
      picture));
    if (live && (live.result || live.status === "over") && module?.resultLine) {
      const key = `${id}#${live.match}`;
      if (!reported.has(key)) {
        reported.add(key);
        $("results").prepend(h("li", { dataset: { table: id } }, `Table ${id.replace(/^t/, "")}: `, module.resultLine(live, names)));
      }
    }
  }
  replace($("tables"), cards.length ? cards : h("p", { class: "empty" }, "No table yet"));
}

loadInfo();
// NB: a reload resumes this tab's session (its name stays this projector's); a new tab greets anew.
if (connection.saved?.name) connection.start();
else connection.start(names[0]);
setInterval(poll, 2000);
setInterval(tickChallenges, 1000);
