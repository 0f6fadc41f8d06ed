// The board: the domain's own SVG drawing (GET /matches/{id}/board.svg), put in the page as it
// is. Elements that carry `data-cell` stand for a place on the board; a legal move belongs to the
// cell whose name starts it ("Gl" in Cairo, "B1" of "B1+" in Trax). Cells with legal moves become
// buttons; one move is sent at once, several are offered to choose from. Nothing else is known
// here of any game.

import { fill, h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

/** Put the SVG text `picture` into `container` (parsed as XML: no script can come with it). */
export function drawBoard(container, picture) {
  const parsed = new DOMParser().parseFromString(picture, "image/svg+xml");
  const svg = parsed.documentElement;
  if (svg.namespaceURI !== SVG) throw new Error("The board is not an SVG picture.");
  for (const script of svg.querySelectorAll("script, foreignObject")) script.remove();
  // a group, not an image: its cells may be buttons (an image's insides are hidden from screen readers)
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", svg.querySelector("title")?.textContent || "The board");
  fill(container, document.importNode(svg, true));
  return container.firstElementChild;
}

/** The cell `move` is played on: the longest cell name that starts it, followed by no letter or digit. */
function cellOf(move, names) {
  let best = null;
  for (const name of names) {
    if (move.startsWith(name) && !/[A-Za-z0-9]/.test(move.charAt(name.length)) && (!best || name.length > best.length)) best = name;
  }
  return best;
}

/**
 * Make the legal `moves` ({move, command}) playable on the drawn board; `choose(move)` sends one.
 * `picker` shows the choices of a cell with several moves, and the moves that belong to no cell.
 */
export function offerMoves(svg, picker, moves, choose) {
  const cells = new Map([...svg.querySelectorAll("[data-cell]")].map((el) => [el.dataset.cell, el]));
  const byCell = new Map();
  const loose = [];
  for (const move of moves) {
    const cell = cellOf(move.move, cells.keys());
    if (cell === null) loose.push(move);
    else byCell.set(cell, [...(byCell.get(cell) || []), move]);
  }
  const buttons = (list) => list.map((m) => h("button", { type: "button", class: "move", dataset: { move: m.move },
                                                          onclick: () => choose(m) }, m.move));
  function pick(cell) {
    const list = byCell.get(cell);
    for (const el of svg.querySelectorAll(".chosen")) el.classList.remove("chosen");
    if (list.length === 1) return choose(list[0]);
    cells.get(cell).classList.add("chosen");
    fill(picker, h("span", {}, `${cell}: `), buttons(list),
      h("button", { type: "button", class: "secondary", onclick: () => offerMoves(svg, picker, moves, choose) }, "Cancel"));
    picker.querySelector("button").focus();
  }
  for (const [cell, list] of byCell) {
    const el = cells.get(cell);
    el.classList.add("legal");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", list.length === 1 ? `Play ${list[0].move}` : `${cell}: ${list.length} moves`);
    el.dataset.moves = list.map((m) => m.move).join(" ");
    el.addEventListener("click", () => pick(cell));
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(cell); }
    });
  }
  fill(picker, loose.length > FEW ? looseList(loose, choose) : loose.length ? [h("span", {}, "Also: "), buttons(loose)] : []);
}

const FEW = 8;

/** Many moves that belong to no cell (a game whose input the page does not draw yet): a list to pick from. */
function looseList(moves, choose) {
  const list = h("select", { id: "move-list", "aria-label": "Your move" },
    moves.map((m, i) => h("option", { value: i }, m.move)));
  return [h("label", { for: "move-list" }, "Your move: "), list,
    h("button", { type: "button", dataset: { action: "play" }, onclick: () => choose(moves[list.value]) }, "Play")];
}

/** Take the moves off the board (not our turn any more, or a move is on its way). */
export function freeze(svg, picker) {
  for (const el of svg.querySelectorAll(".legal")) {
    el.classList.remove("legal", "chosen");
    el.removeAttribute("tabindex");
    el.removeAttribute("role");
  }
  fill(picker);
}
