// The Craps state hash of docs/CRAPS.md ("The state hash"): SHA-256 of the state's JSON as every viewer
// sees it, compact, its keys in the documented order, whatever order the wire brought them in.
import { sha256HexOfText } from "../../js/sha256.js";

/** A key every state has: a missing one is an error, so the hash fails and the page asks for sync. */
function member(object, key) {
  if (object === null || typeof object !== "object" || !(key in object)) throw new Error(`no "${key}" in the state`);
  return object[key];
}

function text(value) {
  if (typeof value !== "string") throw new Error(`not a string: ${value}`);
  // NB: only " and \ are escaped; seeds are printable ASCII and every other byte is written as itself.
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

function integer(value) {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return String(value);
}

const orNull = (value, write) => (value === null ? "null" : write(value));
const list = (values, write) => {
  if (!Array.isArray(values)) throw new Error(`not a list: ${values}`);
  return `[${values.map(write).join(",")}]`;
};
const dice = (pair) => list(pair, integer);

function seat(entry) {
  return `{"seat":${text(member(entry, "seat"))},"status":${text(member(entry, "status"))}`
    + `,"balance":${integer(member(entry, "balance"))},"ante":${integer(member(entry, "ante"))}`
    + `,"seed":${text(member(entry, "seed"))},"resets":${integer(member(entry, "resets"))}`
    + `,"last":${orNull(member(entry, "last"), text)}}`;
}

function period(value) {
  // NB: the secret is in the state only once the match is over; while it is hidden the key is left out.
  const secret = value && typeof value === "object" && "secret" in value && value.secret !== null
    ? `,"secret":${text(value.secret)}` : "";
  return `{"number":${integer(member(value, "number"))},"commitment":${text(member(value, "commitment"))}${secret}`
    + `,"seeds":${orNull(member(value, "seeds"), (seeds) => list(seeds, text))}`
    + `,"rolls":${list(member(value, "rolls"), dice)}}`;
}

/** The state's JSON exactly as docs/CRAPS.md hashes it. */
export function stateJSON(state) {
  return `{"rules":${text(member(state, "rules"))},"seats":${list(member(state, "seats"), seat)}`
    + `,"shooter":${orNull(member(state, "shooter"), text)},"point":${orNull(member(state, "point"), integer)}`
    + `,"dice":${orNull(member(state, "dice"), dice)},"decisions":${integer(member(state, "decisions"))}`
    + `,"decisionLimit":${integer(member(state, "decisionLimit"))},"period":${period(member(state, "period"))}`
    + `,"over":${orNull(member(state, "over"), text)}}`;
}

/** The state hash: 64 lower-case hex digits. */
export function stateHash(state) {
  return sha256HexOfText(stateJSON(state));
}
