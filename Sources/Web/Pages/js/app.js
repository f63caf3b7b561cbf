// The web client's shell: the name, the lobby (tables, new table, sit, watch), the table around a
// game's screen, and the connection's state ("reconnecting"). Each game's screen is a module of its
// own, games/<game id>.js, exporting mount() and stateHash(); the shell knows no game's rules.
import { Connection } from "./connection.js";
import { announce, h, replace } from "./dom.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
// NB: ?speed=0 shows each move at once (the browser tests use it); the seed's pace otherwise.
const stepMs = params.has("speed") ? Number(params.get("speed")) : 250;
const NAME_WARNING = "Please enter your username in order to play";

const app = {
  welcome: null,
  tables: [],
  table: null,          // the table this page is at: its latest description
  seat: null,           // this player's seat there, or null when watching
  game: null,           // the mounted game screen
  gameModule: null,
  lastUpdate: null,     // the latest verified state of the table
  lobbyTimer: null,
  mounting: false,      // a game's module is loading
};

const connection = new Connection({
  storageKey: "tcnet.session",
  onStatus: showConnection,
  onWelcome: welcomed,
  onMessage: received,
});

// MARK: Screens

function show(screen) {
  for (const id of ["name-screen", "lobby-screen", "table-screen"]) $(id).hidden = id !== screen;
  clearInterval(app.lobbyTimer);
  if (screen === "lobby-screen") {
    refreshTables();
    app.lobbyTimer = setInterval(refreshTables, 2000);
  }
}

function showConnection(status, detail) {
  const line = $("connection");
  line.dataset.status = status;
  const words = {
    connecting: "Connecting…",
    online: app.welcome ? `Connected to ${app.welcome.host} as ${app.welcome.name}` : "Connected",
    reconnecting: "Reconnecting…",
    "name-refused": "",
    closed: "Disconnected",
  };
  line.textContent = [words[status], detail].filter(Boolean).join(" ");
  if (status === "reconnecting") announce("Reconnecting to the host");
  if (status === "name-refused") {
    show("name-screen");
    $("name-error").textContent = detail || NAME_WARNING;
    $("name").focus();
  }
  if (status === "closed" && !connection.saved) show("name-screen");
}

function welcomed(welcome) {
  app.welcome = welcome;
  showConnection("online");
  $("who").textContent = `You are ${welcome.name}`;
  fillGameChoice(welcome.games || []);
  // NB: after a resume the host sends the table and state itself (R-2); the lobby shows meanwhile.
  if (!welcome.resumed || !app.table) {
    if (!app.table) show("lobby-screen");
  }
}

// MARK: The name

$("name-form").addEventListener("submit", (event) => {
  event.preventDefault();
  const name = $("name").value.trim();
  if (!name) {
    $("name-error").textContent = NAME_WARNING;
    $("name").focus();
    return;
  }
  $("name-error").textContent = "";
  connection.start(name);
});

// MARK: The lobby

function fillGameChoice(games) {
  const gameSelect = $("new-game");
  replace(gameSelect, games.map((game) => h("option", { value: game.id }, game.name)));
  gameSelect.hidden = games.length < 2;
  $("new-game-label").hidden = games.length < 2;
  fillRuleChoice();
}

function fillRuleChoice() {
  const game = (app.welcome?.games || []).find((g) => g.id === $("new-game").value);
  replace($("new-rules"), (game?.ruleSets || []).map((name) => h("option", { value: name }, name)));
  // NB: a game for several players at one table (Craps: 1 to 6) lets the table's opener say how many.
  const least = game?.minSeats ?? game?.seats?.length ?? 2;
  const most = game?.maxSeats ?? least;
  const usual = game?.defaultSeats ?? least;
  const counts = Array.from({ length: most - least + 1 }, (_, index) => least + index);
  replace($("new-seats"), counts.map((count) => h("option", { value: count, selected: count === usual }, String(count))));
  $("new-seats").hidden = $("new-seats-label").hidden = counts.length < 2;
  fillOptions(game?.options || []);
}

// NB: a game's teacher options (welcome.games[].options), as controls the new table's form sends.
function fillOptions(options) {
  replace($("new-options"), options.map((option) => {
    const id = `new-option-${option.name}`;
    const label = h("label", { for: id, title: option.summary }, option.name);
    let control;
    if (option.kind === "choice") {
      control = h("select", { id, dataset: { option: option.name, kind: option.kind } },
        option.values.map((value) => h("option", { value, selected: value === option.default }, value)));
    } else if (option.kind === "library") {
      const list = `${id}-names`;
      control = h("span", {},
        h("input", { id, type: "text", value: option.default, list, size: "12", dataset: { option: option.name, kind: option.kind } }),
        h("datalist", { id: list }, option.values.map((value) => h("option", { value }))));
    } else if (option.kind === "integer") {
      control = h("input", { id, type: "number", min: option.min, max: option.max, step: option.step ?? 1,
        value: option.default, dataset: { option: option.name, kind: option.kind } });
    } else if (option.kind === "toggle") {
      control = h("input", { id, type: "checkbox", checked: option.default === true, dataset: { option: option.name, kind: option.kind } });
    } else {
      return null;
    }
    return h("span", { class: "row" }, label, control);
  }));
}

function chosenOptions() {
  const options = {};
  for (const control of $("new-options").querySelectorAll("[data-option]")) {
    const kind = control.dataset.kind;
    options[control.dataset.option] =
      kind === "integer" ? Number(control.value) : kind === "toggle" ? control.checked : control.value.trim();
  }
  return options;
}
$("new-game").addEventListener("change", fillRuleChoice);

async function refreshTables() {
  try {
    const answer = await connection.request("tables");
    app.tables = answer.tables || [];
    drawTables();
  } catch {
    // NB: the connection line already says why; the next refresh tries again.
  }
}

function gameName(id) {
  return (app.welcome?.games || []).find((g) => g.id === id)?.name ?? id;
}

function drawTables() {
  const list = $("tables");
  if (app.tables.length === 0) {
    replace(list, h("li", { class: "empty" }, "No table yet. Open a new table and wait for someone to join you."));
    return;
  }
  replace(list, app.tables.map((table) => {
    const free = (table.status === "waiting" || table.status === "over") && table.seats.some((s) => !s.player);
    const seats = table.seats.map((s) => h("li", {}, `${s.seat}: `, s.name ? h("strong", {}, s.name) : "free seat"));
    const label = `Table ${table.id.replace(/^t/, "")}`;
    return h("li", { class: "table-card", dataset: { table: table.id } },
      h("h3", {}, label, " · ", gameName(table.game)),
      h("p", {}, `${table.ruleSet} · ${table.status}${table.spectators ? ` · ${table.spectators} watching` : ""}`),
      h("ul", { class: "seats" }, seats),
      h("div", { class: "row" },
        free ? h("button", { class: "big primary", type: "button", dataset: { action: "sit" }, onclick: () => sit(table.id), "aria-label": `Sit at ${label}` }, "Sit") : null,
        h("button", { class: "big secondary", type: "button", dataset: { action: "watch" }, onclick: () => watch(table.id), "aria-label": `Watch ${label}` }, "Watch")));
  }));
}

$("new-table").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    const options = chosenOptions();
    const request = { game: $("new-game").value, ruleSet: $("new-rules").value };
    if (Object.keys(options).length) request.options = options;
    if (!$("new-seats").hidden) request.seats = Number($("new-seats").value);
    const answer = await connection.request("create-table", request);
    await sit(answer.table.id);
  } catch (error) {
    $("lobby-error").textContent = error.message;
  }
});

async function sit(tableID) {
  $("lobby-error").textContent = "";
  try {
    const answer = await connection.request("sit", { table: tableID });
    enterTable(answer.table);
    // NB: sitting down means ready, as in the terminal client: a first grader presses one button.
    if (answer.table.status === "waiting") await connection.request("ready", { table: tableID });
  } catch (error) {
    $("lobby-error").textContent = error.message;
    refreshTables();
  }
}

async function watch(tableID) {
  $("lobby-error").textContent = "";
  try {
    const answer = await connection.request("watch", { table: tableID });
    enterTable(answer.table);
  } catch (error) {
    $("lobby-error").textContent = error.message;
  }
}

// MARK: The table

async function enterTable(info) {
  const mine = info.seats.find((s) => s.player && s.player === app.welcome?.player);
  const sameTable = app.table?.id === info.id;
  app.table = info;
  app.seat = mine ? mine.seat : null;
  if (!sameTable || (!app.game && !app.mounting)) {
    app.mounting = true;
    app.game?.destroy();
    app.game = null;
    app.lastUpdate = null;
    show("table-screen");
    $("table-title").textContent = `Table ${info.id.replace(/^t/, "")} · ${gameName(info.game)} · ${info.ruleSet}`;
    try {
      app.gameModule = await import(`../games/${encodeURIComponent(info.game)}.js`);
    } catch {
      app.mounting = false;
      replace($("game"), h("p", { class: "warning" }, `This page cannot show ${gameName(info.game)} yet.`));
      return;
    }
    app.mounting = false;
    if (app.table?.id !== info.id) return;
    app.game = app.gameModule.mount($("game"), {
      seat: app.seat,
      names: () => seatNames(app.table),
      move: (move) => connection.request("move", { table: app.table.id, seq: app.lastUpdate?.seq ?? 0, move }),
      // NB: after a stale-seq a screen that lets seats act at once asks for the current state (G-10).
      sync: () => connection.send({ type: "sync", table: app.table.id }),
      rematch: () => rematch(),
      stepMs,
    });
    $("game").focus();
  }
  tableChanged(app.table);
}

function seatNames(info) {
  const names = {};
  for (const seat of info?.seats || []) names[seat.seat] = seat.name ?? "(free seat)";
  return names;
}

function tableChanged(info) {
  app.table = info;
  const mine = info.seats.find((s) => s.player && s.player === app.welcome?.player);
  app.seat = mine ? mine.seat : app.seat && info.seats.some((s) => s.seat === app.seat && s.player) ? app.seat : null;
  app.game?.table(info);
  const over = info.status === "over";
  $("rematch").hidden = !(over && app.seat);
  $("leave").textContent = app.seat ? "Leave the table" : "Stop watching";
}

async function checkedState(update) {
  if (!app.gameModule?.stateHash) return update;
  const previous = app.lastUpdate;
  const gap = previous && update.match === previous.match && update.last && update.seq !== previous.seq + 1;
  let hashOK = false;
  try {
    hashOK = app.gameModule.stateHash(update.state) === update.hash;
  } catch {
    hashOK = false;
  }
  if (gap || !hashOK) {
    // NB: docs/PROTOCOL.md G-11: report it, ask for the table's state, and take the answer only if it checks.
    console.warn(`desync at table ${update.table}: ${gap ? "a gap in seq" : "the state does not hash to its hash"}`);
    $("desyncs").textContent = String(Number($("desyncs").textContent || "0") + 1);
    if (!update.last) return null;
    connection.send({ type: "sync", table: update.table });
    return null;
  }
  return update;
}

async function stateArrived(update) {
  if (update.table !== app.table?.id) return;
  // NB: the first state can come before the game's module has loaded; it waits for it.
  while (app.mounting) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!app.game || update.table !== app.table?.id) return;
  const checked = await checkedState(update);
  if (!checked) return;
  app.lastUpdate = checked;
  app.game.show(checked);
}

async function rematch() {
  if (!app.table) return;
  try {
    await connection.request("rematch", { table: app.table.id });
    app.game?.inform("You asked for a rematch: waiting for the other player");
  } catch (error) {
    app.game?.inform(error.message);
  }
}
$("rematch").addEventListener("click", () => rematch());

$("leave").addEventListener("click", async () => {
  if (!app.table) return;
  const underWay = app.seat && app.table.status === "playing";
  if (underWay && !window.confirm("Leave the match? Leaving gives it to your opponent.")) return;
  const id = app.table.id;
  try {
    await connection.request("leave", { table: id });
  } catch {
    // NB: gone already; the lobby is where the player wanted to be anyway.
  }
  app.game?.destroy();
  app.game = null;
  app.table = null;
  app.seat = null;
  show("lobby-screen");
});

document.addEventListener("keydown", (event) => {
  if ($("table-screen").hidden || !app.game || event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target;
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
  if (event.key === "n" && app.lastUpdate && (app.lastUpdate.result || app.table?.status === "over")) {
    rematch();
    event.preventDefault();
    return;
  }
  // NB: Enter on a focused button stays the button's; the board takes its own keys.
  if (event.key === "Enter" && target instanceof HTMLButtonElement) return;
  if (app.game.keydown(event)) event.preventDefault();
});

// MARK: Messages

function received(message) {
  switch (message.type) {
    case "table":
      if (message.table.id === app.table?.id) {
        if (!app.game && !app.mounting) enterTable(message.table);
        else tableChanged(message.table);
      } else if (!app.table && message.table.seats.some((s) => s.player === app.welcome?.player)) {
        // NB: a resumed seat (R-2): the host names our table before its state.
        enterTable(message.table);
      }
      break;
    case "state":
      stateArrived(message);
      break;
    case "away":
      if (message.table === app.table?.id) app.game?.inform(`${message.name} is away: the seat is kept for ${Math.round(message.graceMs / 1000)} s`);
      break;
    case "back":
      if (message.table === app.table?.id) app.game?.inform(`${message.name} is back`);
      break;
    case "rematch-offered":
      if (message.table === app.table?.id && message.seat !== app.seat) {
        const name = seatNames(app.table)[message.seat] ?? message.seat;
        app.game?.inform(`${name} offers a rematch: press Play again`);
      }
      break;
    case "draw-offered":
      if (message.table === app.table?.id && message.seat !== app.seat) app.game?.inform(`${seatNames(app.table)[message.seat]} offers a draw`);
      break;
    default:
      // NB: messages of newer hosts are skipped (PROTOCOL.md M-5, V-2).
      break;
  }
}

// MARK: Start

if (connection.saved?.name) {
  // NB: a reload in the middle of a match: resume with the tab's token, straight back to the seat.
  show("lobby-screen");
  connection.start();
} else {
  show("name-screen");
  $("name").focus();
}
