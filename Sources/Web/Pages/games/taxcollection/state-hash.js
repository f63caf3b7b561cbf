// The Tax Collection state hash of docs/RULES.md ("The state hash"): SHA-256 of a fixed byte encoding.
import { sha256Hex } from "../../js/sha256.js";

const TAG = "tcnet-tax-collection-state-1";
const PHASES = { refill: "r", sow: "s", over: "o" };
const WINNERS = { A: "A", B: "B", draw: "D" };

/** The bytes RULES.md hashes, for a state as the wire carries it. */
export function stateBytes(state) {
  const bytes = [];
  const text = (value) => {
    for (const byte of new TextEncoder().encode(value)) bytes.push(byte);
  };
  const u32 = (value) => {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new Error(`not a u32: ${value}`);
    bytes.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
  };
  text(TAG);
  bytes.push(0);
  text(state.rules);
  bytes.push(0);
  u32(state.top);
  u32(state.bottom);
  for (const seat of ["A", "B"]) {
    if (state.banks[seat].length !== 5) throw new Error("five banks a side");
    state.banks[seat].forEach(u32);
  }
  u32(state.collections.A);
  u32(state.collections.B);
  u32(state.debts.A);
  u32(state.debts.B);
  text(state.turn === "B" ? "B" : "A");
  text(PHASES[state.phase] ?? "?");
  u32(state.turns);
  text(state.winner == null ? "-" : WINNERS[state.winner] ?? "?");
  return Uint8Array.from(bytes);
}

/** The state hash: 64 lower-case hex digits. */
export function stateHash(state) {
  return sha256Hex(stateBytes(state));
}
