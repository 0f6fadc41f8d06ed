// The board: the domain's own SVG drawing (GET /matches/{id}/board.svg), put in the page as it
// is. Elements that carry `data-cell` stand for a place on the board; a legal move belongs to the
// cells it names ("Gl" in Cairo, "B1" of "B1+" in Trax, five cells of a Deep Sea placement).
// Cells with legal moves become buttons. Nothing else is known here of any game.

import { fill, h } from "./dom.js";
import { rove } from "./roving.js";

const SVG = "http://www.w3.org/2000/svg";

/** Put the SVG text `picture` into `container` (parsed as XML: no script can come with it). */
export function drawBoard(container, picture) {
  const svg = parsed(picture);
  // a group, not an image: its cells may be buttons (an image's insides are hidden from screen readers)
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", svg.querySelector("title")?.textContent || "The board");
  fill(container, document.importNode(svg, true));
  const drawn = container.firstElementChild;
  rove(drawn); // every cell labelled, the board one keyboard stop
  return drawn;
}

function parsed(picture) {
  const svg = new DOMParser().parseFromString(picture, "image/svg+xml").documentElement;
  if (svg.namespaceURI !== SVG) throw new Error("The board is not an SVG picture.");
  for (const script of svg.querySelectorAll("script, foreignObject")) script.remove();
  return svg;
}

/** The SVG text `picture` as a picture only (a preview): nothing in it says it can be clicked. */
export function pictureOf(picture, label) {
  const svg = parsed(picture);
  for (const el of svg.querySelectorAll("[data-cell], [data-move], [aria-label], [role], [tabindex], title")) {
    if (el.localName === "title") el.remove();
    else for (const name of ["data-cell", "data-move", "aria-label", "role", "tabindex"]) el.removeAttribute(name);
  }
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  return document.importNode(svg, true);
}

/**
 * The cells `move` names: each word of it (split at spaces and commas) that is a cell's name, or
 * starts with one followed by no letter or digit ("B1" of Trax's "B1+"): "Gl", "C3 UR",
 * "E3 LR, F3 +", "I on A1, B1, C1, D1, E1".
 */
function cellsOf(move, names) {
  const found = [];
  for (const word of move.split(/[\s,]+/)) {
    let best = names.has(word) ? word : null;
    if (best === null) {
      for (const name of names) {
        if (word.startsWith(name) && !/[A-Za-z0-9]/.test(word.charAt(name.length)) && (!best || name.length > best.length)) best = name;
      }
    }
    if (best !== null && !found.includes(best)) found.push(best);
  }
  return found;
}

/**
 * Make the legal `moves` ({move, command}) playable on the drawn board; `choose(move)` sends one.
 * A move is made by clicking its cells: each click keeps the moves on every cell clicked so far
 * and highlights their other cells; the moves on exactly those cells are offered in `picker`
 * (a move on one cell is played at once when it is the only one there; a move on several cells,
 * a MonUnrail removal or a Deep Sea placement, waits to be confirmed). Moves on no cell are offered
 * there too, unless the drawing has a button for them (`data-move`: not offered twice). Each
 * choice shows its picture when the drawing has one (its palette: `data-move="{cell} UR"`,
 * `data-tile="{cell} LR"`), and pointing at it or focusing it draws it on the board.
 * `several(cell)`, when given, is offered beside a square's moves: a move of several of them put
 * together by the page (MonUnrail's builds of 2-3 tiles, see builds.js). `preview(move)`, when
 * given, answers the board after a move (SVG text): each of a square's moves then shows it small,
 * and large in place of the board while the move's button is pointed at or focused (Trax: the
 * tile and the forced plays it sets off).
 */
export function offerMoves(svg, picker, moves, choose, { several, preview } = {}) {
  const cells = new Map([...svg.querySelectorAll("[data-cell]")].map((el) => [el.dataset.cell, el]));
  const names = new Set(cells.keys());
  const onCells = moves.map((m) => ({ move: m, cells: cellsOf(m.move, names) }));
  const drawnButtons = new Set([...svg.querySelectorAll("[data-move]:not(.off-view)")].map((el) => el.dataset.move));
  const loose = onCells.filter((m) => !m.cells.length && !drawnButtons.has(m.move.move)).map((m) => m.move);
  let chosen = [];
  const buttons = (list) => list.map((m) => seenBeforeSent(h("button", { type: "button", class: "move", dataset: { move: m.move } }, m.move),
                                                     () => choose(m)));

  function show() {
    const left = onCells.filter((m) => m.cells.length && chosen.every((c) => m.cells.includes(c)));
    const open = new Map();
    for (const m of left) for (const c of m.cells) if (!chosen.includes(c)) open.set(c, (open.get(c) || 0) + 1);
    for (const [name, el] of cells) {
      const legal = open.has(name);
      el.classList.toggle("legal", legal);
      el.classList.toggle("chosen", chosen.includes(name));
      if (legal) el.dataset.hint = `${open.get(name)} move${open.get(name) > 1 ? "s" : ""}`;
      else delete el.dataset.hint;
    }
    rove(svg);
    if (!chosen.length) {
      fill(picker, loose.length > FEW ? looseList(loose, choose) : loose.length ? [h("span", {}, "Also: "), buttons(loose)] : []);
      return;
    }
    const exact = left.filter((m) => m.cells.length === chosen.length).map((m) => m.move);
    const choices = buttons(exact);
    for (const button of choices) pictured(svg, button, chosen);
    if (preview) for (const button of choices) showPreview(svg, button, preview);
    fill(picker, h("span", {}, `${chosen.join(", ")}: `), choices,
      several && exact.length && chosen.length === 1
        ? h("button", { type: "button", class: "secondary", dataset: { action: "several" }, onclick: () => several(chosen[0]) }, "Several tiles…") : "",
      open.size ? h("span", { class: "muted" }, exact.length ? " or another cell" : ` ${left.length} moves: pick another cell`) : "",
      h("button", { type: "button", class: "secondary", onclick: () => { chosen = []; show(); } }, "Cancel"));
  }

  function pick(name) {
    if (!cells.get(name).classList.contains("legal")) return;
    chosen.push(name);
    const left = onCells.filter((m) => m.cells.length && chosen.every((c) => m.cells.includes(c)));
    if (left.length === 1 && left[0].cells.length === 1) return choose(left[0].move); // (several cells: confirmed below)
    show();
    (picker.querySelector("button.move") || svg.querySelector(".legal"))?.focus();
  }

  offerWholeMoves(svg, moves, choose);
  for (const [name, el] of cells) {
    el.addEventListener("click", () => pick(name));
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); pick(name); }
    });
  }
  show();
}

/**
 * `button` sends its move with `send` on a click (mouse, keyboard). A finger or a pen cannot point
 * at a choice without pressing it, so by touch the first tap draws the choice on the board (what
 * pointing at it does: its piece where it would lie, the board after it) and says "tap again", and
 * a second tap sends it. A choice with nothing to draw (a placement whose squares are marked
 * already) is sent by the first tap.
 */
function seenBeforeSent(button, send) {
  let pointer = "mouse";
  button.addEventListener("pointerdown", (event) => { pointer = event.pointerType; });
  button.addEventListener("click", (event) => {
    const touched = pointer === "touch" || pointer === "pen";
    pointer = "mouse";
    if (touched && button.dataset.drawn && !button.classList.contains("armed")) {
      event.stopImmediatePropagation(); // (the drawing stays: a click would take it off)
      for (const other of button.parentElement?.querySelectorAll(".armed") || []) {
        other.classList.remove("armed");
        other.querySelector(".again")?.remove();
        other.dispatchEvent(new Event("mouseleave"));
      }
      button.classList.add("armed");
      button.append(h("span", { class: "again" }, " — tap again to play"));
      button.focus();
      button.dispatchEvent(new Event("mouseenter"));
      return;
    }
    send();
  });
  return button;
}

/** The elements of the drawing that stand for a whole listed move (`data-move="select 2"`, `"pass"`): buttons. */
export function offerWholeMoves(svg, moves, choose) {
  for (const el of svg.querySelectorAll("[data-move]:not(.off-view)")) { // a whole move in one element (Deep Sea's "select 2")
    const move = moves.find((m) => m.move === el.dataset.move);
    if (!move) continue;
    el.classList.add("legal-move");
    el.dataset.hint = `play ${move.move}`;
    el.addEventListener("click", () => el.classList.contains("legal-move") && choose(move));
    el.addEventListener("keydown", (event) => {
      if ((event.key === "Enter" || event.key === " ") && el.classList.contains("legal-move")) { event.preventDefault(); choose(move); }
    });
  }
}

/** The board after the move of `button`, small in the button and large over the board while pointed at or focused. */
function showPreview(svg, button, preview) {
  const move = button.dataset.move;
  let large = null;
  const on = () => { // over the board, in its place and size: nothing under the pointer moves
    if (!large || !svg.isConnected) return;
    const box = svg.getBoundingClientRect();
    Object.assign(large.style, { width: `${box.width}px`, height: `${box.height}px` });
    svg.style.visibility = "hidden";
    svg.after(large);
  };
  const off = () => { large?.remove(); svg.style.visibility = ""; };
  button.addEventListener("mouseenter", on);
  button.addEventListener("focus", on);
  button.addEventListener("mouseleave", off);
  button.addEventListener("blur", off);
  button.addEventListener("click", off);
  button.dataset.drawn = "board";
  const room = h("span", { class: "thumb", "aria-hidden": "true" }); // its room, kept before the picture comes
  button.prepend(room);
  preview(move).then((picture) => {
    if (!picture || !button.isConnected) return;
    const small = pictureOf(picture, "");
    for (const label of small.querySelectorAll("text")) label.remove(); // (a picture: the button's name stays the move)
    closeUp(small);
    small.setAttribute("aria-hidden", "true");
    room.append(small);
    large = pictureOf(picture, `Preview: the board after ${move}, with the plays it forces`);
    large.classList.add("preview");
    if (button.matches(":hover, :focus")) on();
  }).catch(() => {});
}

/** Frame `svg` on what its drawing marks as the last turn (`data-last`: a Trax tile and its forced plays), if it does. */
function closeUp(svg) {
  const marked = [...svg.querySelectorAll("rect[data-last]")].map((el) => ["x", "y", "width", "height"].map((a) => Number(el.getAttribute(a))));
  if (!marked.length || marked.some((box) => box.some(Number.isNaN))) return;
  const pad = Math.max(...marked.map(([, , w]) => w)) / 2;
  const left = Math.min(...marked.map(([x]) => x)) - pad;
  const top = Math.min(...marked.map(([, y]) => y)) - pad;
  const right = Math.max(...marked.map(([x, , w]) => x + w)) + pad;
  const bottom = Math.max(...marked.map(([, y, , h]) => y + h)) + pad;
  const side = Math.max(right - left, bottom - top); // square, like the button's room
  svg.setAttribute("viewBox", `${left - (side - (right - left)) / 2} ${top - (side - (bottom - top)) / 2} ${side} ${side}`);
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
  for (const el of svg.querySelectorAll(".legal, .chosen, .legal-move")) el.classList.remove("legal", "chosen", "legal-move");
  svg.querySelector(".choice-preview")?.remove();
  rove(svg);
  fill(picker);
}

/**
 * The picture of the move of `button` (on the cells `chosen`), from the drawing's palette: the
 * palette entry written with `{cell}` in place of the cell (`{cell} UR`). Nothing when the drawing
 * has no picture for it.
 */
function pictured(svg, button, chosen) {
  if (chosen.length !== 1) return;
  const template = button.dataset.move.replace(chosen[0], "{cell}");
  const entry = [...svg.querySelectorAll("[data-move*='{cell}'], [data-tile*='{cell}']")]
    .find((el) => (el.dataset.move || el.dataset.tile) === template);
  pictureButton(svg, button, entry, svg.querySelector(`[data-cell="${CSS.escape(chosen[0])}"]`));
}

/**
 * Put the picture of the palette entry `entry` in `button`, small, and draw it over `cell` on the
 * board while the button is pointed at or focused: the choice seen where it would lie.
 */
export function pictureButton(svg, button, entry, cell) {
  if (!entry || !cell) return;
  const box = entry.getBBox();
  const small = document.createElementNS(SVG, "svg");
  small.setAttribute("viewBox", `${box.x} ${box.y} ${box.width} ${box.height}`);
  small.setAttribute("class", "choice");
  small.setAttribute("aria-hidden", "true");
  small.append(graphic(entry));
  button.prepend(small);
  button.dataset.drawn = "piece";
  let drawn = null;
  const off = () => { drawn?.remove(); drawn = null; };
  const on = () => { off(); drawn = drawOn(svg, entry, cell, "choice-preview"); };
  button.addEventListener("mouseenter", on);
  button.addEventListener("focus", on);
  button.addEventListener("mouseleave", off);
  button.addEventListener("blur", off);
  button.addEventListener("click", off);
}

/** Draw a copy of the palette entry `entry` over `cell` on `svg` (a group of class `kind`); the group. */
export function drawOn(svg, entry, cell, kind) {
  if (!entry || !cell) return null;
  const box = entry.getBBox();
  const at = cell.getBBox();
  const drawn = document.createElementNS(SVG, "g");
  drawn.setAttribute("class", kind);
  drawn.setAttribute("pointer-events", "none");
  drawn.setAttribute("aria-hidden", "true");
  const scale = Math.min(at.width / box.width, at.height / box.height);
  drawn.setAttribute("transform", `translate(${at.x} ${at.y}) scale(${scale}) translate(${-box.x} ${-box.y})`);
  drawn.append(graphic(entry));
  svg.append(drawn);
  return drawn;
}

/** A copy of `el`'s drawing: no names, no titles (a picture only). */
function graphic(el) {
  const copy = el.cloneNode(true);
  for (const part of [copy, ...copy.querySelectorAll("*")]) {
    if (part.localName === "title") { part.remove(); continue; }
    for (const name of ["data-move", "data-tile", "data-cell", "tabindex", "role", "aria-label", "class"]) part.removeAttribute(name);
  }
  return copy;
}
