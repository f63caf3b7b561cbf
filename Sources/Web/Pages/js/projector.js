// The projector page (/projector): what the teacher puts on the wall. The address and its QR code,
// who is connected, every table with a live miniature of its board and whose turn it is, and the
// results as matches end. It is a tcnet client like any other: it says hello as "Projector" and
// watches every table.
import { Connection } from "./connection.js";
import { h, replace } from "./dom.js";

const $ = (id) => document.getElementById(id);
const tables = new Map();     // id -> {info, update}
const watching = new Set();
const modules = new Map();    // game id -> module (or null when the page has none)
const reported = new Set();   // "t1#3": results already listed
let names = ["Projector", "Projector 2", "Projector 3", "Projector 4"];
let me = null;

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
    watching.clear();
    poll();
  },
  onMessage(message) {
    if (message.type === "table") {
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

async function loadInfo() {
  try {
    const info = await (await fetch("/info.json", { cache: "no-store" })).json();
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
    replace($("players"), players.players.filter((p) => p.id !== me).map((p) => h("li", {}, p.name)));
    if (players.players.length <= 1) $("players").append(h("li", { class: "empty" }, "Nobody yet"));
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
connection.start(names[0]);
setInterval(poll, 2000);
