// The spelling games' state hash of docs/SPELLING.md ("The state hash"): SHA-256 of the state's JSON,
// compact, with the keys in the documented order (the wire sends them sorted, so they are put back).
import { sha256Hex } from "../../js/sha256.js";

const STATE_KEYS = ["mode", "list", "seat", "deadline", "lives", "misses", "score", "number", "challenge", "marked",
  "solved", "over", "words"];
const CHALLENGE_KEYS = ["word", "answers", "choices", "tiles", "sound"];

function ordered(object, keys, inner = {}) {
  const parts = [];
  for (const key of keys) {
    if (object[key] === undefined || object[key] === null) continue;
    const value = inner[key] ? inner[key](object[key]) : JSON.stringify(object[key]);
    parts.push(`${JSON.stringify(key)}:${value}`);
  }
  return `{${parts.join(",")}}`;
}

/** The state's JSON as the host hashes it. */
export function stateJSON(state) {
  return ordered(state, STATE_KEYS, { challenge: (challenge) => ordered(challenge, CHALLENGE_KEYS) });
}

/** The state hash: 64 lower-case hex digits. */
export function stateHash(state) {
  return sha256Hex(new TextEncoder().encode(stateJSON(state)));
}
