// Placing a piece whole (Deep Sea Voyage's pentominoes): choose a piece, turn it (Rotate, R) or
// turn it over (Flip, F), and the board previews it under the pointer or the focused square; a
// click (Enter) there sends the listed placement on exactly those squares. Only what the API
// lists is ever shown or sent: the page knows moves written `<piece> on <cells>` and where the
// drawing's cells lie (`data-cell="C7"`: column letters, row number), nothing of the rules. An
// orientation with no listed placement anywhere says so.

import { fill, h } from "./dom.js";
import { rove, roveTo } from "./roving.js";

const PLACEMENT = /^([A-Z]) on ([A-Z]+\d+(?:, [A-Z]+\d+)*)$/;

/** The listed placements (`{move, command}` whose move reads `<piece> on <cells>`), by piece: {piece: [{move, cells}]}. */
export function placementsOf(moves) {
  const byPiece = {};
  for (const m of moves) {
    const found = PLACEMENT.exec(m.move);
    if (found) (byPiece[found[1]] ||= []).push({ move: m, cells: found[2].split(", ") });
  }
  return byPiece;
}

function coords(name) {
  const [, letters, row] = /^([A-Z]+)(\d+)$/.exec(name);
  return [[...letters].reduce((n, l) => n * 26 + l.charCodeAt(0) - 64, 0) - 1, Number(row)];
}

/** Cells as [column, row] offsets from their smallest column and row, sorted. */
function normalised(points) {
  const c0 = Math.min(...points.map(([c]) => c));
  const r0 = Math.min(...points.map(([, r]) => r));
  return points.map(([c, r]) => [c - c0, r - r0]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
}

const keyOf = (shape) => shape.map((p) => p.join(",")).join(" ");
const rotated = (shape) => normalised(shape.map(([c, r]) => [r, -c])); // a quarter turn clockwise (rows count up)
const flipped = (shape) => normalised(shape.map(([c, r]) => [-c, r])); // left to right

/** The shape's cell nearest its middle: it lies under the pointer. */
function anchorOf(shape) {
  const mc = shape.reduce((s, [c]) => s + c, 0) / shape.length;
  const mr = shape.reduce((s, [, r]) => s + r, 0) / shape.length;
  return shape.reduce((best, p) => (Math.hypot(p[0] - mc, p[1] - mr) < Math.hypot(best[0] - mc, best[1] - mr) ? p : best));
}

let remembered = null; // {key, piece, shape, cursor}: the piece being placed survives the board's redrawing

/**
 * Offer whole-piece placement on `svg`: piece buttons, Rotate and Flip in `panel`. `choose(move)`
 * sends a listed move; `leave()` goes back to placing square by square (the board drawn again).
 * `key` names the match: a piece being placed stays chosen (turned, at its square) when the board
 * is drawn again, and `focus` (the keyboard was on the board) puts the focus back on its square.
 */
export function offerPieces(svg, panel, moves, choose, leave, key, focus = false) {
  const byPiece = placementsOf(moves);
  const pieces = Object.keys(byPiece).sort();
  if (!pieces.length) { fill(panel); return; }
  const cells = new Map(); // "c,r" -> the cell's element
  for (const el of svg.querySelectorAll("[data-cell]")) cells.set(coords(el.dataset.cell).join(","), el);
  let piece = null;
  let shape = null;
  let cursor = null; // "c,r" of the focused (or last pointed at) cell
  let fits = new Map(); // "c,r" of the anchor -> the listed move that puts the piece there this way round

  const status = h("p", { class: "hint", id: "piece-status", role: "status" });
  const picture = h("span", { class: "piece-shape", "aria-hidden": "true" });
  const choice = pieces.map((p) => h("button", { type: "button", class: "secondary piece", dataset: { piece: p },
    "aria-pressed": "false", onclick: () => take(p, null, true) }, p));

  function take(p, keep, focusBoard) {
    piece = p;
    shape = keep || normalised(byPiece[p][0].cells.map(coords));
    for (const b of choice) b.setAttribute("aria-pressed", String(b.dataset.piece === p));
    for (const el of svg.querySelectorAll(".legal, .chosen")) el.classList.remove("legal", "chosen"); // (square by square no longer)
    for (const el of cells.values()) el.classList.add("placing");
    turned(focusBoard);
  }

  function turned(focusBoard = false) {
    remembered = { key, piece, shape, cursor };
    const key0 = keyOf(shape);
    const [ac, ar] = anchorOf(shape);
    fits = new Map();
    for (const p of byPiece[piece]) {
      const points = p.cells.map(coords);
      const norm = normalised(points);
      if (keyOf(norm) !== key0) continue;
      const c0 = Math.min(...points.map(([c]) => c));
      const r0 = Math.min(...points.map(([, r]) => r));
      fits.set(`${c0 + ac},${r0 + ar}`, p.move);
    }
    panel.dataset.shape = key0;
    const width = Math.max(...shape.map(([c]) => c)) + 1;
    const height = Math.max(...shape.map(([, r]) => r)) + 1;
    const on = new Set(shape.map((p) => p.join(",")));
    picture.style.gridTemplateColumns = `repeat(${width}, .8rem)`;
    fill(picture, Array.from({ length: width * height }, (_, i) => {
      const c = i % width;
      const r = height - 1 - Math.floor(i / width);
      return h("span", { class: on.has(`${c},${r}`) ? "on" : "" });
    }));
    status.textContent = fits.size ? `${piece}: ${fits.size} place${fits.size > 1 ? "s" : ""} this way round (marked on your board).`
      : `${piece}: no place this way round — rotate or flip it.`;
    for (const [at, el] of cells) {
      el.classList.toggle("fits", fits.has(at));
      el.dataset.hint = fits.has(at) ? `place ${piece} here` : `${piece} does not fit here this way round`;
    }
    if (!cursor || !cells.has(cursor)) cursor = fits.keys().next().value || cells.keys().next().value;
    rove(svg);
    roveTo(svg, cells.get(cursor), focusBoard);
    preview(cursor);
  }

  function preview(at) {
    for (const el of svg.querySelectorAll(".piece-preview")) el.classList.remove("piece-preview");
    const move = fits.get(at);
    if (!move) return;
    for (const name of PLACEMENT.exec(move.move)[2].split(", ")) svg.querySelector(`[data-cell="${name}"]`)?.classList.add("piece-preview");
  }

  function place(at) {
    const move = fits.get(at);
    if (move) { remembered = null; choose(move); }
  }

  function onKey(event) {
    if (!piece || event.altKey || event.ctrlKey || event.metaKey) return;
    const k = event.key.toLowerCase();
    if (k === "r") { shape = rotated(shape); turned(); } else if (k === "f") { shape = flipped(shape); turned(); } else if (k === "escape") {
      remembered = null; leave();
    } else return;
    event.preventDefault();
  }

  const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  for (const [at, el] of cells) {
    el.addEventListener("mouseenter", () => piece && preview(at));
    el.addEventListener("mouseleave", () => piece && preview(cursor && svg.contains(document.activeElement) ? cursor : null));
    el.addEventListener("focus", () => { if (!piece) return; cursor = at; remembered.cursor = at; preview(at); });
    el.addEventListener("click", () => piece && place(at));
    el.addEventListener("keydown", (event) => {
      if (!piece) return;
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); place(at); return; }
      const step = MOVES[event.key];
      if (!step) return;
      event.preventDefault();
      const [c, r] = at.split(",").map(Number);
      const next = `${c + step[0]},${r + step[1]}`;
      if (!cells.has(next)) return;
      roveTo(svg, cells.get(next), true);
    });
  }
  svg.addEventListener("keydown", onKey);
  panel.addEventListener("keydown", onKey);

  fill(panel, h("span", {}, "Or place a piece whole: "), choice,
    h("button", { type: "button", class: "secondary", id: "rotate", title: "Rotate a quarter turn (R)",
      onclick: () => { if (piece) { shape = rotated(shape); turned(); } } }, "Rotate (R)"),
    h("button", { type: "button", class: "secondary", id: "flip", title: "Turn it over (F)",
      onclick: () => { if (piece) { shape = flipped(shape); turned(); } } }, "Flip (F)"),
    h("button", { type: "button", class: "link", id: "square-by-square", onclick: () => { remembered = null; leave(); } },
      "Back to square by square"),
    picture, status);
  if (remembered?.key === key && byPiece[remembered.piece]) {
    cursor = remembered.cursor;
    take(remembered.piece, remembered.shape, focus);
  }
  else status.textContent = "Choose a piece, turn it with R and F, and point at your board (or Tab to it; arrows move): a click (Enter) places it.";
}
