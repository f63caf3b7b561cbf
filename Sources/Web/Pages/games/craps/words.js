// Craps in words, as the terminal screen says it (Sources/Craps/Table: DiceFace, Narration,
// SeedMessages): money as "$215.00", the seed's die glyphs, what a move did, and the seed's won, lost
// and bankrupt messages.

/** The seed's starting balance and ante, in cents. */
export const STARTING_BALANCE = 20000;
export const STARTING_ANTE = 500;

/** Cents as the terminal writes money: "$215.00". */
export function money(cents) {
  const sign = cents < 0 ? "-" : "";
  const magnitude = Math.abs(cents);
  const fraction = magnitude % 100;
  return `${sign}$${Math.floor(magnitude / 100)}.${fraction < 10 ? "0" : ""}${fraction}`;
}

/** The seed's dieGlyph: ⚀ for 1 … ⚅ for 6 (U+2680 … U+2685); "?" for anything else. */
export function glyph(value) {
  return Number.isInteger(value) && value >= 1 && value <= 6 ? String.fromCodePoint(0x2680 + value - 1) : "?";
}

/** A roll in words: "⚂ ⚄ 3+5 = 8". */
export function diceWords([first, second]) {
  return `${glyph(first)} ${glyph(second)} ${first}+${second} = ${first + second}`;
}

const DECISIONS = {
  natural: "a natural: every ante wins",
  craps: "craps: every ante loses",
  "point-made": "point made: every ante wins",
  "seven-out": "seven out: every ante loses",
};

/** What a move did, in one line for everyone at the table, or null ("Lan rolled ⚂ ⚄ 3+5 = 8: the point is 8"). */
export function narration(events, name) {
  const parts = [];
  for (const event of events) {
    switch (event.type) {
      case "rolled": parts.push(`${name(event.shooter)} rolled ${diceWords(event.dice)}`); break;
      case "point-set": parts.push(`the point is ${event.point}`); break;
      case "decided": parts.push(DECISIONS[event.decision] ?? event.decision); break;
      case "dice-passed":
        parts.push(event.to ? `the dice pass to ${name(event.to)}` : "nobody can cover an ante: nobody holds the dice");
        break;
      case "reset": parts.push(`${name(event.seat)} starts again with ${money(event.balance)}`); break;
      case "ante-set": parts.push(`${name(event.seat)} bets ${money(event.ante)}`); break;
      case "seed-set": parts.push(`${name(event.seat)} gave a seed for the dice (from period ${event.period})`); break;
      case "seat-left":
        parts.push(`${name(event.seat)} ${event.reason === "resigned" ? "left the match" : "did not come back in time"}`);
        break;
      case "point-off": parts.push("nobody's ante rides on the point any more: it is off"); break;
      default: break;
    }
  }
  if (parts.length === 0) return null;
  // NB: what a roll did follows it after a colon: "Lan rolled ⚂ ⚄ 3+5 = 8: the point is 8".
  const joiner = events[0]?.type === "rolled" ? ": " : "; ";
  return parts.length === 1 ? parts[0] : parts[0] + joiner + parts.slice(1).join("; ");
}

/** The seed's messages (shared/seeds/craps.txt), worded as the terminal's SeedMessages. */
export const SEED = {
  won: (amount, balance) => `You won ${money(amount)}! Your balance is ${money(balance)}.`,
  lost: (amount, balance) => `You lost ${money(amount)}. Your balance is ${money(balance)}.`,
  // NB: the terminal says "Press x"; a tablet has no x, so the page names its button too (x still works).
  bankrupt: () => `You're bankrupt! Press Start again (or x) to start again with ${money(STARTING_BALANCE)}.`,
};

/**
 * The seed's won, lost or bankrupt message for one seat, from a move's events.
 * @returns {text, good} or null when the move decided nothing for the seat.
 */
export function outcome(events, seat) {
  let won = null;
  let lost = null;
  let bankrupt = false;
  for (const event of events) {
    if (event.seat !== seat) continue;
    if (event.type === "won") won = event;
    if (event.type === "lost") lost = event;
    if (event.type === "bankrupt") bankrupt = true;
  }
  if (bankrupt) return { text: SEED.bankrupt(), good: false };
  if (won) return { text: SEED.won(won.amount, won.balance), good: true };
  if (lost) return { text: SEED.lost(lost.amount, lost.balance), good: false };
  return null;
}

/** How a match ended, as the terminal's TableModel.matchEnded says it, or null while it goes on. */
export function resultWords(result, name) {
  if (!result) return null;
  const why = {
    finished: "The table's decisions are played",
    resigned: "Every player has left",
    forfeit: "The last player did not come back in time",
  }[result.reason] ?? `The match is over (${result.reason})`;
  const standings = result.standings ?? [];
  const best = standings.filter((s) => s.rank === 1).map((s) => `${name(s.seat)} ${money(s.score)}`);
  const leader = best.length === 0 ? "" : standings.length > 1 ? ": best balance " : ": ";
  return why + leader + best.join(", ");
}
