// The rules walk-through: the seed's instruction screens, paged with Back and Next (or the arrow keys).
import { h, replace } from "../../js/dom.js";

export const SEED = {
  refillNeeded: "Please click your Collections to refill the Banks",
  refillRefused: "Click this button only when all your Banks are empty",
  emptyBank: "This Bank is empty; choose one of your Banks that holds dollars",
};

const PAGES = [
  ["The board", [
    "Ten banks (dark grey) start with 5 dollars each. The left column is player A's, the right column player B's.",
    "Two treasuries (orange) start with 10 dollars each, one above the banks and one below.",
    "Each player's collection (purple) keeps the dollars they capture.",
  ]],
  ["A turn: sow", [
    "Tap one of your banks that holds dollars: it turns red. Then swipe up or down on it, or press Sow up or Sow down.",
    "On a keyboard: press 1 to 5 to choose a bank, then the Up or Down arrow.",
    "All its dollars are dropped one by one into the next squares, treasuries too, going round the board.",
  ]],
  ["Relay and capture", [
    "When the hand is empty, look at the next square.",
    "A treasury: the turn ends. A bank with dollars: pick them all up and go on (a relay).",
    "An empty bank: capture the square after it into your collection, and keep capturing while an empty bank is followed by dollars.",
  ]],
  ["Refill", [
    "When all five of your banks are empty, tap your collection (or press r): one dollar goes into each bank, then you sow.",
    "If your collection holds fewer than 5, the rest is borrowed from the other player and counted as your debt.",
    `The game tells you: "${SEED.refillNeeded}" and "${SEED.refillRefused}".`,
  ]],
  ["The end", [
    "The game ends when both treasuries are empty. Each player adds their banks to their collection.",
    "Score = collection − debt + what the other player owes you. The higher score wins.",
    "Play again starts a new game with the same players; the other player moves first.",
  ]],
];

/**
 * Opens the walk-through over the board.
 * @param {HTMLElement} host where the dialog goes.
 * @param {() => void} onClose called when it closes.
 */
export function openWalkthrough(host, onClose) {
  let page = 0;
  const title = h("h2", { id: "walkthrough-title" });
  const body = h("div", { class: "walkthrough-body" });
  const back = h("button", { class: "big", type: "button", onclick: () => go(page - 1) }, "◀ Back");
  const next = h("button", { class: "big", type: "button", onclick: () => go(page + 1) }, "Next ▶");
  const close = h("button", { class: "big", type: "button", onclick: () => done() }, "Back to the board");
  const dialog = h("div", { class: "walkthrough", role: "dialog", "aria-modal": "true", "aria-labelledby": "walkthrough-title" },
    title, body, h("div", { class: "row" }, back, next, close));
  function go(to) {
    page = Math.max(0, Math.min(PAGES.length - 1, to));
    const [heading, lines] = PAGES[page];
    title.textContent = `How to play (${page + 1}/${PAGES.length}): ${heading}`;
    replace(body, lines.map((line) => h("p", {}, line)));
    back.disabled = page === 0;
    next.disabled = page === PAGES.length - 1;
  }
  function done() {
    dialog.remove();
    document.removeEventListener("keydown", keys, true);
    onClose();
  }
  function keys(event) {
    if (event.key === "ArrowRight" || event.key === "ArrowDown") go(page + 1);
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") go(page - 1);
    else if (event.key === "Escape") done();
    else return;
    event.preventDefault();
    event.stopPropagation();
  }
  document.addEventListener("keydown", keys, true);
  host.append(dialog);
  go(0);
  next.focus();
  return { close: done };
}
