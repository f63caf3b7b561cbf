// Craps's web screen: the seed's single screen (shared/seeds/craps.txt) on the terminal's green felt
// (Sources/Craps): the two dice as the seed's glyphs, their total, the point, the shooter, what the
// latest roll did, the seed's won, lost and bankrupt messages, the dice's commitment and the page's own
// check of every revealed period, the ante slider from $0 to $500 in $5 steps, the balance, and every
// player at the table.
//
// The shell (js/app.js) loads this module by the game's id and calls mount(); it never looks inside.
import { announce, h, replace } from "../js/dom.js";
import { DiceAudit } from "./craps/audit.js";
import { stateHash } from "./craps/state-hash.js";
import { STARTING_BALANCE, glyph, money, narration, outcome, resultWords } from "./craps/words.js";

export { stateHash };

/** The most moves sent again in a row after a stale seq, as the terminal's TableModel.retryLimit. */
const RETRY_LIMIT = 3;
/** The steps a roll tumbles before the dice settle, as the terminal's RollAnimation. */
const TUMBLE_STEPS = 4;
const SLIDER = { min: 0, max: 500, step: 5 };

const sameKind = (a, b) => ["roll", "ante", "reset", "seed"].some((key) => key in a && key in b);
const isOver = (update) => Boolean(update?.result) || update?.status === "over" || Boolean(update?.state?.over);

/** Why the match waits: a player away (R-4), or the host's full disk (L-10). */
function pausedLine(tableInfo) {
  if (tableInfo?.pausedBy === "disk-full") return "The match is paused: the host's disk is full. It goes on by itself once there is room";
  return "The match is paused until every player is back";
}

/**
 * Mounts the table.
 * @param {HTMLElement} root where the table goes (emptied first).
 * @param {object} ctx what the shell offers: seat ("P1"… or null for a spectator), names() ({P1: "Lan"…}),
 *   move(move) (a Promise; rejects with {code, message, details: the error message}), sync() (asks the
 *   host for the table's state), rematch(), stepMs (animation speed).
 * @returns the controller the shell drives: show(update), table(info), inform(text), keydown(event), destroy().
 */
export function mount(root, ctx) {
  let update = null;        // the latest state message (verified by the shell)
  let tableInfo = null;
  let awaiting = null;      // the move sent and not yet answered
  let retry = null;         // a move the host could not take (a stale seq), to send again on the next state
  let retries = 0;
  let lastLine = "";
  let result = null;        // the seed's won, lost or bankrupt message: {text, good}
  let tumble = null;        // the faces shown while a roll tumbles
  let tumbleLeft = 0;
  let timer = null;
  let audit = new DiceAudit();
  let auditFailure = null;

  const name = (seat) => ctx.names()[seat] ?? seat;
  const me = () => update?.state?.seats?.find((s) => s.seat === ctx.seat) ?? null;
  const isIn = (player) => player && (player.status === "playing" || player.status === "bankrupt");

  // MARK: The felt

  const heading = h("p", { class: "cr-heading" });
  const shooterLine = h("p", { class: "cr-shooter" });
  const die = (index) => {
    const face = h("span", { class: "cr-glyph", "aria-hidden": "true" });
    const number = h("span", { class: "cr-number", "aria-hidden": "true" });
    const element = h("div", { class: "cr-die", role: "img", dataset: { die: String(index) } }, face, number);
    return { element, face, number };
  };
  const dice = [die(1), die(2)];
  const total = h("p", { class: "cr-total", "aria-live": "off" });
  const pointState = h("p", { class: "cr-point-state" });
  const pointHint = h("p", { class: "cr-point-hint" });
  const point = h("div", { class: "cr-point", role: "group", "aria-label": "The point" },
    h("p", { class: "cr-point-title" }, "THE POINT"), pointState, pointHint);
  const lastMove = h("p", { class: "cr-last" });
  const outcomeLine = h("p", { class: "cr-outcome" });
  const auditLine = h("p", { class: "cr-audit" });
  const felt = h("section", { class: "cr-felt", "aria-label": "The craps table" },
    heading, shooterLine,
    h("div", { class: "cr-throw" }, dice[0].element, dice[1].element, total, point),
    lastMove, outcomeLine, auditLine);

  // MARK: The ante, the buttons, the players

  const slider = h("input", {
    id: "cr-ante", class: "cr-slider", type: "range", min: SLIDER.min, max: SLIDER.max, step: SLIDER.step, value: 5,
    "aria-describedby": "cr-ante-line",
    oninput: () => render(),
    onkeydown: (event) => {
      // NB: the shell leaves an input's keys alone; Enter on the slider bets its value, as in the terminal.
      if (event.key === "Enter") { event.preventDefault(); bet(); }
    },
  });
  const sliderValue = h("output", { class: "cr-ante-value", for: "cr-ante", "aria-hidden": "true" });
  const betButton = h("button", { type: "button", class: "big primary cr-bet", onclick: () => bet() });
  const anteLine = h("p", { id: "cr-ante-line", class: "cr-ante-line" });
  const ante = h("section", { class: "cr-ante", "aria-label": "Your ante" },
    h("div", { class: "row cr-slider-row" },
      h("label", { for: "cr-ante" }, "Ante"),
      h("span", { class: "cr-end", "aria-hidden": "true" }, "$0"), slider, h("span", { class: "cr-end", "aria-hidden": "true" }, "$500"),
      sliderValue, betButton),
    anteLine);
  const rollButton = h("button", { type: "button", class: "big primary cr-roll", onclick: () => roll() }, "Roll");
  const resetButton = h("button", { type: "button", class: "big cr-reset", onclick: () => reset() },
    `Start again with ${money(STARTING_BALANCE)}`);
  const seedField = h("input", { id: "cr-seed", class: "cr-seed", maxlength: 64, autocomplete: "off", spellcheck: "false" });
  const seedForm = h("form", { class: "row cr-seed-form", onsubmit: (event) => { event.preventDefault(); giveSeed(); } },
    h("label", { for: "cr-seed" }, "Your seed for the dice"), seedField,
    h("button", { type: "submit", class: "big" }, "Give seed"));
  const notice = h("p", { class: "cr-notice", role: "alert" });
  const status = h("p", { class: "cr-status", "aria-live": "polite" });
  const playerRows = h("tbody");
  const players = h("table", { class: "cr-players" },
    h("caption", {}, "Every player at the table"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "dice")), h("th", { scope: "col" }, "seat"),
      h("th", { scope: "col" }, "player"), h("th", { scope: "col", class: "num" }, "balance"),
      h("th", { scope: "col", class: "num" }, "ante"), h("th", { scope: "col" }, "last"))),
    playerRows);
  const controls = h("div", { class: "row cr-controls" }, rollButton, resetButton);
  const side = h("div", { class: "cr-side" }, ctx.seat ? [ante, controls] : [], status, notice, players,
    ctx.seat ? seedForm : null);
  const board = h("div", { class: "cr-board", role: "group", "aria-label": "Craps", dataset: { seq: "", status: "" } },
    felt, side);
  replace(root, board);

  // MARK: Drawing

  function sliderCents() {
    return Number(slider.value) * 100;
  }

  function setSlider(cents) {
    const dollars = Math.min(SLIDER.max, Math.max(SLIDER.min, Math.floor(cents / 100 / SLIDER.step) * SLIDER.step));
    slider.value = String(dollars);
  }

  function render() {
    const state = update?.state ?? null;
    const over = isOver(update);
    const mine = me();
    const shooter = state?.shooter ?? null;
    heading.textContent = state
      ? `decision ${state.decisions + (state.over ? 0 : 1)}${state.decisionLimit > 0 ? ` of ${state.decisionLimit}` : ""}`
      : "";
    shooterLine.textContent = !state ? waitingLine()
      : `SHOOTER  ${shooter ? `${name(shooter)} (${shooter})${shooter === ctx.seat ? " · you" : ""}` : "nobody"}`;
    const shown = tumble ?? state?.dice ?? null;
    dice.forEach((d, index) => {
      const value = shown ? shown[index] : null;
      d.face.textContent = value ? glyph(value) : "–";
      d.number.textContent = value ? String(value) : "";
      d.element.setAttribute("aria-label", value ? `Die ${index + 1}: ${value}` : `Die ${index + 1}: not rolled yet`);
      d.element.dataset.value = value && !tumble ? String(value) : "";
    });
    total.textContent = tumble ? "total …" : shown ? `total ${shown[0] + shown[1]}` : "total -";
    const on = state?.point ?? null;
    point.classList.toggle("on", on !== null);
    pointState.textContent = on === null ? "OFF" : `ON  ${on}`;
    pointHint.textContent = on === null ? "come-out roll" : "7 loses";
    lastMove.textContent = tumble ? "" : lastLine;
    outcomeLine.textContent = tumble || !result ? "" : result.text;
    outcomeLine.className = `cr-outcome${result ? (result.good ? " good" : " bad") : ""}`;
    auditLine.textContent = audit.line;
    auditLine.classList.toggle("warning", Boolean(audit.failure));

    const value = sliderCents();
    sliderValue.textContent = money(value);
    slider.setAttribute("aria-valuetext", money(value));
    betButton.textContent = `Bet ${money(value)}`;
    const mayAct = Boolean(mine) && isIn(mine) && !over && update?.status !== "paused";
    slider.disabled = !ctx.seat;
    betButton.disabled = !mayAct || mine.status === "bankrupt";
    anteLine.textContent = anteWords(mine, state, value);
    rollButton.hidden = !(ctx.seat && shooter === ctx.seat && !over);
    rollButton.disabled = Boolean(awaiting);
    resetButton.hidden = !(mine && mine.status === "bankrupt" && !over);
    resetButton.disabled = Boolean(awaiting) || state?.point != null;
    status.textContent = statusLine();
    drawPlayers(state);

    board.dataset.seq = update && !tumble ? String(update.seq) : "";
    board.dataset.status = update?.status ?? "";
    board.dataset.shooter = shooter ?? "";
    board.dataset.point = on === null ? "off" : String(on);
    board.dataset.dice = state?.dice && !tumble ? state.dice.join(",") : "";
    board.setAttribute("aria-busy", tumble ? "true" : "false");
  }

  function waitingLine() {
    const free = tableInfo?.seats?.some((s) => !s.player);
    return free ? "Waiting for the other players to sit down" : "Waiting for the match to start";
  }

  /** The line under the slider: the ante in force, the balance, and what Bet would do. */
  function anteWords(mine, state, value) {
    if (!mine || !state) return ctx.seat ? "" : "You are watching: every player's ante is in the table below";
    let line = `Your ante ${money(mine.ante)} · balance ${money(mine.balance)}`;
    if (mine.status === "bankrupt") line += " · bankrupt: Start again resets";
    else if (state.point !== null) line += " · locked until the point is decided";
    else if (value !== mine.ante) line += ` · Bet (or Enter) bets ${money(value)}`;
    return line;
  }

  function statusLine() {
    const state = update?.state;
    if (!state) return waitingLine();
    if (isOver(update)) return `Match over. ${resultWords(update.result, name) ?? ""}`.trim();
    if (update.status === "paused" || tableInfo?.status === "paused") return pausedLine(tableInfo);
    const mine = me();
    if (mine && mine.status === "bankrupt" && isIn(mine)) {
      return `You're bankrupt: press Start again (or x) to start again with ${money(STARTING_BALANCE)}`;
    }
    const shooter = state.shooter;
    if (!shooter) return "Nobody can cover an ante: a bankrupt player who resets takes the dice";
    if (!ctx.seat) return `${name(shooter)} (${shooter}) rolls · you are watching`;
    if (shooter !== ctx.seat) return `${name(shooter)} (${shooter}) holds the dice: waiting for the roll`;
    const reminder = state.point !== null ? ` (the point is ${state.point}: roll it again before a 7)` : " (the come-out roll)";
    return `Your roll: press Roll, r or space${reminder}`;
  }

  function drawPlayers(state) {
    const places = {};
    for (const standing of update?.result?.standings ?? []) places[standing.seat] = standing.rank;
    const seats = state?.seats ?? (tableInfo?.seats ?? []).map((s) => ({ seat: s.seat }));
    replace(playerRows, seats.map((player) => {
      const seat = player.seat;
      const shoots = state && state.shooter === seat && !isOver(update);
      const away = tableInfo?.seats?.find((s) => s.seat === seat)?.away;
      const tag = away ? " · away" : seat === ctx.seat ? " · you" : "";
      const last = lastWords(player, places[seat]);
      const riding = player.balance !== undefined && player.status === "playing";
      return h("tr", { class: seat === ctx.seat ? "mine" : "", dataset: { seat } },
        h("td", { class: "cr-mark" }, shoots ? h("span", { title: "holds the dice" }, "▶", h("span", { class: "visually-hidden" }, "holds the dice")) : ""),
        h("td", {}, seat),
        h("td", {}, `${name(seat)}${tag}`),
        h("td", { class: "num cr-balance" }, player.balance === undefined ? "" : money(player.balance)),
        h("td", { class: "num" }, riding ? money(player.ante) : "-"),
        h("td", { class: `cr-last-${last.kind}` }, last.text));
    }));
  }

  /** What the latest decision did for a seat, its status when out or bankrupt, or its place at the end. */
  function lastWords(player, place) {
    if (place !== undefined) return { text: `place ${place}`, kind: place === 1 ? "good" : "plain" };
    switch (player.status) {
      case "resigned": return { text: "left", kind: "dim" };
      case "forfeit": return { text: "forfeit", kind: "dim" };
      case "bankrupt": return { text: "bankrupt", kind: "bad" };
      default: break;
    }
    if (player.last === "won") return { text: "won", kind: "good" };
    if (player.last === "lost") return { text: "lost", kind: "bad" };
    return { text: "", kind: "plain" };
  }

  function setNotice(text, kind = "warning") {
    notice.textContent = text;
    notice.className = `cr-notice ${kind}`;
  }

  function warn(text) {
    setNotice(text, "warning");
    render();
  }

  function inform(text) {
    setNotice(text, "good");
    announce(text);
  }

  // MARK: The dice tumbling

  function startTumble() {
    stopTumble(false);
    if (!(ctx.stepMs > 0)) return;
    tumbleLeft = TUMBLE_STEPS;
    tick();
  }

  function tick() {
    if (tumbleLeft <= 0) { stopTumble(); return; }
    tumbleLeft -= 1;
    // NB: the tumble is only a picture; the dice that count are the host's, shown when it settles.
    tumble = [1 + Math.floor(Math.random() * 6), 1 + Math.floor(Math.random() * 6)];
    timer = setTimeout(tick, ctx.stepMs);
    render();
  }

  function stopTumble(draw = true) {
    clearTimeout(timer);
    timer = null;
    tumble = null;
    tumbleLeft = 0;
    if (draw) render();
  }

  // MARK: Moves

  function cannotAct() {
    if (!update) return "The match has not started yet";
    if (isOver(update)) return "The match is over: Play again offers a rematch";
    if (!ctx.seat) return "You are watching this table";
    const mine = me();
    if (!isIn(mine)) return "You have left this match";
    if (update.status === "paused" || tableInfo?.status === "paused") return pausedLine(tableInfo);
    if (awaiting) return "Waiting for the host";
    return null;
  }

  function bet() {
    stopTumble(false);
    const why = cannotAct();
    if (why) { warn(why); return; }
    const mine = me();
    if (update.state.point !== null) {
      // NB: the rules' own sentence for ante-locked; the slider goes back to the ante in force.
      setSlider(mine.ante);
      warn(`The ante can change only while the point is off; it stays ${money(mine.ante)}`);
      return;
    }
    const wanted = sliderCents();
    if (wanted === mine.ante && mine.status !== "bankrupt") {
      setNotice(`Your ante is ${money(mine.ante)} already`, "plain");
      render();
      return;
    }
    send({ ante: wanted });
  }

  function roll() {
    if (tumble) { stopTumble(); return; }
    const why = cannotAct();
    if (why) { warn(why); return; }
    const shooter = update.state.shooter;
    if (shooter !== ctx.seat) {
      warn(shooter ? `${name(shooter)} (${shooter}) holds the dice: wait for the roll`
        : "Nobody holds the dice: a bankrupt player who resets takes them");
      return;
    }
    send({ roll: true });
  }

  function reset() {
    stopTumble(false);
    const why = cannotAct();
    if (why) { warn(why); return; }
    send({ reset: true });
  }

  function giveSeed() {
    const why = cannotAct();
    if (why) { warn(why); return; }
    const seed = seedField.value;
    if (!/^[ -~]{0,64}$/.test(seed)) {
      warn("A seed is plain printable ASCII: letters, digits, spaces, punctuation, at most 64");
      return;
    }
    setNotice("Your seed counts from the next period whose first roll is to come", "plain");
    send({ seed }, false);
  }

  function send(move, clearNotice = true) {
    awaiting = move;
    if (clearNotice) setNotice("", "plain");
    render();
    ctx.move(move).catch((error) => refused(move, error));
  }

  function refused(move, error) {
    if (awaiting === move) awaiting = null;
    const mine = me();
    if (error.code === "stale-seq") {
      // NB: the table moved on while the move travelled (seats act at once while the point is off): ask
      // for the current state and send the move again on it if it still means something, as the terminal.
      retry = move;
      setNotice("The table changed while your move was on its way: trying again", "plain");
      render();
      ctx.sync();
      return;
    }
    const allowed = error.details?.details?.allowed;
    if ("ante" in move && Number.isInteger(allowed)) {
      // NB: the seed's controller moves its slider back to the ante the model accepts, and the model
      // sets that ante: the page bets it, unless the ante is locked (then it is already in force).
      setSlider(allowed);
      setNotice(`${error.message} (the slider is back at ${money(allowed)})`, "warning");
      if (error.details?.rule !== "ante-locked" && mine && allowed !== mine.ante && update?.state?.point === null) {
        notice.className = "cr-notice plain";
        send({ ante: allowed }, false);
        return;
      }
      render();
      return;
    }
    if ("ante" in move && mine) setSlider(mine.ante);
    warn(error.message);
  }

  /** After a state: the move the host could not take, again, if the player still may make it. */
  function followUp() {
    const again = retry;
    retry = null;
    if (!again || retries >= RETRY_LIMIT || awaiting || !update || isOver(update)) return;
    const state = update.state;
    const mine = me();
    if (!isIn(mine)) return;
    let still = false;
    if ("roll" in again) still = state.shooter === ctx.seat;
    else if ("ante" in again) still = state.point === null && mine.status === "playing" && mine.ante !== again.ante;
    else if ("reset" in again) still = state.point === null && mine.status === "bankrupt";
    else if ("seed" in again) still = mine.seed !== again.seed;
    if (!still) {
      setNotice("", "plain");
      render();
      return;
    }
    retries += 1;
    board.dataset.retries = String(Number(board.dataset.retries ?? "0") + 1);
    send(again, false);
  }

  // MARK: The controller

  return {
    /** A new state from the host (already checked against its hash by the shell). */
    show(next) {
      const previous = update;
      const newMatch = !previous || previous.match !== next.match;
      const previousAnte = me()?.ante;
      stopTumble(false);
      if (newMatch) {
        audit = new DiceAudit();
        lastLine = "";
        result = null;
        awaiting = null;
        retry = null;
        retries = 0;
        setNotice("", "plain");
      }
      const failure = audit.observe(newMatch ? null : previous, next);
      update = next;
      if (next.last) {
        const move = next.last.move ?? {};
        if (awaiting && next.last.seat === ctx.seat && sameKind(move, awaiting)) {
          awaiting = null;
          retries = 0;
        }
        if (notice.classList.contains("warning")) setNotice("", "plain");
        const events = next.events ?? [];
        lastLine = narration(events, name) ?? lastLine;
        const mine = ctx.seat ? outcome(events, ctx.seat) : null;
        if (mine) {
          result = mine;
          announce(mine.text);
        } else if (events.some((e) => e.type === "rolled" || (e.type === "reset" && e.seat === ctx.seat))) {
          // NB: as the seed's won and lost flags, a roll that decides nothing (or a reset) clears the message.
          result = null;
        }
        if (move.roll === true) startTumble();
      } else {
        // NB: a state without a move (a first state, a sync, a resume) answers whatever was in flight.
        awaiting = null;
      }
      const ante = me()?.ante;
      if (ante !== undefined && (ante !== previousAnte || newMatch)) setSlider(ante);
      if (failure) announce(`The dice do not verify: ${failure.text}`);
      const ended = isOver(next) ? resultWords(next.result, name) : null;
      if (ended) inform(ended);
      else if (next.last && next.state.shooter === ctx.seat && next.last.seat !== ctx.seat) announce("You hold the dice");
      render();
      followUp();
    },
    /** The table changed: names, presence, status. */
    table(info) {
      tableInfo = info;
      render();
    },
    /** News that is not a warning (an offer, a player back). */
    inform(text) {
      inform(text);
      render();
    },
    /** A key on the page; returns whether the table used it. */
    keydown(event) {
      const key = event.key;
      // NB: space on a focused button presses that button; it does not roll as well.
      if (key === " " && event.target instanceof HTMLButtonElement) return false;
      if (key === "r" || key === "R" || key === " ") { roll(); return true; }
      if (key === "x" || key === "X") { reset(); return true; }
      if (key === "Enter" || key === "a" || key === "A") { bet(); return true; }
      if (key === "Escape") { stopTumble(); return true; }
      // NB: the slider's own keys, from anywhere on the table: Left/Right $5, PageDown/PageUp $50, Home/End.
      const steps = { ArrowLeft: -1, ArrowRight: 1, ArrowDown: -10, ArrowUp: 10, PageDown: -10, PageUp: 10 }[key];
      if (steps !== undefined && ctx.seat) { setSlider(sliderCents() + steps * SLIDER.step * 100); render(); return true; }
      if (key === "Home" && ctx.seat) { setSlider(0); render(); return true; }
      if (key === "End" && ctx.seat) { setSlider(SLIDER.max * 100); render(); return true; }
      return false;
    },
    destroy() {
      clearTimeout(timer);
      root.replaceChildren();
    },
  };
}

/** A small live picture of a table, for the projector: the dice, the total, the point, every balance. */
export function miniature(update, names) {
  const state = update.state;
  const name = (seat) => names[seat] ?? seat;
  const over = isOver(update);
  const diceText = state.dice ? `${glyph(state.dice[0])} ${glyph(state.dice[1])}` : "– –";
  const total = state.dice ? state.dice[0] + state.dice[1] : null;
  const pointText = state.point === null ? "point OFF" : `point ${state.point}`;
  const shooter = state.shooter && !over ? `${name(state.shooter)} shoots` : "";
  const summary = [state.dice ? `dice ${state.dice[0]} and ${state.dice[1]}, total ${total}` : "no roll yet", pointText, shooter,
    ...state.seats.map((s) => `${name(s.seat)} ${money(s.balance)}`)].filter(Boolean).join(", ");
  return h("div", { class: "mini-craps", role: "img", "aria-label": summary },
    h("div", { class: "mini-felt" },
      h("span", { class: "mini-dice" }, diceText),
      h("span", { class: "mini-total" }, total === null ? "" : `= ${total}`),
      h("span", { class: "mini-point" }, pointText)),
    shooter ? h("p", { class: "mini-flag" }, `▶ ${shooter}`) : null,
    h("ul", { class: "mini-balances" }, state.seats.map((s) =>
      h("li", { dataset: { seat: s.seat } }, h("span", { class: "mini-name" }, name(s.seat)), " ", money(s.balance)))));
}

/** How a finished match reads in the projector's results, or null while it goes on. */
export function resultLine(update, names) {
  if (!isOver(update)) return null;
  return resultWords(update.result, (seat) => names[seat] ?? seat) ?? "The match is over";
}
