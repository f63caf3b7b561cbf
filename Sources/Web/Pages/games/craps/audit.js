// What the page shows of the provably fair dice, as the terminal's DiceAudit: the current period, its
// rolls and its commitment, and the page's own check of every period whose secret is revealed.
//
// NB: the state hash cannot catch lying dice (the host hashes its own state); this check can. The
// state before a revealing move holds its period's commitment, seeds and rolls; the move adds its dice
// and the secret, and every roll is recomputed. A state that does not directly follow the one before
// (a resync) reveals nothing the page can check, as in the terminal.
import { checkPeriod } from "./dice.js";

export class DiceAudit {
  constructor() {
    this.period = null;       // the current period's number
    this.commitment = "";
    this.rolls = 0;
    this.failure = null;      // the first period that did not verify: {code, text}
    this.lastVerified = null; // the latest period verified
  }

  /**
   * Takes in a state as the shell shows it, and the one shown before (null for a first state).
   * @returns the failure when this state's move revealed a period that does not verify, else null.
   */
  observe(previous, update) {
    const period = update.state.period;
    const revealed = [];
    const move = update.last?.move;
    const follows = previous && previous.match === update.match && update.seq === previous.seq + 1;
    if (follows && move && typeof move.reveal === "string") {
      const before = previous.state;
      const isRoll = move.roll === true && Array.isArray(move.dice);
      const seats = before.seats.length;
      revealed.push({
        period: {
          number: before.period.number,
          commitment: before.period.commitment,
          secret: move.reveal,
          // NB: a period's seeds are fixed at its first roll: the seats' seeds of the state before it.
          seeds: before.period.seeds ?? (isRoll ? before.seats.map((s) => s.seed) : null),
          rolls: [...before.period.rolls, ...(isRoll ? [move.dice] : [])],
        },
        seats,
      });
    }
    if (typeof period.secret === "string" && !(revealed.length && revealed[0].period.number === period.number)) {
      // NB: a finished match shows its last period's secret to everyone.
      revealed.push({ period, seats: update.state.seats.length });
    }
    this.period = period.number;
    this.commitment = period.commitment;
    this.rolls = period.rolls.length;
    let failed = null;
    for (const { period: checked, seats } of revealed) {
      const failure = checkPeriod(checked, seats);
      if (failure) {
        failed = failure;
        this.failure = this.failure ?? failure;
      } else {
        this.lastVerified = Math.max(this.lastVerified ?? 0, checked.number);
      }
    }
    return failed;
  }

  /** The commitment shortened for a line: its first 8 and last 4 hex digits. */
  get shortCommitment() {
    const c = this.commitment;
    return c.length > 12 ? `${c.slice(0, 8)}…${c.slice(-4)}` : c;
  }

  /** The terminal's dice line. */
  get line() {
    if (this.failure) return `THE DICE DO NOT VERIFY: ${this.failure.text}`;
    if (this.period === null) return "";
    const rolls = this.rolls === 1 ? "1 roll" : `${this.rolls} rolls`;
    const committed = `Dice period ${this.period} · ${rolls} · commitment ${this.shortCommitment}`;
    return committed + (this.lastVerified === null ? " · revealed at its end" : ` · period ${this.lastVerified} verified`);
  }
}
