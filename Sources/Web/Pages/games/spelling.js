// The spelling games' web screen (docs/SPELLING.md): pick the right spelling, unscramble the tiles, or
// hear the word and type it. The clock, the lives and the score are always on top; the word's letters
// are big; the end shows the score and the high scores with the student's place.
//
// The shell (js/app.js) loads this module by the game's id and calls mount(); it never looks inside.
// Nothing here can know the answer: the host sends the spellings without which is right, the tiles
// without the word, and the sound without its text.
import { announce, h, replace } from "../js/dom.js";
import { playableWave } from "./spelling/sound.js";
import { stateHash } from "./spelling/state-hash.js";

export { stateHash };

const TITLES = { pick: "Pick the right spelling", unscramble: "Unscramble the word", hear: "Hear and type" };

function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * Mounts the screen.
 * @param {HTMLElement} root where it goes (emptied first).
 * @param {object} ctx what the shell offers: seat ("S" or null for a spectator), names(), move(move) (a
 *   Promise; rejects with {code, message}), rematch(), stepMs.
 * @returns the controller the shell drives: show(update), table(info), inform(text), keydown(event), destroy().
 */
export function mount(root, ctx) {
  let update = null;
  let state = null;
  let deadline = null;      // performance.now() when time is up, from the host's timeLeftMs
  let cursor = 0;           // pick: the spelling; unscramble: the tile position
  let order = [];           // unscramble: tile indices in the student's order
  let holding = false;      // unscramble: the tile under the cursor is picked up
  let number = null;        // the word's number the inputs belong to
  let clip = null;          // the latest sound's base64, and its player
  let audio = null;
  let notice = { text: "", kind: "" };
  const playing = () => ctx.seat && state && !state.over && !(update && update.result);

  const time = h("span", { class: "sp-time", "aria-live": "off" });
  const lives = h("span", { class: "sp-lives" });
  const score = h("span", { class: "sp-score" });
  const heading = h("h3", { class: "sp-mode" });
  const noticeLine = h("p", { class: "sp-notice", role: "status" });
  const body = h("div", { class: "sp-body" });
  const board = h("section", { class: "sp-game", dataset: { seq: "-1", status: "waiting" } },
    heading, h("p", { class: "sp-status" }, time, lives, score), body, noticeLine);
  replace(root, board);

  const timer = setInterval(drawClock, 250);

  function drawClock() {
    const left = deadline === null ? 0 : deadline - performance.now();
    time.textContent = `Time ${clockText(state?.over || update?.result ? 0 : left)}`;
    time.classList.toggle("warning", left <= 10000);
  }

  function say(text, kind = "") {
    notice = { text, kind };
    noticeLine.textContent = text;
    noticeLine.className = `sp-notice ${kind}`;
    if (text) announce(text);
  }

  async function send(move) {
    if (!playing()) return;
    try {
      await ctx.move(move);
    } catch (error) {
      say(error.message || "The host refused that", "warning");
    }
  }

  function hear() {
    if (!audio) {
      say("No sound yet: the host sends it with the word", "warning");
      return;
    }
    audio.currentTime = 0;
    audio.play().catch(() => say("Press \u201cHear it again\u201d to listen", "warning"));
  }

  function takeSound(next) {
    if (!next || next.data === clip) return;
    clip = next.data;
    const wave = playableWave(next);
    if (!wave) {
      say("This page cannot play the host's sound", "warning");
      return;
    }
    if (audio) URL.revokeObjectURL(audio.src);
    audio = new Audio(URL.createObjectURL(wave));
    audio.addEventListener("loadedmetadata", () => { board.dataset.soundMs = String(Math.round(audio.duration * 1000)); });
    if (ctx.seat) hear();
  }

  // MARK: Drawing

  function letters(word, extra = "") {
    return h("span", { class: `sp-letters ${extra}` }, word);
  }

  function draw() {
    if (!state) return;
    heading.textContent = TITLES[state.mode] ?? state.mode;
    lives.textContent = `Lives ${"\u2665 ".repeat(state.lives)}${"\u00b7 ".repeat(3 - state.lives)}`.trim();
    lives.setAttribute("aria-label", `${state.lives} lives left`);
    score.textContent = `Score ${state.score}`;
    board.dataset.seq = String(update.seq);
    board.dataset.status = update.status;
    board.dataset.lives = String(state.lives);
    drawClock();
    if (update.result) {
      drawEnd();
      return;
    }
    const challenge = state.challenge || {};
    if (state.mode === "pick") {
      replace(body, h("div", { class: "sp-choices" }, (challenge.choices || []).map((spelling, index) => {
        const marked = state.marked.includes(index);
        return h("button", {
          type: "button", class: `sp-choice${marked ? " marked" : ""}${index === cursor ? " focus" : ""}`,
          dataset: { index: String(index) }, "aria-disabled": marked ? "true" : null,
          "aria-label": `Spelling ${index + 1}: ${spelling.split("").join(" ")}${marked ? ", wrong" : ""}`,
          onclick: () => { if (!marked) send({ pick: index }); },
        }, h("span", { class: "sp-key" }, String(index + 1)), letters(spelling), marked ? h("span", { class: "sp-x" }, "\u2717") : null);
      })));
    } else if (state.mode === "unscramble") {
      const tiles = challenge.tiles || [];
      replace(body,
        h("p", {}, "Put the letters in order to spell the word."),
        h("div", { class: "sp-tiles" }, order.map((tile, position) => h("button", {
          type: "button", class: `sp-tile${position === cursor ? " focus" : ""}${position === cursor && holding ? " held" : ""}`,
          dataset: { position: String(position) }, "aria-label": `Tile ${position + 1}: ${tiles[tile]}`,
          onclick: () => pressTile(position),
        }, letters(tiles[tile] ?? "?")))),
        ctx.seat ? h("button", { type: "button", class: "big primary sp-check", onclick: () => send({ arrange: order }) }, "Check") : null);
    } else {
      const field = h("input", {
        class: "sp-typed", type: "text", autocomplete: "off", autocapitalize: "none", spellcheck: "false",
        "aria-label": "Type the word you hear", maxlength: "15", disabled: ctx.seat ? null : true,
      });
      field.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          check(field);
        } else if (event.key === "ArrowUp") {
          event.preventDefault();
          hear();
        }
      });
      replace(body,
        h("p", {}, "Listen to the word, then type it."),
        h("div", { class: "row" },
          h("button", { type: "button", class: "big secondary sp-hear", onclick: () => hear() }, "\u266a Hear it again"),
          field,
          ctx.seat ? h("button", { type: "button", class: "big primary sp-check", onclick: () => check(field) }, "Check") : null));
      if (ctx.seat) field.focus();
    }
  }

  function check(field) {
    const typed = field.value.trim();
    if (!typed) {
      say("Type the word you hear, then press Enter", "warning");
      return;
    }
    field.value = "";
    send({ spell: typed });
  }

  function drawEnd() {
    const reason = update.result.reason;
    const headline = reason === "time-up" ? "Time is up!" : reason === "out-of-lives" ? "Out of lives!" : "Game over";
    const name = ctx.names().S ?? "You";
    const parts = [
      h("p", { class: "sp-headline warning" }, headline),
      h("p", { class: "sp-final good" }, `${name} spelled ${state.score} ${state.score === 1 ? "word" : "words"} right.`),
    ];
    const scores = update.board;
    if (scores) {
      if (scores.place) {
        parts.push(h("p", { class: "sp-place" },
          scores.place === 1 ? "The best score so far!" : `Place ${scores.place} of ${scores.names} players.`));
      }
      parts.push(h("h4", {}, `High scores (${state.mode}, list ${state.list})`),
        h("ol", { class: "sp-board" }, scores.top.map((entry) => h("li", {
          class: entry.name === name ? "mine" : "", value: String(entry.rank),
        }, `${entry.name} \u2014 ${entry.score} (${entry.games} ${entry.games === 1 ? "game" : "games"})`,
        entry.name === name ? " \u25c0 you" : ""))));
    }
    if (ctx.seat) parts.push(h("p", {}, "Press Play again (or n) for another game."));
    replace(body, h("div", { class: "sp-end" }, parts));
  }

  // MARK: Input

  function pressTile(position) {
    if (!playing()) return;
    if (holding && position !== cursor) {
      // NB: a tile picked up, then another clicked: the two change places (a tap on a tablet).
      [order[cursor], order[position]] = [order[position], order[cursor]];
      holding = false;
    } else {
      holding = position === cursor ? !holding : true;
    }
    cursor = position;
    draw();
  }

  function keydown(event) {
    if (!playing()) return false;
    const key = event.key;
    if (state.mode === "pick") {
      const open = [0, 1, 2].filter((i) => !state.marked.includes(i));
      if (["1", "2", "3"].includes(key)) {
        cursor = Number(key) - 1;
        send({ pick: cursor });
      } else if (key === "ArrowRight" || key === "ArrowDown") {
        cursor = open.find((i) => i > cursor) ?? open[0] ?? 0;
        draw();
      } else if (key === "ArrowLeft" || key === "ArrowUp") {
        cursor = [...open].reverse().find((i) => i < cursor) ?? open[open.length - 1] ?? 0;
        draw();
      } else if (key === "Enter" || key === " ") {
        send({ pick: cursor });
      } else return false;
      return true;
    }
    if (state.mode === "unscramble") {
      if (key === "ArrowLeft" && cursor > 0) {
        if (holding) [order[cursor - 1], order[cursor]] = [order[cursor], order[cursor - 1]];
        cursor -= 1;
      } else if (key === "ArrowRight" && cursor < order.length - 1) {
        if (holding) [order[cursor + 1], order[cursor]] = [order[cursor], order[cursor + 1]];
        cursor += 1;
      } else if (key === " " || key === "ArrowUp" || key === "ArrowDown") {
        holding = !holding;
      } else if (key === "Enter") {
        holding = false;
        send({ arrange: order });
      } else return false;
      draw();
      return true;
    }
    return false;
  }

  // MARK: The shell's calls

  function show(next) {
    const previous = state;
    update = next;
    state = next.state;
    if (next.timeLeftMs !== undefined && next.timeLeftMs !== null) deadline = performance.now() + next.timeLeftMs;
    if (state.number !== number) {
      number = state.number;
      cursor = 0;
      holding = false;
      order = (state.challenge?.tiles || []).map((_, index) => index);
    }
    if (state.mode === "pick" && state.marked.includes(cursor)) cursor = [0, 1, 2].find((i) => !state.marked.includes(i)) ?? 0;
    for (const event of next.events || []) {
      if (event.event === "right") say(`Right! \u201c${event.word}\u201d \u2605`, "good");
      if (event.event === "wrong") {
        say(event.lives === 0 ? "Not quite. No lives left: one more wrong answer ends the game."
          : `Not quite. Try again! (${event.lives} ${event.lives === 1 ? "life" : "lives"} left)`, "warning");
      }
      if (event.event === "time-up") say("Time is up!", "warning");
      if (event.event === "out-of-lives") say("Out of lives!", "warning");
    }
    if (!previous && !next.events?.length && !notice.text && ctx.seat) say("Good luck!");
    takeSound(next.sound);
    draw();
  }

  return {
    show,
    table() {},
    inform(text) { say(text); },
    keydown,
    destroy() {
      clearInterval(timer);
      if (audio) {
        audio.pause();
        URL.revokeObjectURL(audio.src);
      }
      root.replaceChildren();
    },
  };
}
