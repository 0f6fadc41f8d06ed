// Drawing a line of cells on the board: Duorail's track (a loop, for a challenge or the sealed
// endgame) and Deep Sea Voyage's routes. The page knows the commands' shapes (games.js says which
// listed move stands for "a line of cells" and where the cells go), never the rules: the server
// checks what is drawn and its refusal is shown as it words it.

import { offerWholeMoves } from "./board.js";
import { fill, h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

/** The centre of `el` in the coordinates of the whole drawing `svg`. */
function centre(svg, el) {
  const box = el.getBBox();
  const matrix = svg.getScreenCTM().inverse().multiply(el.getScreenCTM());
  const point = new DOMPoint(box.x + box.width / 2, box.y + box.height / 2).matrixTransform(matrix);
  return `${point.x},${point.y}`;
}

/**
 * Let the player draw a line of cells on `svg` and send it. `lines` are the ways to send one:
 * `{label, cells, start, closed, send_label, send(cells)}`: `cells` selects the squares it is drawn on
 * (default `[data-cell]`), a line from a given square has `start`, a loop is `closed`; `first` is the
 * line offered first. `loose`
 * ({move, command}) are the other listed moves (Duorail's "no track", Deep Sea's "no routes"),
 * offered as buttons; `choose(move)` sends one. `hint` is the sentence shown above the buttons.
 */
export function drawLine(svg, picker, { lines, loose, choose, hint, first = 0 }) {
  const ofLine = (l) => new Map([...svg.querySelectorAll(l?.cells || "[data-cell]")]
    .map((el) => [el.dataset.cell || el.dataset.square, el]));
  let line = Math.min(first, lines.length - 1);
  let cells = ofLine(lines[line]);
  let path = lines[line]?.start ? [lines[line].start] : [];
  const trace = document.createElementNS(SVG, "polyline");
  trace.setAttribute("class", "drawn");
  trace.setAttribute("pointer-events", "none");
  svg.append(trace);

  function show() {
    const points = path.filter((c) => cells.has(c)).map((c) => centre(svg, cells.get(c)));
    if (lines[line]?.closed && points.length > 2) points.push(points[0]); // a loop: back to its first square
    trace.setAttribute("points", points.join(" "));
    for (const el of svg.querySelectorAll(".drawing")) el.classList.remove("drawing", "on-line");
    for (const [name, el] of cells) {
      el.classList.add("drawing");
      el.classList.toggle("on-line", path.includes(name));
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", `${name}: add to the line`);
    }
    const chooser = lines.length > 1 ? h("select", { id: "line-kind", "aria-label": "What to draw", onchange: (event) => {
      stopDrawing(svg, false);
      line = Number(event.target.value);
      cells = ofLine(lines[line]);
      path = lines[line].start ? [lines[line].start] : [];
      show();
    } }, lines.map((l, i) => h("option", { value: i, selected: i === line }, l.label))) : null;
    const current = lines[line];
    fill(picker,
      h("p", { class: "hint", id: "draw-hint" }, hint),
      chooser,
      h("span", { id: "drawn", "aria-live": "polite" }, path.length ? `${path.join(" ")} (${path.length} ${path.length === 1 ? "cell" : "cells"})` : "No cell yet"),
      h("button", { type: "button", class: "secondary", dataset: { action: "undo" }, disabled: path.length <= (current?.start ? 1 : 0),
                    onclick: () => { path.pop(); show(); } }, "Undo"),
      h("button", { type: "button", class: "secondary", dataset: { action: "clear" },
                    onclick: () => { path = current?.start ? [current.start] : []; show(); } }, "Clear"),
      current ? h("button", { type: "button", dataset: { action: "send-line" }, disabled: path.length < 2,
                              onclick: () => current.send(path.slice()) }, current.send_label || current.label) : null,
      loose.map((m) => h("button", { type: "button", class: "move secondary", dataset: { move: m.move }, onclick: () => choose(m) }, m.move)));
  }

  function add(el) {
    const name = el.dataset.cell || el.dataset.square;
    if (!el.classList.contains("drawing") || cells.get(name) !== el) return;
    if (path.length > (lines[line]?.start ? 1 : 0) && path[path.length - 1] === name) path.pop(); // a second click on the last cell takes it back
    else path.push(name);
    show();
  }

  const every = new Set(lines.flatMap((l) => [...ofLine(l).values()]));
  for (const el of every) {
    el.addEventListener("click", () => add(el));
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); add(el); }
    });
  }
  offerWholeMoves(svg, loose, choose);
  show();
}

/** Stop drawing (a line is on its way, or it is no longer our turn). */
export function stopDrawing(svg, all = true) {
  for (const el of svg.querySelectorAll(".drawing")) {
    el.classList.remove("drawing", "on-line");
    el.removeAttribute("tabindex");
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
  }
  if (all) svg.querySelector("polyline.drawn")?.remove();
}
