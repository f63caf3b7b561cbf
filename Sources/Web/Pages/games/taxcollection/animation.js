// A move replayed from the host's events, one picture per event, as the terminal board does
// (Sources/Board/Model/MoveAnimation.swift): the dollars in the hand travel square by square.

/** The dollars a screen shows, copied from a state: squares, collections, debts and the hand. */
export function viewOf(state) {
  return {
    top: state.top,
    bottom: state.bottom,
    banks: { A: [...state.banks.A], B: [...state.banks.B] },
    collections: { ...state.collections },
    debts: { ...state.debts },
    hand: 0,
  };
}

function get(view, square) {
  if (square === "top" || square === "bottom") return view[square];
  return view.banks[square[0]][Number(square.slice(1)) - 1];
}

function set(view, square, value) {
  if (square === "top" || square === "bottom") view[square] = value;
  else view.banks[square[0]][Number(square.slice(1)) - 1] = value;
}

const STOPS = {
  treasury: "a treasury is next",
  empty: "two empty squares",
  "young-treasury": "the treasury is too young to capture",
  captured: "the capture ends the turn",
  repeat: "the relay repeats",
};

/**
 * The steps of a move: {view, focus, caption} after each event that changes the board.
 * @param {object} start the view before the move.
 * @param {object[]} events the move's events, in order (unknown ones are skipped).
 * @param {{A: string, B: string}} names the players' names.
 */
export function steps(start, events, names) {
  const view = structuredClone(start);
  const result = [];
  for (const event of events) {
    let focus = null;
    let caption = null;
    switch (event.type) {
      case "picked-up":
      case "relayed":
        view.hand += event.count;
        set(view, event.square, 0);
        focus = event.square;
        caption = event.type === "relayed"
          ? `relay: picked up ${event.count} from ${event.square}`
          : `picked up ${event.count} from ${event.square}`;
        break;
      case "dropped":
        view.hand -= 1;
        set(view, event.square, get(view, event.square) + 1);
        focus = event.square;
        caption = `dropped 1 in ${event.square}, ${view.hand} in hand`;
        break;
      case "captured":
        set(view, event.square, 0);
        view.collections[event.seat] += event.count;
        focus = event.square;
        caption = `${names[event.seat]} captured ${event.count} from ${event.square}${event.chain > 1 ? ` (chain ${event.chain})` : ""}`;
        break;
      case "stopped":
        focus = event.square;
        caption = `stopped at ${event.square}: ${STOPS[event.reason] ?? event.reason}`;
        break;
      case "refilled":
        view.banks[event.seat] = [1, 1, 1, 1, 1];
        view.collections[event.seat] -= event.fromCollection;
        caption = `${names[event.seat]} refilled the banks from the collection`;
        break;
      case "borrowed":
        view.collections[event.lender] -= event.count;
        view.debts[event.seat] += event.count;
        caption = `${names[event.seat]} borrowed ${event.count} from ${names[event.lender]}`;
        break;
      case "swept":
        view.banks[event.seat] = [0, 0, 0, 0, 0];
        view.collections[event.seat] += event.count;
        caption = `${names[event.seat]} collects the ${event.count} left in the banks`;
        break;
      default:
        continue;
    }
    result.push({ view: structuredClone(view), focus, caption });
  }
  return result;
}

/** A one-line account of a move, e.g. "Lan: A3 down, 1 relay, captured B4 (6): +6". */
export function summary(last, events, names) {
  const move = last.move;
  if (move.refill) {
    const borrowed = events.filter((e) => e.type === "borrowed").reduce((sum, e) => sum + e.count, 0);
    return `${names[last.seat]} refilled the banks${borrowed > 0 ? `, borrowing ${borrowed}` : ""}`;
  }
  const parts = [`${names[last.seat]}: ${last.seat}${move.bank} ${move.direction}`];
  const relays = events.filter((e) => e.type === "relayed").length;
  if (relays > 0) parts.push(relays === 1 ? "1 relay" : `${relays} relays`);
  const captures = events.filter((e) => e.type === "captured");
  if (captures.length === 0) {
    parts.push("no capture");
  } else {
    const total = captures.reduce((sum, e) => sum + e.count, 0);
    parts.push(`captured ${captures.map((e) => `${e.square} (${e.count})`).join(" and ")}: +${total}`);
  }
  return parts.join(", ");
}
