// The provably fair dice of docs/CRAPS.md ("The dice"), checked in the browser: a revealed secret
// against its commitment (SHA-256), and every roll of its period recomputed (HMAC-SHA256 with
// rejection sampling).
//
// NB: with the page's own SHA-256 (js/sha256.js), not crypto.subtle: browsers offer crypto.subtle only
// in secure contexts, and a page loaded over plain http from a classroom host's LAN address is not one.
import { sha256, sha256Hex } from "../../js/sha256.js";

const TAG = "tcnet-craps-dice-1";
const BLOCK = 64;

/** 64 hex digits as 32 bytes; throws on anything else. */
export function bytesOfHex(hex) {
  if (typeof hex !== "string" || !/^[0-9a-f]{64}$/.test(hex)) throw new Error("a secret is 64 lowercase hex digits");
  return Uint8Array.from(hex.match(/../g), (pair) => parseInt(pair, 16));
}

/** HMAC-SHA256 (RFC 2104) of a message under a key of at most 64 bytes. */
export function hmacSHA256(key, message) {
  const padded = new Uint8Array(BLOCK);
  padded.set(key.length > BLOCK ? sha256(key) : key);
  const inner = new Uint8Array(BLOCK + message.length);
  const outer = new Uint8Array(BLOCK + 32);
  for (let index = 0; index < BLOCK; index++) {
    inner[index] = padded[index] ^ 0x36;
    outer[index] = padded[index] ^ 0x5c;
  }
  inner.set(message, BLOCK);
  outer.set(sha256(inner), BLOCK);
  return sha256(outer);
}

/** message(n, b) of docs/CRAPS.md: the tag, a 0 byte, the seeds (counted, each with its length), n, b. */
export function diceMessage(seeds, n, b) {
  const bytes = [];
  const u32 = (value) => bytes.push((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
  for (const byte of new TextEncoder().encode(TAG)) bytes.push(byte);
  bytes.push(0);
  u32(seeds.length);
  for (const seed of seeds) {
    const encoded = new TextEncoder().encode(seed);
    u32(encoded.length);
    for (const byte of encoded) bytes.push(byte);
  }
  u32(n);
  u32(b);
  return Uint8Array.from(bytes);
}

/** Roll n (from 1) of a period: [first, second]. Bytes of 252 or more are skipped (6 × 42 = 252). */
export function rollOf(secretHex, seeds, n) {
  const key = bytesOfHex(secretHex);
  const faces = [];
  for (let b = 0; faces.length < 2; b++) {
    for (const byte of hmacSHA256(key, diceMessage(seeds, n, b))) {
      if (byte >= 252) continue;
      faces.push((byte % 6) + 1);
      if (faces.length === 2) break;
    }
  }
  return faces;
}

/** SHA-256 of a secret's 32 bytes, as hex: the commitment it must match. */
export function commitmentOf(secretHex) {
  return sha256Hex(bytesOfHex(secretHex));
}

/**
 * Checks one period ({number, commitment, secret, seeds, rolls}) as CrapsVerifier.check does, in its order.
 * @param {number} [seats] the table's seats, when known: the seeds must be one per seat.
 * @returns null when it verifies, else {code, text} in CrapsVerifier's words.
 */
export function checkPeriod(period, seats) {
  const number = period.number;
  if (period.secret === undefined || period.secret === null) {
    return { code: "secret-missing", text: `period ${number}: it ended without revealing its secret` };
  }
  let commitment = null;
  try {
    commitment = commitmentOf(period.secret);
  } catch {
    // NB: a secret that is not 64 hex digits matches no commitment.
  }
  if (commitment !== period.commitment) {
    return { code: "commitment-mismatch", text: `period ${number}: the revealed secret does not match the commitment` };
  }
  const seeds = period.seeds ?? [];
  if (seats !== undefined && period.seeds && seeds.length !== seats) {
    return { code: "seeds-mismatch", text: `period ${number}: its seeds are not one per seat` };
  }
  const words = (pair) => (Array.isArray(pair) ? `${pair[0]}+${pair[1]}` : "?");
  for (let index = 0; index < period.rolls.length; index++) {
    const expected = rollOf(period.secret, seeds, index + 1);
    const found = period.rolls[index];
    if (!Array.isArray(found) || found[0] !== expected[0] || found[1] !== expected[1]) {
      return {
        code: "roll-mismatch",
        text: `period ${number}, roll ${index + 1}: the dice were ${words(found)}, the secret and seeds give ${words(expected)}`,
      };
    }
  }
  return null;
}

/**
 * Checks a record ({game, seats, periods}, docs/CRAPS.md "Verifying a match") as CrapsVerifier.verify does:
 * a period without its secret is allowed only last (a match still being played).
 * @returns {ok: true, periods, rolls} or {ok: false, code, text}.
 */
export function verifyRecord(record) {
  let periods = 0;
  let rolls = 0;
  for (const [index, period] of record.periods.entries()) {
    if ((period.secret === undefined || period.secret === null) && index === record.periods.length - 1) break;
    const failure = checkPeriod(period, record.seats.length);
    if (failure) return { ok: false, ...failure };
    periods += 1;
    rolls += period.rolls.length;
  }
  return { ok: true, periods, rolls };
}
