// WhichBill's web screen, as on the seed's iPad: the item's picture, name and cost on the left, the
// four answer buttons (the bills) on the right, the number line at the bottom; the seed's messages
// and Play Again (docs/WHICHBILL.md). The number line's slider is this page's own: while it points at
// the right bill the other bills rest, and the next choice tells the host the hint was used.
//
// The shell (js/app.js) loads this module by the game's id and calls mount(); it never looks inside.
import { announce, h, replace } from "../js/dom.js";
import { billName, enabled, money, pointsAtRightBill, rightBill, stateHash } from "./whichbill/rules.js";

export { stateHash };

const SEED = {
  ask: (state) => `Which bill pays for the ${state.item.name} (${money(state.cents)})?`,
  wrong: (bill, verdict, cents) =>
    `${billName(bill)} is ${verdict === "too-small" ? "too small" : "more than you need"} for ${money(cents)}. Try a different bill.`,
  right: (bill, item) => `Yes! ${billName(bill)} is the right bill for the ${item.name}. Great job!`,
  playAgain: "Press Play Again for the next item.",
  sessionOver: (items, firstTry) =>
    `That was the last item: ${firstTry} of ${items} right at the first try. Press Play Again for a new session.`,
  resting: (bill) => `The number line points at ${billName(bill)}: the other bills rest while it is there.`,
};

const isOver = (update) => Boolean(update && (update.result || update.status === "over"));

/**
 * Mounts the screen.
 * @param {HTMLElement} root where it goes (emptied first).
 * @param {object} ctx what the shell offers: seat ("P1" or null for a spectator), names(), move(move)
 *   (a Promise; rejects with {code, message, details}), rematch(), stepMs.
 * @returns the controller the shell drives: show(update), table(info), inform(text), keydown(event), destroy().
 */
export function mount(root, ctx) {
  let update = null;      // the latest state message (verified by the shell)
  let slider = 0;         // the number line's position, in cents
  let hintSeen = false;   // the line pointed at the right bill this round
  let round = null;       // the round the slider belongs to
  let awaiting = false;   // a move sent, no answer yet
  let message = { text: "", kind: "" };
  let tableInfo = null;

  const picture = h("div", { class: "wb-picture", role: "img" });
  const name = h("h3", { class: "wb-name" });
  const cost = h("p", { class: "wb-cost" });
  const aisle = h("p", { class: "wb-aisle" });
  const bills = h("div", { class: "wb-bills", role: "group", "aria-label": "Bills" });
  const range = h("input", {
    type: "range", class: "wb-slider", id: "wb-slider", min: "0", max: "2000", step: "1", value: "0",
    "aria-label": "Number line",
  });
  const marks = h("div", { class: "wb-marks", "aria-hidden": "true" });
  const value = h("output", { class: "wb-value", for: "wb-slider" });
  const line = h("section", { class: "wb-line", "aria-label": "Number line" },
    h("label", { for: "wb-slider", class: "wb-line-title" }, "Number line"), marks, range, value);
  const notice = h("p", { class: "wb-message", role: "status" });
  const progress = h("p", { class: "wb-progress" });
  const again = h("button", { type: "button", class: "big primary wb-again", onclick: () => playAgain() }, "Play Again");
  const board = h("div", { class: "wb-board", role: "group", "aria-label": "WhichBill", dataset: { seq: "", status: "" } },
    h("section", { class: "wb-item" }, picture, h("div", {}, name, aisle, cost)),
    bills, line);
  replace(root, board, notice, progress, h("div", { class: "row" }, ctx.seat ? again : null));

  range.addEventListener("input", () => slide(Number(range.value)));
  // NB: the keys of docs/WHICHBILL.md on the slider too: Shift ten cents, Page Up/Down a dollar.
  range.addEventListener("keydown", (event) => {
    const step = stepOf(event);
    if (step === null) return;
    event.preventDefault();
    slide(slider + step);
  });

  function stepOf(event) {
    const sign = event.key === "ArrowRight" || event.key === "ArrowUp" || event.key === "PageUp" ? 1 : -1;
    if (event.key === "PageUp" || event.key === "PageDown") return sign * 100;
    if (event.key === "Home") return -1_000_000;
    if (event.key === "End") return 1_000_000;
    if (["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].includes(event.key)) return sign * (event.shiftKey ? 10 : 1);
    return null;
  }

  // MARK: Drawing

  function state() { return update?.state ?? null; }

  function lineOn() { return Boolean(state()?.numberLine); }

  function open() {
    const s = state();
    if (!s) return [];
    return enabled(s.bills, s.cents, s.wrong, s.answered, lineOn() ? slider : null);
  }

  function pointing() {
    const s = state();
    return Boolean(s && lineOn() && !s.answered && pointsAtRightBill(slider, s.cents, s.bills));
  }

  function render() {
    const s = state();
    board.dataset.seq = update ? String(update.seq) : "";
    board.dataset.status = update?.status ?? "";
    board.dataset.round = s ? String(s.round) : "";
    board.dataset.pointing = pointing() ? "true" : "false";
    if (!s) {
      replace(notice, tableInfo?.status === "waiting" ? "Waiting for the session to start" : "");
      return;
    }
    picture.textContent = s.item.emoji;
    picture.setAttribute("aria-label", s.item.name);
    name.textContent = s.item.name.charAt(0).toUpperCase() + s.item.name.slice(1);
    aisle.textContent = s.item.category;
    cost.textContent = `Cost: ${money(s.cents)}`;
    const flags = open();
    replace(bills, s.bills.map((bill, index) => {
      const wrong = s.wrong.includes(bill);
      const right = s.answered && s.answer === bill;
      const verdict = wrong ? (bill < s.cents ? "too small" : "more than you need") : right ? "the right bill" : "";
      const button = h("button", {
        type: "button", class: `wb-bill${wrong ? " wrong" : ""}${right ? " right" : ""}`, dataset: { bill: String(bill) },
        disabled: !ctx.seat || !flags[index] || awaiting, onclick: () => choose(index),
        "aria-label": `${billName(bill)}${verdict ? `, ${verdict}` : ""}`,
      }, h("span", { class: "wb-key" }, String(index + 1)), h("span", { class: "wb-face" }, billName(bill)),
      verdict ? h("span", { class: "wb-verdict" }, wrong ? `✗ ${verdict}` : `✓ ${verdict}`) : null);
      return button;
    }));
    line.hidden = !lineOn();
    const max = s.bills[s.bills.length - 1];
    range.max = String(max);
    range.value = String(slider);
    range.disabled = !ctx.seat || s.answered;
    range.setAttribute("aria-valuetext", money(slider));
    value.textContent = money(slider);
    // NB: positions through the CSSOM: the page's Content-Security-Policy refuses style attributes.
    const at = (element, cents) => {
      element.style.left = `${(cents / max) * 100}%`;
      return element;
    };
    replace(marks,
      s.bills.map((bill) => at(h("span", { class: "wb-mark" }, billName(bill)), bill)),
      at(h("span", { class: "wb-mark wb-cost-mark" }, `▼ ${money(s.cents)}`), s.cents));
    line.classList.toggle("pointing", pointing());
    notice.className = `wb-message ${message.kind}`;
    notice.textContent = message.text;
    progress.textContent = `Item ${s.round} of ${s.items} · right at the first try: ${s.firstTry}`;
    again.disabled = !(s.answered || isOver(update)) || awaiting;
  }

  function say(text, kind = "") {
    message = { text, kind };
    if (text) announce(text);
  }

  // MARK: Input

  function slide(cents) {
    const s = state();
    if (!s || !lineOn() || !ctx.seat || s.answered) return;
    slider = Math.min(Math.max(cents, 0), s.bills[s.bills.length - 1]);
    if (pointing()) {
      hintSeen = true;
      say(SEED.resting(rightBill(s.cents, s.bills)));
    } else if (message.text === SEED.resting(rightBill(s.cents, s.bills))) {
      say(SEED.ask(s));
    }
    render();
  }

  function choose(index) {
    const s = state();
    if (!s || !ctx.seat) return;
    const bill = s.bills[index];
    if (bill === undefined) return;
    if (!open()[index] || awaiting) {
      if (s.answered) say(isOver(update) ? SEED.sessionOver(s.items, s.firstTry) : SEED.playAgain, "warning");
      else if (s.wrong.includes(bill)) say(`You already tried ${billName(bill)}. Try a different bill.`, "warning");
      else if (pointing()) say(SEED.resting(rightBill(s.cents, s.bills)), "warning");
      render();
      return;
    }
    const move = hintSeen && s.hintGuess == null ? { choose: bill, hint: true } : { choose: bill };
    send(move);
  }

  function playAgain() {
    const s = state();
    if (!s || !ctx.seat || awaiting) return;
    if (isOver(update)) { ctx.rematch(); return; }
    if (!s.answered) { say("Find the right bill first, then Play Again.", "warning"); render(); return; }
    send({ next: true });
  }

  function send(move) {
    awaiting = true;
    render();
    ctx.move(move).catch((error) => {
      awaiting = false;
      say(error.message, "warning");
      render();
    });
  }

  // MARK: The controller

  return {
    /** A new state from the host (already checked against its hash by the shell). */
    show(next) {
      const previous = update;
      update = next;
      awaiting = false;
      const s = next.state;
      const key = `${next.match} ${s.round}`;
      if (round !== key) {
        round = key;
        slider = 0;
        hintSeen = false;
      }
      let text = SEED.ask(s);
      let kind = "";
      for (const event of next.events ?? []) {
        if (event.verdict === "right") { text = `${SEED.right(event.guessed, s.item)} ${SEED.playAgain}`; kind = "good"; }
        else if (event.verdict) { text = SEED.wrong(event.guessed, event.verdict, s.cents); kind = "warning"; }
        if (event.sessionOver) { text = SEED.sessionOver(event.sessionOver.items, event.sessionOver.firstTry); kind = "good"; }
      }
      if (!(next.events ?? []).length && s.answered) {
        text = isOver(next) ? SEED.sessionOver(s.items, s.firstTry) : `${SEED.right(s.answer, s.item)} ${SEED.playAgain}`;
        kind = "good";
      }
      if (!previous || next.last || text !== message.text) say(text, kind);
      render();
    },
    /** The table changed: names, presence, status. */
    table(info) {
      tableInfo = info;
      render();
    },
    /** News that is not a warning (an offer, a player back). */
    inform(text) {
      say(text, "good");
      render();
    },
    /** A key on the page; returns whether the screen used it. */
    keydown(event) {
      const s = state();
      if (!s) return false;
      if (event.key >= "1" && event.key <= "9" && !event.shiftKey) { choose(Number(event.key) - 1); return true; }
      if (event.key === "p" || event.key === "P" || event.key === "Enter") { playAgain(); return true; }
      const step = stepOf(event);
      if (step !== null && lineOn()) { slide(slider + step); return true; }
      return false;
    },
    destroy() {
      root.replaceChildren();
    },
  };
}

/** A small live picture of a session, for the projector. */
export function miniature(update, names) {
  const s = update.state;
  return h("div", { class: "mini-whichbill", role: "img",
    "aria-label": `${names.P1 ?? "P1"}: the ${s.item.name} for ${money(s.cents)}, item ${s.round} of ${s.items}` },
  h("span", { class: "mini-picture" }, s.item.emoji),
  h("span", {}, `${money(s.cents)} · item ${s.round} of ${s.items}`),
  h("span", {}, s.wrong.length ? `${s.wrong.length} wrong so far` : s.answered ? "✓" : ""));
}

/** How a finished session reads in the projector's results, or null while it goes on. */
export function resultLine(update, names) {
  if (!isOver(update)) return null;
  const s = update.state;
  if (update.result?.reason && update.result.reason !== "finished") return `${names.P1 ?? "P1"} left the session (${update.result.reason})`;
  return `${names.P1 ?? "P1"}: ${s.firstTry} of ${s.items} right at the first try`;
}
