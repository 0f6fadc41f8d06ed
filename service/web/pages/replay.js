// A replay: a match's events one step at a time (buttons or the arrow keys), the board as it stood
// at each step drawn by the server (GET /matches/{id}/board.svg?at=<version>).

import { api, text } from "../api.js";
import { drawBoard } from "../board.js";
import { fill, h, icon } from "../dom.js";
import { GAME_NAMES } from "../games.js";
import { marked } from "../names.js";
import { eventWords, seatWord } from "../words.js";
import { analysisSection } from "../analysis.js";
import { resultSentence } from "../aftergame.js";

/** Events that change nothing one can see on the board: not steps of their own. */
const QUIET = ["seats_assigned", "player_ready", "seat_joined", "challenge_accepted", "secret_options"];

/** What a step says: who acted (seat and player) and what, in words and the game's notation. */
function label(event, view) {
  const { seat, text } = eventWords(event.event);
  if (!seat) return text.charAt(0).toUpperCase() + text.slice(1);
  const name = view.seats[seat]?.name;
  return `${seatWord(seat)}${name ? ` (${name})` : ""} ${text}`;
}

export async function show(main, id) {
  const [view, page] = await Promise.all([api(`/matches/${id}`), api(`/matches/${id}/events`)]);
  const start = page.events.findIndex((e) => e.event.type === "match_started");
  const steps = page.events.slice(Math.max(0, start)).filter((e) => !QUIET.includes(e.event.type));
  const board = h("div", { class: "board", id: "board" });
  const where = h("p", { id: "step", role: "status" });
  const list = h("ol", { class: "moves", id: "moves" }, steps.map((e, i) => h("li", {},
    h("button", { type: "button", class: "link", dataset: { step: i }, onclick: () => go(i) }, label(e, view)))));
  let at = steps.length - 1;

  async function go(step) {
    at = Math.max(0, Math.min(steps.length - 1, step));
    const version = steps[at].version;
    drawBoard(board, await text(`/matches/${id}/board.svg?at=${version}`));
    board.dataset.version = version;
    where.textContent = `Step ${at + 1} of ${steps.length}: ${label(steps[at], view)}`;
    list.querySelectorAll("li").forEach((li, i) => li.classList.toggle("current", i === at));
  }
  const button = (text, step, key, after = false) => h("button", { type: "button", dataset: { go: key }, onclick: () => go(step()) },
    after ? [text, " ", icon(key)] : [icon(key), " ", text]);
  const controls = h("div", { class: "actions", role: "group", "aria-label": "Replay controls" },
    button("Start", () => 0, "start"), button("Back", () => at - 1, "back"),
    button("Forward", () => at + 1, "forward", true), button("End", () => steps.length - 1, "end", true),
    h("a", { class: "button secondary", href: `#/matches/${id}` }, "Match page"));
  function keys(event) {
    if (event.target.closest("input, textarea, select")) return;
    if (event.key === "ArrowLeft") go(at - 1);
    else if (event.key === "ArrowRight") go(at + 1);
  }
  document.addEventListener("keydown", keys);
  fill(main, h("h1", {}, `Replay: ${GAME_NAMES[view.game] || view.game}, `,
    Object.values(view.seats).map((s) => (s.name ? marked(s.name, s.kind) : "open")).join(" vs ")),
  h("div", { class: "game" }, h("div", { class: "play" }, where, board, controls,
    view.result ? h("p", { class: "result-why", id: "result-why" }, resultSentence(view)) : "",
    analysisSection(view, id, steps, go)),
    h("aside", {}, h("h2", {}, "Steps"), list)));
  if (steps.length) await go(at);
  else where.textContent = "The match never started: nothing to replay.";
  return () => document.removeEventListener("keydown", keys);
}
