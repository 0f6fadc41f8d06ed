// Drawing a line of cells on the board: Duorail's track (a loop, for a challenge or the sealed
// endgame) and Deep Sea Voyage's routes. The page knows the commands' shapes (games.js says which
// listed move stands for "a line of cells" and where the cells go), never the rules: the server
// checks what is drawn and its refusal is shown as it words it.
//
// One gesture draws a line: press on a square and drag (mouse, touch or pen) through the squares;
// dragging back over the line takes squares back. Or click the squares one by one; a click on a
// square that does not touch the line's end proposes the shortest way there through the squares
// the drawing does not mark as blocked (`data-blocked`: a wall, a piece), to keep or take back
// (Undo). Only squares that touch (side by side on the drawing) follow one another. A line the
// server refuses stays drawn, the squares its refusal names marked (`.refused`).

import { offerWholeMoves } from "./board.js";
import { fill, h } from "./dom.js";
import { rove } from "./roving.js";

const SVG = "http://www.w3.org/2000/svg";

/** The line last sent, by match, kept until the server answers: a refused one is drawn again. */
let sent = null; // {key, label, path, refusal}

/** The server refused what was sent last (its words): the next drawing of that line starts from it. */
export function refused(words) {
  if (sent) sent.refusal = words;
}

/** The centre of `el` in the coordinates of the whole drawing `svg`, and its size. */
function centre(svg, el) {
  const box = el.getBBox();
  const matrix = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
  const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(matrix);
  return { x: point.x, y: point.y, size: Math.max(box.width, box.height) * Math.hypot(matrix.a, matrix.b) };
}

/** Where the cells lie: their centres, the grid they make and which touch which (side by side). */
function layout(svg, cells) {
  const at = new Map();
  for (const [name, el] of cells) at.set(name, centre(svg, el));
  const sizes = [...at.values()].map((c) => c.size).sort((a, b) => a - b);
  const size = sizes[Math.floor(sizes.length / 2)] || 1;
  const grid = new Map();
  for (const [name, c] of at) grid.set(`${Math.round(c.x / size)},${Math.round(c.y / size)}`, name);
  const keyOf = (name) => { const c = at.get(name); return [Math.round(c.x / size), Math.round(c.y / size)]; };
  const neighbours = (name) => {
    const [x, y] = keyOf(name);
    return [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => grid.get(`${x + dx},${y + dy}`)).filter(Boolean);
  };
  const touch = (a, b) => neighbours(a).includes(b);
  return { at, touch, neighbours };
}

/** The shortest way from `from` to `to` (both excluded from the answer but `to`) through free cells, or null. */
function shortest(geo, cells, from, to, avoid) {
  const before = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const here = queue.shift();
    if (here === to) break;
    for (const next of geo.neighbours(here)) {
      if (before.has(next) || (next !== to && (avoid.has(next) || cells.get(next)?.hasAttribute("data-blocked")))) continue;
      before.set(next, here);
      queue.push(next);
    }
  }
  if (!before.has(to)) return null;
  const way = [];
  for (let c = to; c !== from; c = before.get(c)) way.unshift(c);
  return way;
}

/**
 * Let the player draw a line of cells on `svg` and send it. `lines` are the ways to send one:
 * `{label, cells, start, closed, send_label, send(cells)}`: `cells` selects the squares it is drawn on
 * (default `[data-cell]`), a line from a given square has `start`, a loop is `closed`; `first` is the
 * line offered first; `show(line)` is told which line is being drawn (Deep Sea shows its board).
 * `loose` ({move, command}) are the other listed moves (Duorail's "no track", Deep Sea's "no
 * routes"), offered as buttons; `choose(move)` sends one. `hint` is the sentence shown above the
 * buttons; `key` names the match (a refused line is drawn again).
 */
export function drawLine(svg, picker, { lines, loose, choose, hint, first = 0, key = "", shown = () => {} }) {
  const ofLine = (l) => new Map([...svg.querySelectorAll(l?.cells || "[data-cell]")]
    .map((el) => [el.dataset.cell || el.dataset.square, el]));
  let line = Math.min(first, lines.length - 1);
  let refusal = "";
  if (sent?.key === key && sent.refusal) {
    const again = lines.findIndex((l) => l.label === sent.label);
    if (again >= 0) line = again;
  }
  let cells = ofLine(lines[line]);
  let geo = null; // (measured when first needed: the drawing must be on the page)
  const measure = () => (geo ||= layout(svg, cells));
  const begin = () => (lines[line]?.start ? [lines[line].start] : []);
  let path = begin();
  if (sent?.key === key && sent.refusal && lines[line]?.label === sent.label) {
    path = sent.path.filter((c) => cells.has(c));
    refusal = sent.refusal;
  }
  sent = null;
  const trace = document.createElementNS(SVG, "polyline");
  trace.setAttribute("class", "drawn");
  trace.setAttribute("pointer-events", "none");
  svg.append(trace);
  shown(lines[line]);

  function show() {
    const points = path.filter((c) => cells.has(c)).map((c) => { const p = centre(svg, cells.get(c)); return `${p.x},${p.y}`; });
    if (lines[line]?.closed && points.length > 2) points.push(points[0]); // a loop: back to its first square
    trace.setAttribute("points", points.join(" "));
    const named = new Set(refusal ? refusal.split(/[^A-Za-z0-9@]+/).filter((w) => path.includes(w)) : []);
    for (const el of svg.querySelectorAll(".drawing, .refused")) el.classList.remove("drawing", "on-line", "refused");
    for (const [name, el] of cells) {
      el.classList.add("drawing");
      el.classList.toggle("on-line", path.includes(name));
      el.classList.toggle("refused", named.has(name));
      el.dataset.hint = path.includes(name) ? (path[path.length - 1] === name ? "the line's end: take it back" : "on the line")
        : "add to the line";
    }
    rove(svg);
    const chooser = lines.length > 1 ? h("select", { id: "line-kind", "aria-label": "What to draw", onchange: (event) => {
      stopDrawing(svg, false);
      line = Number(event.target.value);
      cells = ofLine(lines[line]);
      geo = null;
      path = begin();
      refusal = "";
      shown(lines[line]);
      show();
    } }, lines.map((l, i) => h("option", { value: i, selected: i === line }, l.label))) : null;
    const current = lines[line];
    fill(picker,
      h("p", { class: "hint", id: "draw-hint" }, hint),
      refusal ? h("p", { class: "hint error", id: "draw-refused" }, `Refused: ${refusal} `,
        named.size ? `(${[...named].join(", ")} marked on the board; mend the line and send it again.)` : "(mend the line and send it again.)") : null,
      chooser,
      h("span", { id: "drawn", "aria-live": "polite" }, path.length ? `${path.join(" ")} (${path.length} ${path.length === 1 ? "cell" : "cells"})` : "No cell yet"),
      h("button", { type: "button", class: "secondary", dataset: { action: "undo" }, disabled: path.length <= begin().length,
                    onclick: () => { path.pop(); show(); } }, "Undo"),
      h("button", { type: "button", class: "secondary", dataset: { action: "clear" },
                    onclick: () => { path = begin(); refusal = ""; show(); } }, "Clear"),
      current ? h("button", { type: "button", dataset: { action: "send-line" }, disabled: path.length < 2,
                              onclick: () => { sent = { key, label: current.label, path: path.slice() }; current.send(path.slice()); } },
      current.send_label || current.label) : null,
      loose.map((m) => h("button", { type: "button", class: "move secondary", dataset: { move: m.move }, onclick: () => choose(m) }, m.move)));
  }

  /** Add `name` to the line: the next square if it touches the end, else the shortest way to it. */
  function extend(name) {
    const last = path[path.length - 1];
    if (last === undefined) { path.push(name); return true; }
    if (name === last || path.includes(name)) return false;
    if (measure().touch(last, name)) { path.push(name); return true; }
    const way = shortest(geo, cells, last, name, new Set(path));
    if (!way) return false;
    path.push(...way);
    return true;
  }

  function click(name) { // a click, or Enter: the end again takes it back
    if (path.length > begin().length && path[path.length - 1] === name) path.pop();
    else extend(name);
    refusal = refusal && path.length ? refusal : "";
    show();
  }

  const nameOf = (el) => el && (el.dataset.cell || el.dataset.square);
  const every = new Set(lines.flatMap((l) => [...ofLine(l).values()]));
  let drag = null; // {id, start, moved}
  const under = (event) => {
    const el = document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-cell], [data-square]");
    return el && cells.get(nameOf(el)) === el ? nameOf(el) : null;
  };
  for (const el of every) {
    el.addEventListener("pointerdown", (event) => {
      if (!el.classList.contains("drawing") || cells.get(nameOf(el)) !== el || event.button > 0) return;
      event.preventDefault();
      drag = { id: event.pointerId, start: nameOf(el), moved: false, took: false };
      const name = nameOf(el);
      if (!(path.length > begin().length && path[path.length - 1] === name)) { extend(name); show(); drag.took = true; }
      svg.setPointerCapture?.(event.pointerId);
    });
    el.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && el.classList.contains("drawing")) { event.preventDefault(); click(nameOf(el)); }
    });
  }
  const move = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    const name = under(event);
    if (!name || name === path[path.length - 1]) return;
    drag.moved = true;
    if (path.length > begin().length + 1 && path[path.length - 2] === name) path.pop(); // back over the line: take back
    else if (!extend(name)) return;
    show();
  };
  const end = (event) => {
    if (!drag || event.pointerId !== drag.id) return;
    if (!drag.moved && !drag.took) click(drag.start); // pressed and let go on the end: take it back
    drag = null;
  };
  const controller = new AbortController();
  svg.addEventListener("pointermove", move, { signal: controller.signal });
  svg.addEventListener("pointerup", end, { signal: controller.signal });
  svg.addEventListener("pointercancel", () => { drag = null; }, { signal: controller.signal });
  // a finger drawing does not scroll the page (a finger elsewhere still does): touch-action is not
  // honoured inside an SVG drawing, a cancelled touch is
  const still = (event) => { if (drag) event.preventDefault(); };
  svg.addEventListener("touchstart", still, { signal: controller.signal, passive: false });
  svg.addEventListener("touchmove", still, { signal: controller.signal, passive: false });
  svg.dataset.drawingLine = "yes";
  offerWholeMoves(svg, loose, choose);
  show();
}

/** Stop drawing (a line is on its way, or it is no longer our turn). */
export function stopDrawing(svg, all = true) {
  for (const el of svg.querySelectorAll(".drawing, .refused")) {
    el.classList.remove("drawing", "on-line", "refused");
    delete el.dataset.hint;
  }
  if (all) svg.querySelector("polyline.drawn")?.remove();
  rove(svg);
}
