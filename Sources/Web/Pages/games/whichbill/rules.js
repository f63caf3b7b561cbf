// What WhichBill's web screen computes from the state it shows, as docs/WHICHBILL.md says and the
// Swift rules do (WhichBillRules: Bills, NumberLine, WhichBillState+Hash): the right bill, the number
// line's zone and which bills may be pressed, and the state hash. The browser tests hold these equal
// to the Swift code's (Tests/WebTests/Fixtures/whichbill.json).
import { sha256HexOfText } from "../../js/sha256.js";

/** The right bill for a cost: the smallest offered bill (in cents, smallest first) at least the cost. */
export function rightBill(cost, bills) {
  return bills.find((bill) => bill >= cost) ?? null;
}

/** The slider positions (cents) where the line points at the right bill: [from, to], or null. */
export function hintZone(cost, bills) {
  const right = rightBill(cost, bills);
  if (right === null) return null;
  const next = bills.find((bill) => bill > right);
  return [right, next === undefined ? right : next - 1];
}

/** Whether the slider points at the right bill. */
export function pointsAtRightBill(slider, cost, bills) {
  const zone = hintZone(cost, bills);
  return zone !== null && slider >= zone[0] && slider <= zone[1];
}

/**
 * Which bills may be pressed, in order: none once answered; never one guessed wrong; while the line
 * points at the right bill, that one alone. `slider` is null when the number line is off.
 */
export function enabled(bills, cost, wrong, answered, slider) {
  const right = rightBill(cost, bills);
  const pointing = slider !== null && pointsAtRightBill(slider, cost, bills);
  return bills.map((bill) => !answered && !wrong.includes(bill) && (!pointing || bill === right));
}

/** Cents as "$12.34". */
export function money(cents) {
  const magnitude = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}$${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, "0")}`;
}

/** A bill's name: "$20". */
export function billName(cents) {
  return cents % 100 === 0 ? `$${cents / 100}` : money(cents);
}

const integer = (value) => {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
};
const flag = (value) => {
  if (typeof value !== "boolean") throw new Error(`not a boolean: ${value}`);
  return value ? "true" : "false";
};
const text = (value) => {
  if (typeof value !== "string") throw new Error(`not a string: ${value}`);
  return JSON.stringify(value);
};

/** The state's JSON as docs/WHICHBILL.md writes it: its keys in order, compact, absent members left out. */
export function stateJSON(state) {
  const members = [
    ["bills", `[${state.bills.map(integer).join(",")}]`],
    ["numberLine", flag(state.numberLine)],
    ["minCents", integer(state.minCents)],
    ["maxCents", integer(state.maxCents)],
    ["items", integer(state.items)],
    ["round", integer(state.round)],
    ["item", `{${["id", "name", "emoji", "category"].map((key) => `${text(key)}:${text(state.item[key])}`).join(",")}}`],
    ["cents", integer(state.cents)],
  ];
  if (state.answer !== undefined && state.answer !== null) members.push(["answer", integer(state.answer)]);
  members.push(["wrong", `[${state.wrong.map(integer).join(",")}]`]);
  if (state.hintGuess !== undefined && state.hintGuess !== null) members.push(["hintGuess", integer(state.hintGuess)]);
  members.push(["answered", flag(state.answered)], ["firstTry", integer(state.firstTry)]);
  return `{${members.map(([key, value]) => `${text(key)}:${value}`).join(",")}}`;
}

/** The state hash: SHA-256 of the state's JSON as UTF-8, 64 lower-case hex digits. */
export function stateHash(state) {
  return sha256HexOfText(stateJSON(state));
}
