// A game's rules (#/games/<game>/rules): the rules page (GET /games/{game}/rules, Markdown made
// into nodes by markdown.js) with each worked example drawn as boards by the game's own drawing
// (GET /games/{game}/examples): its steps listed in words, each step's board one click away.

import { api, text } from "../api.js";
import { pictureOf } from "../board.js";
import { fill, h, icon } from "../dom.js";
import { GAME_NAMES } from "../games.js";
import { render } from "../markdown.js";
import { reasonSentence, seatWord } from "../words.js";

/** Where a link of a rules page goes: another game's rules, or nowhere (a file of the repository). */
function linkOf(href) {
  const game = href.match(/^(\w+)\.md$/)?.[1];
  return game && GAME_NAMES[game] ? `#/games/${game}/rules` : null;
}

/** A step of an example in words: "White plays @0+", "Red tries A1+: refused, ...". */
export function stepWords(step) {
  if (step.kind === "timeout") return "Time runs out.";
  if (step.kind === "to_move") return `Now to move: ${step.text.split(" ").map(seatWord).join(" and ")}.`;
  if (step.kind === "result") {
    const [winner, reason] = step.text.split(" ");
    return `${winner === "none" ? "No winner" : `${seatWord(winner)} wins`}: ${reasonSentence(reason)}`;
  }
  const move = step.text.startsWith("{") ? step.text : `${step.text}`;
  return step.refused ? `${seatWord(step.seat)} tries ${move}: refused. ${step.refusal}`
    : `${seatWord(step.seat)} plays ${move}`;
}

/** One worked example: the board at the chosen step, the steps as buttons, Start/Back/Forward/End. */
function example(game, number, data) {
  const steps = data.steps;
  const board = h("div", { class: "example-board", dataset: { step: 0 } });
  const where = h("p", { class: "example-where", "aria-live": "polite" });
  const boards = {};
  const items = steps.map((step, i) => h("li", { class: step.refused ? "refused" : "" },
    h("button", { type: "button", class: "link", dataset: { step: i + 1 }, onclick: () => go(i + 1) }, stepWords(step)),
    step.note ? h("span", { class: "muted" }, ` — ${step.note}`) : ""));
  const list = h("ol", { class: "example-steps" }, items);
  let at = 0;
  /** The path of the board at step `n` (0: the start): the last step at or before it that drew one. */
  const boardAt = (n) => {
    for (let i = n; i > 0; i -= 1) if (steps[i - 1].board) return steps[i - 1].board;
    return data.start;
  };
  async function go(n) {
    at = Math.max(0, Math.min(steps.length, n));
    const path = boardAt(at);
    const label = at ? `Example ${number}, after step ${at}: ${stepWords(steps[at - 1])}` : `Example ${number}, before the first move`;
    where.textContent = at ? `Step ${at} of ${steps.length}: ${stepWords(steps[at - 1])}` : `The start: ${steps.length} steps follow.`;
    items.forEach((li, i) => li.classList.toggle("current", i + 1 === at));
    board.dataset.step = at;
    boards[path] ||= text(path, false);
    const picture = await boards[path];
    if (board.dataset.step === String(at)) fill(board, pictureOf(picture, label));
  }
  const button = (label, step, key, after = false) => h("button", { type: "button", class: "secondary", dataset: { go: key },
    onclick: () => go(step()) }, after ? [label, " ", icon(key)] : [icon(key), " ", label]);
  const controls = h("div", { class: "actions", role: "group", "aria-label": `Example ${number}: steps` },
    button("Start", () => 0, "start"), button("Back", () => at - 1, "back"),
    button("Forward", () => at + 1, "forward", true), button("End", () => steps.length, "end", true));
  go(0);
  return h("figure", { class: "example card", dataset: { example: number } },
    h("figcaption", {}, h("strong", {}, `Worked example ${number}`),
      data.options ? [" (options ", h("code", {}, JSON.stringify(data.options)), ")"] : ""),
    h("div", { class: "example-body" }, h("div", {}, board, where, controls), list));
}

export async function show(main, game) {
  const name = GAME_NAMES[game] || game;
  const [page, examples] = await Promise.all([
    text(`/games/${game}/rules`, false), api(`/games/${game}/examples`, { auth: false })]);
  let number = 0;
  const fence = (info) => {
    if (info !== "moves") return null;
    number += 1;
    const data = examples.examples[number - 1];
    return data ? example(game, number, data) : null;
  };
  const others = Object.entries(GAME_NAMES).filter(([g]) => g !== game)
    .map(([g, n], i) => [i ? " · " : "", h("a", { href: `#/games/${g}/rules` }, n)]);
  fill(main, h("article", { class: "rules", dataset: { game } },
    h("p", { class: "actions" }, h("a", { class: "button", href: `#/games/${game}/tutorial` }, `Learn ${name} by playing`),
      h("a", { class: "button secondary", href: `#/new?game=${game}` }, `Play ${name}`)),
    render(page, { fence, link: linkOf }),
    h("p", { class: "muted" }, "The rules of the other games: ", others)));
}
