// A build of several tiles (MonUnrail: 1-3 tiles in a row or column): the legal-moves listing has
// single tiles only, so the page puts one together. The tiles a square can take are the drawing's
// own palette (`data-tile="{cell} LR"`); the squares are the empty ones (`data-cell` without a
// tile). Nothing of the rules is here: the server checks the build and its refusal (a kind run
// out, squares not in a line) is shown as it words it.

import { drawOn, pictureButton } from "./board.js";
import { fill, h } from "./dom.js";
import { rove } from "./roving.js";

/**
 * Compose a build on `svg`, starting with the empty square `cell`; `send(tiles)` sends it (the
 * tiles as written), `cancel()` goes back to the single moves. At most `most` tiles.
 */
export function composeBuild(svg, picker, { cell, most = 3, send, cancel }) {
  const empty = new Map([...svg.querySelectorAll("[data-cell]:not([data-tile])")].map((el) => [el.dataset.cell, el]));
  const entries = [...svg.querySelectorAll("[data-tile*='{cell}']")];
  const palette = entries.map((el) => el.dataset.tile);
  const entryOf = (tile, name) => entries.find((el) => el.dataset.tile === tile.replace(name, "{cell}"));
  const tiles = new Map(); // cell -> its tile
  let current = cell;

  function show() {
    for (const [name, el] of empty) {
      const open = tiles.size < most || tiles.has(name);
      el.classList.toggle("legal", open);
      el.classList.toggle("chosen", tiles.has(name) || name === current);
      if (open) el.dataset.hint = tiles.has(name) ? `${tiles.get(name)} in this build: take it back` : "add a tile here";
    }
    rove(svg);
    for (const el of svg.querySelectorAll(".build-preview")) el.remove();
    for (const [name, tile] of tiles) drawOn(svg, entryOf(tile, name), empty.get(name), "build-preview");
    const written = [...tiles.values()];
    fill(picker,
      h("span", { id: "build" }, written.length ? `Build: ${written.join(", ")}` : "Build: no tile yet"),
      written.length ? h("span", { class: "muted" }, " (drawn on the board)") : "",
      current ? [h("span", {}, ` ${current}: `), palette.map((p) => p.replace("{cell}", current)).map((tile) => {
        const button = h("button", { type: "button", class: "tile", dataset: { tile }, onclick: () => { tiles.set(current, tile); current = null; show(); } }, tile);
        pictureButton(svg, button, entryOf(tile, current), empty.get(current));
        return button;
      })]
        : h("span", { class: "muted" }, tiles.size < most ? " (click a square to add a tile)" : ""),
      h("button", { type: "button", dataset: { action: "build" }, disabled: !written.length, onclick: () => send(written) },
        `Build ${written.length === 1 ? "this tile" : `these ${written.length} tiles`}`),
      h("button", { type: "button", class: "secondary", dataset: { action: "cancel" }, onclick: cancel }, "Cancel"));
    picker.querySelector("button.tile")?.focus();
  }

  function pick(name) {
    if (!empty.get(name).classList.contains("legal")) return;
    if (tiles.has(name)) { tiles.delete(name); current = null; } // a second click takes the tile back
    else current = name;
    show();
  }

  const controller = new AbortController(); // (the single moves' listeners are left on the cells: they only act on .legal)
  for (const [name, el] of empty) {
    el.addEventListener("click", (event) => { event.stopImmediatePropagation(); pick(name); }, { capture: true, signal: controller.signal });
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); event.stopImmediatePropagation(); pick(name); }
    }, { capture: true, signal: controller.signal });
  }
  show();
  return () => { controller.abort(); for (const el of svg.querySelectorAll(".build-preview")) el.remove(); };
}
