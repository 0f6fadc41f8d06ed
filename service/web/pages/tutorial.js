// A game's tutorial (#/games/<game>/tutorial): a few guided lessons (tutorials.js), each a
// position on the real board (the server's drawing and legal moves, POST /games/{game}/positions,
// made playable by board.js as on a game page; a Deep Sea route drawn with drawing.js): the page
// says what to try, the person plays it, and the page explains what happened (an Impossible as the
// server's solver judged it); "Try again" puts the position back. Progress (the lessons
// done) is remembered in localStorage, so a person comes back where they left.

import { api } from "../api.js";
import { drawBoard, offerMoves } from "../board.js";
import { fill, h } from "../dom.js";
import { drawLine } from "../drawing.js";
import { layout as seaLayout, showBoard } from "../seaboards.js";
import { GAME_NAMES, seatLabel } from "../games.js";
import { TUTORIALS } from "../tutorials.js";
import { reasonSentence } from "../words.js";

const KEY = (game) => `deathmatch.tutorial.${game}`;

/** The lessons done, as remembered in this browser. */
export function lessonsDone(game) {
  try {
    return new Set(JSON.parse(localStorage.getItem(KEY(game)) || "[]"));
  } catch {
    return new Set();
  }
}

function remember(game, number) {
  const done = lessonsDone(game);
  done.add(number);
  localStorage.setItem(KEY(game), JSON.stringify([...done].sort()));
}

const position = (game, lesson, moves) => api(`/games/${game}/positions`, { method: "POST", auth: false,
  body: { options: lesson.options || {}, moves: moves.map(([seat, move]) => ({ seat, move })), seat: lesson.you } });

export async function show(main, game) {
  const lessons = TUTORIALS[game];
  const name = GAME_NAMES[game] || game;
  if (!lessons) {
    fill(main, h("h1", {}, "No tutorial"), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
    return;
  }
  const board = h("div", { class: "board tutorial-board", id: "board" });
  const picker = h("div", { class: "picker", id: "picker" });
  const say = h("p", { class: "lesson-say", id: "lesson-say" });
  const told = h("div", { class: "lesson-told", id: "lesson-told", "aria-live": "polite" });
  const steps = h("ol", { class: "lessons", id: "lessons" });
  const heading = h("h2", { id: "lesson-title" });
  let current = 0;

  function listLessons() {
    const done = lessonsDone(game);
    fill(steps, lessons.map((l, i) => h("li", { class: [done.has(i + 1) ? "done" : "", i === current ? "current" : ""].join(" ").trim() || null },
      h("button", { type: "button", class: "link", onclick: () => open(i) }, l.title),
      done.has(i + 1) ? h("span", { class: "done-mark" }, " — done") : "")));
  }

  async function open(index) {
    current = index;
    const lesson = lessons[index];
    listLessons();
    heading.textContent = `Lesson ${index + 1} of ${lessons.length}: ${lesson.title}`;
    say.textContent = `You play ${seatLabel(game, lesson.you)}. ${lesson.say}`;
    fill(told);
    const start = await position(game, lesson, lesson.setup);
    if (current !== index) return;
    const svg = draw(start.board, lesson.route?.board);
    board.dataset.lesson = String(index + 1);
    board.dataset.state = "trying";
    const routes = lesson.route && start.moves.find((m) => m.command?.type === "deepsea_submit_routes");
    if (routes) { // a ship's route drawn on its board, as on a game page (drawing.js), sent as the command's JSON
      const { board: number, ship, from } = lesson.route;
      drawLine(svg, picker, { hint: lesson.hint, loose: [], choose: () => {}, key: `tutorial-${game}-${index}`,
        lines: [{ label: `Board ${number}, ${ship} ship`, send_label: "Seal this route", start: from,
          cells: `[data-board="${number}"][data-square], [data-board="${number}"][data-cell]`,
          send: (cells) => played(index, { move: JSON.stringify({ ...routes.command, routes: { [number]: { [ship]: cells } } }),
            shown: `a route of ${cells.length - 1} steps (${cells.join(" ")})`, steps: cells.length - 1 }) }] });
    } else offerMoves(svg, picker, start.moves, (move) => played(index, move));
  }

  async function played(index, move) {
    const lesson = lessons[index];
    fill(picker);
    fill(told, h("p", {}, "Playing it on the server\u2026"));
    let after;
    try {
      after = await position(game, lesson, [...lesson.setup, [lesson.you, move.move]]);
    } catch (problem) {
      board.dataset.state = "refused";
      fill(told, h("p", { class: "error" }, problem.message), again(index));
      return;
    }
    if (current !== index) return;
    draw(after.board, lesson.route?.board);
    const goal = lesson.goal;
    const won = after.result?.winner === lesson.you;
    const met = goal.any || (goal.moves || []).includes(move.move) || (goal.win && won)
      || (goal.avoid && !goal.avoid.includes(move.move));
    const result = after.result ? h("p", { class: "result" }, `${after.result.winner ? `${seatLabel(game, after.result.winner)} wins` : "No winner"}: ${reasonSentence(after.result.reason)}`) : "";
    board.dataset.state = met ? "done" : "missed";
    const you = h("strong", {}, `You played ${move.shown || move.move}. `);
    if (!met) {
      fill(told, h("p", {}, you, words(lesson.wrong, move) || "That is not what this lesson asks."), result, again(index));
      return;
    }
    remember(game, index + 1);
    listLessons();
    const last = index === lessons.length - 1;
    fill(told, h("p", {}, you, lesson.said?.[move.move] || words(lesson.right, move)), result,
      h("p", { class: "actions" }, again(index, "Play it again"),
        last ? [h("strong", { id: "tutorial-done" }, `You finished the ${name} tutorial!`), " ",
          h("a", { class: "button", href: `#/new?game=${game}` }, `Play ${name} against a bot`)]
          : h("button", { type: "button", id: "next-lesson", onclick: () => open(index + 1) }, "Next lesson")));
    (told.querySelector("#next-lesson, a.button") || told).focus?.();
  }

  /** The board drawn; Deep Sea's as on a game page: one board large (`large`, else the one played on), two thumbnails. */
  function draw(picture, large) {
    const svg = drawBoard(board, picture);
    if (game === "deepsea") {
      seaLayout(board, svg, picture, KEY(game));
      if (large) showBoard(board, KEY(game), large);
    }
    return svg;
  }

  const words = (said, move) => (typeof said === "function" ? said(move) : said);
  const again = (index, label = "Try again") => h("button", { type: "button", class: "secondary", dataset: { action: "again" },
    onclick: () => open(index) }, label);

  const done = lessonsDone(game);
  const first = lessons.findIndex((_, i) => !done.has(i + 1));
  fill(main, h("h1", {}, `Learn ${name}`),
    h("p", {}, `${lessons.length} short lessons on the real board: the page says what to try, you play it, and it explains what happened. `,
      h("a", { href: `#/games/${game}/rules` }, `The rules of ${name}`), " say everything."),
    h("div", { class: "game tutorial" }, h("div", { class: "play" }, heading, say, board, picker, told),
      h("aside", {}, h("h2", {}, "Lessons"), steps,
        h("button", { type: "button", class: "link", onclick: () => { localStorage.removeItem(KEY(game)); open(0); } }, "Start the tutorial over"))));
  await open(first < 0 ? 0 : first);
  let resizing = null;
  const resized = () => { // Deep Sea's large board keeps its squares' size when the window changes
    if (game !== "deepsea" || !board.dataset.large) return;
    board.classList.add("relayout");
    clearTimeout(resizing);
    resizing = setTimeout(() => { showBoard(board, KEY(game), board.dataset.large); board.classList.remove("relayout"); }, 150);
  };
  window.addEventListener("resize", resized);
  return () => { clearTimeout(resizing); window.removeEventListener("resize", resized); };
}
