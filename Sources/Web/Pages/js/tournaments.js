// The classroom tournaments on the projector (docs/PROTOCOL.md section 17, N-9): each one's name,
// game, format and round, the standings with the tiebreak columns in the host's order, the current
// round's boards and byes, why the next round is blocked, and a challenge's leaderboard with the time
// left in its window. Built from the host's `tournament` messages alone, as text nodes (dom.js).
import { h } from "./dom.js";

const FORMATS = { "round-robin": "Round robin", swiss: "Swiss", challenge: "Class challenge" };
const TIEBREAKS = {
  DE: "Direct encounter",
  SB: "Sonneborn-Berger",
  "BH-C1": "Buchholz, the lowest cut",
  BH: "Buchholz",
  WIN: "Games won",
};
// NB: the first mover's score first, as the host writes it; a forfeit shows as + and −.
const RESULTS = {
  "1-0": "1 – 0", "0-1": "0 – 1", "1/2": "½ – ½", "+-": "+ – −", "-+": "− – +", "--": "− – −",
};
const FORFEITS = { "+-": "won by forfeit", "-+": "lost by forfeit", "--": "both forfeited" };
const BYES = { pairing: "bye", half: "half-point bye", full: "full-point bye", zero: "absent" };

/**
 * Which tournaments the wall shows, in order: those running, those open for registration, then the
 * finished ones this page saw finish; the newest finished one when nothing else is on.
 * @param {object[]} all every tournament the host listed or sent, oldest first.
 * @param {Set<string>} finishedHere ids of tournaments that finished while the page watched.
 */
export function shownTournaments(all, finishedHere) {
  const rank = { running: 0, registering: 1, finished: 2 };
  let shown = all.filter((t) => t.status !== "finished" || finishedHere.has(t.id));
  if (shown.length === 0) {
    const last = all.filter((t) => t.status === "finished").at(-1);
    shown = last ? [last] : [];
  }
  return shown.sort((a, b) => (rank[a.status] ?? 3) - (rank[b.status] ?? 3));
}

/**
 * A tournament's section of the page.
 * @param {object} info the tournament as the host sent it (N-9).
 * @param {(id: string) => string} gameName the game's name for people.
 * @param {number} now the host's clock now, in milliseconds since 1970 (for a challenge's window).
 */
export function tournamentSection(info, gameName, now) {
  const challenge = info.format === "challenge";
  const dataset = { tournament: info.id, status: info.status };
  return h("section", { class: "tournament", dataset, "aria-label": info.name },
    h("div", { class: "t-head" },
      h("h2", { class: "t-name" }, info.name),
      h("p", { class: "t-line" },
        h("span", { class: "t-game" }, gameName(info.game)), " · ",
        h("span", { class: "t-format" }, FORMATS[info.format] ?? info.format), " · ",
        h("strong", { class: "t-round" }, challenge ? windowLine(info.challenge, now, info.status) : roundLine(info)))),
    info.blocked ? h("p", { class: "t-blocked", role: "alert" }, info.blocked) : null,
    challenge ? leaderboard(info) : h("div", { class: "t-body" }, standings(info), round(info)));
}

/** "Round 2 of 5", "Registration open", "Finished after 5 rounds". */
function roundLine(info) {
  if (info.status === "registering") return "Registration open";
  const of = info.rounds ? ` of ${info.rounds}` : "";
  if (info.status === "finished") return `Finished · round ${info.round}${of}`;
  return `Round ${info.round}${of}`;
}

/** The challenge's window: opens in, time left, or closed. */
export function windowLine(challenge, now, status) {
  if (status === "registering" || !challenge) return "Registration open";
  if (status === "finished" || now >= challenge.closesAt) return "Closed";
  if (now < challenge.opensAt) return `Opens in ${clock(challenge.opensAt - now)}`;
  return `${clock(challenge.closesAt - now)} left`;
}

/** 5:07, or 1:02:09 past an hour; rounded up so 0:00 shows only once the window closed. */
function clock(milliseconds) {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  const parts = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n) => String(n).padStart(2, "0");
  return parts[0] > 0 ? `${parts[0]}:${two(parts[1])}:${two(parts[2])}` : `${parts[1]}:${two(parts[2])}`;
}

function standings(info) {
  const rows = info.standings.map((row) =>
    h("tr", { dataset: { number: String(row.number), status: row.status ?? "" } },
      h("td", { class: "t-rank" }, String(row.rank)),
      h("td", { class: "t-player" }, row.name,
        row.status ? h("span", { class: "t-status" }, ` (${row.status})`) : null),
      h("td", { class: "t-points" }, row.points),
      row.tiebreaks.map((value) => h("td", { class: "t-tiebreak" }, value))));
  const size = info.standings.length > 20 ? "crowded" : info.standings.length > 12 ? "many" : "few";
  return h("table", { class: "t-standings", dataset: { size } },
    h("caption", {}, info.status === "registering" ? "Players" : "Standings"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Name"), h("th", { scope: "col" }, "Pts"),
      info.tiebreaks.map((name) => h("th", { scope: "col", class: "t-tiebreak" },
        h("abbr", { title: TIEBREAKS[name] ?? name }, name))))),
    h("tbody", {}, rows));
}

function round(info) {
  if (info.round === 0) return null;
  const boards = info.boards.map((board) => {
    const result = board.result ?? "";
    const where = board.table ? `table ${board.table.replace(/^t/, "")}` : "";
    return h("tr", { dataset: { board: String(board.board), result, table: board.table ?? "" } },
      h("td", { class: "t-board" }, String(board.board)),
      h("td", { class: "t-white" }, board.white),
      h("td", { class: "t-result", title: FORFEITS[result] },
        result ? RESULTS[result] ?? result : h("span", { class: "t-playing" }, where || "–")),
      h("td", { class: "t-black" }, board.black));
  });
  const byes = info.byes.map((bye) => h("li", { dataset: { number: String(bye.number), bye: bye.bye } },
    h("span", { class: "t-player" }, bye.name), ` · ${BYES[bye.bye] ?? bye.bye}`));
  return h("div", { class: "t-round-games" },
    h("table", { class: "t-boards" },
      h("caption", {}, `Round ${info.round}`),
      h("thead", {}, h("tr", {},
        h("th", { scope: "col" }, "Board"), h("th", { scope: "col" }, "Moves first"),
        h("th", { scope: "col" }, "Result"), h("th", { scope: "col" }, "Second"))),
      h("tbody", {}, boards)),
    byes.length ? h("ul", { class: "t-byes", "aria-label": "Byes" }, byes) : null);
}

function leaderboard(info) {
  const lines = info.challenge?.leaderboard ?? [];
  const rows = lines.map((line) => h("tr", {},
    h("td", { class: "t-rank" }, String(line.rank)),
    h("td", { class: "t-player" }, line.name),
    h("td", { class: "t-best" }, String(line.best)),
    h("td", { class: "t-plays" }, String(line.plays))));
  return h("table", { class: "t-leaderboard", dataset: { size: lines.length > 12 ? "many" : "few" } },
    h("caption", {}, "Leaderboard"),
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, "#"), h("th", { scope: "col" }, "Name"),
      h("th", { scope: "col" }, "Best"), h("th", { scope: "col" }, "Plays"))),
    h("tbody", {}, rows.length ? rows : h("tr", {}, h("td", { colspan: "4", class: "empty" }, "No score yet"))));
}
