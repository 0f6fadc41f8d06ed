// Deep Sea Voyage's three boards at a size one can play on: one board large, the other two as
// live thumbnails beside it (a click or Enter makes one large), and the legend under them. The
// drawing marks each board's area (`data-area="board-2"`) and the legend's (`data-area="legend"`);
// the large board is the whole drawing seen through that board's area (its cells stay the ones
// the page plays on), its squares at least 32 px on a desktop and 28 px on a phone (the board
// then scrolls sideways in its frame). The thumbnails are pictures only.

import { pictureOf } from "./board.js";
import { fill, h } from "./dom.js";
import { rove } from "./roving.js";

const large = new Map(); // match id -> the board shown large (kept while the page redraws)
export const CELL = 22; // (the drawing's square: domain/deepsea/svg_parts.py)

function area(svg, name) {
  const el = svg.querySelector(`[data-area="${name}"]`);
  return el && ["x", "y", "width", "height"].map((a) => Number(el.getAttribute(a)));
}

/** The board the viewer plays on (its squares are cells), else the one kept, else board 1. */
function chosen(svg, id) {
  if (large.has(id)) return large.get(id);
  const cell = svg.querySelector("[data-cell][data-board]");
  return cell ? Number(cell.dataset.board) : 1;
}

/** Show board `number` large (a route being drawn on it, a thumbnail chosen). */
export function showBoard(frame, id, number) {
  large.set(id, Number(number));
  const svg = frame.querySelector("svg.sea-main");
  if (svg) layout(frame, svg, frame.dataset.picture, id);
}

/** On the viewer's turn, when the large board has no square to play and another has, that one is shown large. */
export function showPlayable(frame, svg, id) {
  if (svg.querySelector(`.legal[data-board="${frame.dataset.large}"]`)) return;
  const there = svg.querySelector(".legal[data-board]");
  if (there) showBoard(frame, id, there.dataset.board);
}

/**
 * Lay the drawing `svg` (already in `frame`, from the SVG text `picture`) out as one large board,
 * two thumbnails and the legend. Returns the board shown large.
 */
export function layout(frame, svg, picture, id) {
  const boards = [...svg.querySelectorAll("[data-area^='board-']")].map((el) => Number(el.dataset.area.slice(6)));
  if (!boards.length) return null;
  frame.dataset.picture = picture;
  const number = boards.includes(chosen(svg, id)) ? chosen(svg, id) : boards[0];
  const [x, y, w, hgt] = area(svg, `board-${number}`);
  const room = frame.clientWidth || 343;
  const least = (room >= 600 ? 32.5 : 28.5) / CELL; // the squares' least size (32 px, 28 px on a phone; a half pixel spare for rounding)
  const fit = Math.min(room / w, (window.innerHeight - 120) / hgt);
  const scale = Math.max(least, Math.min(fit, 2.4));
  svg.classList.add("sea-main");
  svg.setAttribute("viewBox", `${x} ${y} ${w} ${hgt}`);
  svg.style.width = `${w * scale}px`;
  svg.style.height = `${hgt * scale}px`;
  svg.style.minWidth = `${w * scale}px`;
  svg.setAttribute("aria-label", `Board ${number} (large): ${svg.querySelector("title")?.textContent || ""}`);
  for (const el of svg.querySelectorAll("[data-board]")) el.classList.toggle("off-view", Number(el.dataset.board) !== number);
  // the drawing's buttons lie under the boards, out of this view: the page offers their moves as its own buttons
  for (const el of svg.querySelectorAll("[data-move]:not([data-board])")) el.classList.add("off-view");
  frame.dataset.large = number;
  rove(svg);

  let scroller = frame.querySelector(".sea-large");
  if (!scroller || scroller.firstElementChild !== svg) {
    scroller = h("div", { class: "sea-large" });
    svg.replaceWith(scroller);
    scroller.append(svg);
  }
  // wider than the room (a phone: squares of 28 px): the board slides sideways, and says so
  const wide = w * scale > room + 1;
  let hint = frame.querySelector(".sea-wide");
  if (wide) scroller.after(hint || h("p", { class: "sea-wide muted" }, "Wider than the screen: slide the board sideways to see the rest of it."));
  else if (hint) hint.remove();
  const thumbs = boards.filter((n) => n !== number).map((n) => {
    const small = pictureOf(picture, "");
    const [tx, ty, tw, th] = area(small, `board-${n}`);
    small.setAttribute("viewBox", `${tx} ${ty} ${tw} ${th}`);
    small.removeAttribute("width");
    small.removeAttribute("height");
    small.setAttribute("aria-hidden", "true");
    const words = svg.querySelector(`g[data-board="${n}"] > title`)?.textContent || `Board ${n}`;
    return h("button", { type: "button", class: "sea-thumb", dataset: { show: n }, "aria-label": `Show large: ${words}`,
      onclick: () => showBoard(frame, id, n) }, small, h("span", {}, `Board ${n}`));
  });
  const parsed = new DOMParser().parseFromString(picture, "image/svg+xml");
  for (const el of parsed.querySelectorAll("[data-move]:not([data-board])")) el.remove(); // (its buttons: the page's own, under it)
  const legend = pictureOf(new XMLSerializer().serializeToString(parsed), "");
  const [lx, ly, lw, lh] = area(legend, "legend");
  legend.setAttribute("viewBox", `${lx} ${ly} ${lw} ${lh}`);
  legend.removeAttribute("height");
  legend.setAttribute("width", lw); // its own size (shrunk only to the room there is): its words stay readable
  legend.setAttribute("role", "img");
  legend.setAttribute("aria-label", "The legend: the sides' ships and pieces, the terrain");
  const caption = svg.querySelector("title")?.textContent || ""; // (what happens now: the drawing's caption, as words)
  let side = frame.querySelector(".sea-side");
  if (!side) { side = h("div", { class: "sea-side" }); frame.append(side); }
  fill(side, h("div", { class: "sea-thumbs" }, thumbs),
    h("div", { class: "sea-legend" }, legend, h("p", { class: "sea-caption" }, caption)));
  frame.classList.add("seaboards");
  return number;
}
