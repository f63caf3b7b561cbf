// Tax Collection's web screen, as on the seed's iPad: A's banks on the left, B's on the right, the
// treasuries above and below, each player's collection beside their column. Dark grey banks, orange
// treasuries, purple collections, the selected bank red; the seed's warnings; the turn flag.
//
// The shell (js/app.js) loads this module by the game's id and calls mount(); it never looks inside.
import { announce, h, replace } from "../js/dom.js";
import { steps, summary, viewOf } from "./taxcollection/animation.js";
import { stateHash } from "./taxcollection/state-hash.js";
import { SEED, openWalkthrough } from "./taxcollection/walkthrough.js";

export { stateHash };

const SEATS = ["A", "B"];

function winnerText(state, result, names) {
  if (!result) return null;
  const other = (seat) => (seat === "A" ? "B" : "A");
  if (result.reason === "finished" || !result.reason) {
    const scores = state.scores ?? { A: state.collections.A, B: state.collections.B };
    if (result.winner === "A" || result.winner === "B") {
      return `${names[result.winner]} is the winner with ${scores[result.winner]} dollars against ${scores[other(result.winner)]}!`;
    }
    return `It's a draw: ${scores.A} to ${scores.B}!`;
  }
  if (result.reason === "resigned") return `${names[other(result.winner)]} left the match: ${names[result.winner]} wins`;
  if (result.reason === "forfeit") return `${names[other(result.winner)]} did not come back in time: ${names[result.winner]} wins`;
  if (result.reason === "draw-agreed") return "The match ended in a draw by agreement";
  return `The match is over: ${result.winner}`;
}

/**
 * Mounts the board.
 * @param {HTMLElement} root where the board goes (emptied first).
 * @param {object} ctx what the shell offers:
 *   seat ("A", "B" or null for a spectator), names() ({A, B}), move(move) (a Promise; rejects with
 *   {code, message, details}), rematch(), stepMs (animation speed).
 * @returns the controller the shell drives: show(update), table(info), inform(text), keydown(event), destroy().
 */
/** Why the match waits: a player away (R-4), or the host's full disk (L-10). */
function pausedLine(tableInfo) {
  if (tableInfo?.pausedBy === "disk-full") {
    return "The match is paused: the host's disk is full. It goes on by itself once there is room";
  }
  return "The match is paused until every player is back";
}

export function mount(root, ctx) {
  let update = null;       // the latest state message (verified by the shell)
  let shown = null;        // the view on screen
  let focus = null;        // the square the animation is at
  let caption = "";
  let selected = null;     // a bank number 1-5
  let awaiting = false;    // a move sent, no answer yet
  let queue = [];
  let timer = null;
  let walkthrough = null;
  let tableInfo = null;
  let touchStart = null;
  let swallowClick = false;

  const bankButtons = { A: [], B: [] };
  const squareEls = {};
  const banksOf = (seat) =>
    Array.from({ length: 5 }, (_, index) => {
      const number = index + 1;
      const button = h("button", {
        type: "button", class: "tc-bank", dataset: { square: `${seat}${number}` },
        onclick: () => {
          if (swallowClick) { swallowClick = false; return; }
          pressBank(seat, number);
        },
        onpointerdown: (event) => { touchStart = { seat, number, y: event.clientY }; },
      });
      bankButtons[seat].push(button);
      squareEls[`${seat}${number}`] = button;
      return button;
    });
  const treasury = (name) => {
    const element = h("div", { class: "tc-treasury", dataset: { square: name }, role: "img" });
    squareEls[name] = element;
    return element;
  };
  const side = (seat) => {
    const collection = h("button", { type: "button", class: "tc-collection", dataset: { seat }, onclick: () => pressCollection(seat) });
    return {
      seat,
      name: h("h3", { class: "tc-name" }),
      flag: h("p", { class: "tc-flag" }),
      away: h("p", { class: "tc-away" }),
      collection,
      score: h("p", { class: "tc-score" }),
    };
  };
  const sides = { A: side("A"), B: side("B") };
  const sideEl = (s) => h("section", { class: `tc-side tc-side-${s.seat.toLowerCase()}`, "aria-label": `Player ${s.seat}` },
    s.name, s.flag, s.away, s.collection, s.score);

  const caption_ = h("p", { class: "tc-caption", "aria-hidden": "true" });
  const notice = h("p", { class: "tc-notice", role: "alert" });
  const status = h("p", { class: "tc-status", "aria-live": "polite" });
  const last = h("p", { class: "tc-last" });
  const up = h("button", { type: "button", class: "big tc-sow", onclick: () => sow("up") }, "▲ Sow up");
  const down = h("button", { type: "button", class: "big tc-sow", onclick: () => sow("down") }, "▼ Sow down");
  const refill = h("button", { type: "button", class: "big", onclick: () => pressRefill() }, "Refill from my collection");
  const skip = h("button", { type: "button", class: "big", onclick: () => finishAnimation() }, "Skip the animation");
  const help = h("button", { type: "button", class: "big", onclick: () => showWalkthrough() }, "How to play");
  const board = h("div", { class: "tc-board", role: "group", "aria-label": "Tax Collection board", dataset: { seq: "", status: "" } },
    sideEl(sides.A),
    h("div", { class: "tc-centre" },
      treasury("top"),
      h("div", { class: "tc-columns" },
        h("div", { class: "tc-column", "aria-label": "Player A's banks" }, banksOf("A")),
        h("div", { class: "tc-column", "aria-label": "Player B's banks" }, banksOf("B"))),
      treasury("bottom")),
    sideEl(sides.B));
  const controls = h("div", { class: "row tc-controls" }, ctx.seat ? [up, down, refill] : [], skip, help);
  // NB: a swipe ends wherever the finger (or mouse) is lifted; it belongs to the bank it started on.
  board.addEventListener("pointerup", (event) => swipe(event));
  board.addEventListener("pointercancel", () => { touchStart = null; });
  replace(root, board, caption_, notice, status, last, controls);

  // MARK: Drawing

  function names() { return ctx.names(); }

  function render() {
    const state = update?.state;
    const view = shown ?? (state ? viewOf(state) : null);
    const who = names();
    const playing = update && !update.result && update.status !== "over";
    for (const seat of SEATS) {
      const mine = ctx.seat === seat;
      sides[seat].name.textContent = `${who[seat]} (${seat})${mine ? " · you" : ""}`;
      const toMove = playing && update.turn === seat;
      sides[seat].flag.textContent = toMove ? (mine ? "▶ YOUR TURN" : "▶ TO MOVE") : "";
      const away = tableInfo?.seats?.find((s) => s.seat === seat)?.away;
      sides[seat].away.textContent = away ? "away: the seat is kept for a while" : "";
      const coll = view ? view.collections[seat] : 0;
      sides[seat].collection.textContent = `Collection ${coll}`;
      sides[seat].collection.setAttribute("aria-label",
        `${mine ? "Your" : `${who[seat]}'s`} collection: ${coll} dollars${mine ? ". Tap to refill your banks when they are all empty" : ""}`);
      if (view) {
        const other = seat === "A" ? "B" : "A";
        const score = view.collections[seat] - view.debts[seat] + view.debts[other];
        sides[seat].score.textContent = `score ${score}${view.debts[seat] > 0 ? `, owes ${view.debts[seat]}` : ""}`;
      }
      bankButtons[seat].forEach((button, index) => {
        const number = index + 1;
        const count = view ? view.banks[seat][index] : 5;
        const isSelected = playing && selected === number && update.turn === seat && ctx.seat === seat;
        button.textContent = "";
        button.append(h("span", { class: "tc-label" }, `${seat}${number}`), h("span", { class: "tc-count" }, count));
        button.classList.toggle("selected", Boolean(isSelected));
        button.classList.toggle("focus", focus === `${seat}${number}`);
        button.setAttribute("aria-pressed", isSelected ? "true" : "false");
        button.setAttribute("aria-label", `Bank ${seat}${number}, ${count} dollars${isSelected ? ", selected" : ""}`);
        button.setAttribute("aria-disabled", ctx.seat === seat ? "false" : "true");
      });
    }
    for (const name of ["top", "bottom"]) {
      const count = view ? view[name] : 10;
      squareEls[name].textContent = `Treasury ${count}`;
      squareEls[name].setAttribute("aria-label", `${name === "top" ? "Top" : "Bottom"} treasury, ${count} dollars`);
      squareEls[name].classList.toggle("focus", focus === name);
    }
    caption_.textContent = caption;
    status.textContent = statusLine();
    const animating = queue.length > 0 || timer !== null;
    skip.hidden = !animating;
    const mayMove = ctx.seat && playing && update.turn === ctx.seat;
    up.disabled = down.disabled = !mayMove;
    refill.disabled = !mayMove;
    board.dataset.seq = update && !animating ? String(update.seq) : "";
    board.dataset.status = update?.status ?? "";
    board.dataset.turn = playing ? update.turn : "";
    board.setAttribute("aria-busy", animating ? "true" : "false");
  }

  function statusLine() {
    const who = names();
    if (!update) {
      const free = tableInfo?.seats?.some((s) => !s.player);
      return free ? "Waiting for an opponent to sit down" : "Waiting for both players to be ready";
    }
    if (update.result || update.status === "over") return `Game over. ${winnerText(update.state, update.result, who) ?? ""}`;
    if (tableInfo?.status === "paused") return pausedLine(tableInfo);
    const mover = `${who[update.turn]} (${update.turn})`;
    if (!ctx.seat) return `${mover} to move · you are watching`;
    if (update.turn !== ctx.seat) return `${mover} to move · waiting for them`;
    if (update.state.phase === "refill") return `Your turn, ${who[ctx.seat]}: your banks are empty, tap your collection to refill`;
    return selected ? `Your turn: swipe up or down on bank ${selected}, or press ▲ or ▼` : `Your turn, ${who[ctx.seat]}: choose one of your banks`;
  }

  function warn(text) {
    notice.className = "tc-notice warning";
    notice.textContent = text;
  }

  function inform(text) {
    notice.className = "tc-notice good";
    notice.textContent = text;
    announce(text);
  }

  // MARK: Animation

  function animate(from, events) {
    finishAnimation(false);
    queue = steps(from, events, names());
    if (queue.length === 0 || !(ctx.stepMs > 0)) {
      queue = [];
      return;
    }
    tick();
  }

  function tick() {
    timer = null;
    const step = queue.shift();
    if (!step) {
      finishAnimation();
      return;
    }
    shown = step.view;
    focus = step.focus;
    caption = step.caption;
    // NB: the timer first: the board says it is still busy while its last step is on screen.
    timer = setTimeout(tick, ctx.stepMs);
    render();
  }

  function finishAnimation(draw = true) {
    clearTimeout(timer);
    timer = null;
    queue = [];
    shown = update ? viewOf(update.state) : null;
    focus = null;
    caption = "";
    if (draw) render();
  }

  // MARK: Input

  function cannotMove() {
    const who = names();
    if (!update) return "The match has not started yet";
    if (update.result || update.status === "over") return "The game is over: Play again starts a new one";
    if (!ctx.seat) return "You are watching this table";
    if (update.status === "paused" || tableInfo?.status === "paused") return pausedLine(tableInfo);
    if (update.turn !== ctx.seat) return `It is ${who[update.turn]}'s turn`;
    if (awaiting) return "Waiting for the host";
    return null;
  }

  function pressBank(seat, number) {
    if (seat !== ctx.seat) {
      warn(ctx.seat ? "Choose one of your own banks" : "You are watching this table");
      return;
    }
    finishAnimation(false);
    const why = cannotMove();
    if (why) { warn(why); render(); return; }
    if (update.state.phase === "refill") { warn(SEED.refillNeeded); render(); return; }
    if (update.state.banks[seat][number - 1] === 0) { warn(SEED.emptyBank); render(); return; }
    selected = number;
    notice.textContent = "";
    render();
  }

  function swipe(event) {
    if (!touchStart) return;
    const { seat, number } = touchStart;
    const dy = event.clientY - touchStart.y;
    touchStart = null;
    if (Math.abs(dy) < 30) return;
    // NB: the browser follows a swipe with a click on the same bank; the swipe has said it all.
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    if (selected !== number) pressBank(seat, number);
    if (selected === number) sow(dy < 0 ? "up" : "down");
  }

  function sow(direction) {
    finishAnimation(false);
    const why = cannotMove();
    if (why) { warn(why); render(); return; }
    if (!selected) {
      warn(update.state.phase === "refill" ? SEED.refillNeeded : "Choose one of your banks first: tap it, or press 1 to 5");
      render();
      return;
    }
    send({ bank: selected, direction });
  }

  function pressCollection(seat) {
    if (seat !== ctx.seat) {
      warn(ctx.seat ? "That is the other player's collection" : "You are watching this table");
      return;
    }
    pressRefill();
  }

  function pressRefill() {
    finishAnimation(false);
    const why = cannotMove();
    if (why) { warn(why); render(); return; }
    if (update.state.phase !== "refill") { warn(SEED.refillRefused); render(); return; }
    send({ refill: true });
  }

  function send(move) {
    awaiting = true;
    selected = null;
    notice.textContent = "";
    render();
    ctx.move(move).catch((error) => {
      awaiting = false;
      if (error.details?.rule === "refill-required") warn(SEED.refillNeeded);
      else if (error.details?.rule === "refill-not-allowed") warn(SEED.refillRefused);
      else warn(error.message);
      render();
    });
  }

  function showWalkthrough() {
    if (walkthrough) return;
    walkthrough = openWalkthrough(root, () => {
      walkthrough = null;
      help.focus();
    });
  }

  // MARK: The controller

  return {
    /** A new state from the host (already checked against its hash by the shell). */
    show(next) {
      const previous = update;
      const newMatch = !previous || previous.match !== next.match;
      const from = shown ?? (previous ? viewOf(previous.state) : null);
      update = next;
      awaiting = false;
      if (newMatch || next.turn !== previous?.turn || next.last) selected = null;
      if (next.last) {
        last.textContent = `last: ${summary(next.last, next.events ?? [], names())}`;
        if (notice.classList.contains("warning")) notice.textContent = "";
        if (from && !newMatch) animate(from, next.events ?? []);
        else finishAnimation(false);
      } else {
        finishAnimation(false);
        if (newMatch) { last.textContent = ""; notice.textContent = ""; }
      }
      const ended = winnerText(next.state, next.result, names());
      if (ended) inform(ended);
      else if (next.turn === ctx.seat && next.last) announce("Your turn");
      render();
    },
    /** The table changed: names, presence, status. */
    table(info) {
      tableInfo = info;
      render();
    },
    /** News that is not a warning (an offer, a player back). */
    inform(text) {
      inform(text);
    },
    /** A key on the page; returns whether the board used it. */
    keydown(event) {
      if (walkthrough) return false;
      const key = event.key;
      if (key >= "1" && key <= "5") { if (ctx.seat) pressBank(ctx.seat, Number(key)); return true; }
      if (key === "ArrowUp" || key === "u") { sow("up"); return true; }
      if (key === "ArrowDown" || key === "d") { sow("down"); return true; }
      if (key === "r") { pressRefill(); return true; }
      if (key === "Escape") { selected = null; notice.textContent = ""; render(); return true; }
      if (key === " " && (queue.length > 0 || timer)) { finishAnimation(); return true; }
      if (key === "?") { showWalkthrough(); return true; }
      return false;
    },
    destroy() {
      clearTimeout(timer);
      walkthrough?.close();
      root.replaceChildren();
    },
  };
}

/** A small live picture of a table's board, for the projector. */
export function miniature(update, names) {
  const state = update.state;
  const cell = (square, count, cls) => h("span", { class: `mini-${cls}`, dataset: { square }, title: square }, count);
  const playing = !update.result && update.status !== "over";
  const rows = [0, 1, 2, 3, 4].map((index) =>
    h("div", { class: "mini-row" }, cell(`A${index + 1}`, state.banks.A[index], "bank"), cell(`B${index + 1}`, state.banks.B[index], "bank")));
  return h("div", { class: "mini-board", role: "img",
    "aria-label": `${names.A} ${state.collections.A}, ${names.B} ${state.collections.B}${playing ? `, ${names[update.turn]} to move` : ""}` },
  h("div", { class: "mini-side" }, h("span", { class: "mini-name" }, names.A), cell("collection A", state.collections.A, "collection"),
    playing && update.turn === "A" ? h("span", { class: "mini-flag" }, "▶ to move") : null),
  h("div", { class: "mini-centre" }, cell("top", state.top, "treasury"), rows, cell("bottom", state.bottom, "treasury")),
  h("div", { class: "mini-side" }, h("span", { class: "mini-name" }, names.B), cell("collection B", state.collections.B, "collection"),
    playing && update.turn === "B" ? h("span", { class: "mini-flag" }, "▶ to move") : null));
}

/** How a finished match reads in the projector's results, or null while it goes on. */
export function resultLine(update, names) {
  return winnerText(update.state, update.result, names);
}
