// The board as one keyboard stop (a "roving tabindex"): Tab reaches the board once, the arrow
// keys move between its cells and buttons by where they lie on the drawing (any grid, Cairo's
// pentagons too), Home and End go to the first and last, Enter or Space acts on the focused one.
// Every cell is labelled for screen readers with what the drawing says lies there (its `<title>`
// or `aria-label`: "C3: blue piece UR, placed by red"; ", the last move" where the drawing frames it), and, while a move can be made on it, what
// the page offers there (its `data-hint`: "6 moves", "add to the line").

const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** What the keyboard can reach on `svg`: every cell, and the drawing's own buttons that are moves now. */
export function stops(svg) {
  return [...svg.querySelectorAll("[data-cell], [data-place], [data-square], .legal-move, .drawing, .placing")].filter((el) => !el.classList.contains("off-view"));
}

/** The words the drawing gives `el` (its own label, else its title), without the game's name. */
export function said(el) {
  if (el.dataset.said) return el.dataset.said;
  let words = el.getAttribute("aria-label") || el.querySelector(":scope > title")?.textContent
    || el.dataset.cell || el.dataset.square || el.dataset.move || "";
  const cell = el.dataset.cell || el.dataset.place;  // the drawing frames the last move's cells apart (`data-last`): said too
  if (cell && !/last move/.test(words) && el.ownerSVGElement?.querySelector(`[data-last="${CSS.escape(cell)}"]`)) words += ", the last move";
  el.dataset.said = words; // (kept: the page's own labels replace aria-label later)
  return words;
}

function centre(el) {
  const box = el.getBoundingClientRect();
  return [box.left + box.width / 2, box.top + box.height / 2, Math.max(box.width, box.height)];
}

/** The stop nearest `from` in the direction `[dx, dy]`, within 60 degrees of it; null if none. */
function next(list, from, [dx, dy]) {
  const [x, y] = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const el of list) {
    if (el === from) continue;
    const [ex, ey] = centre(el);
    const along = (ex - x) * dx + (ey - y) * dy;
    const across = Math.abs((ex - x) * dy - (ey - y) * dx);
    if (along < 1 || across > along * 1.8) continue;
    const score = along + 2.5 * across;
    if (score < bestScore) { best = el; bestScore = score; }
  }
  return best;
}

/** Make `el` the board's one keyboard stop (and focus it when `focus`). */
export function roveTo(svg, el, focus = false) {
  if (!el) return;
  for (const other of svg.querySelectorAll("[tabindex]")) if (other !== el) other.setAttribute("tabindex", "-1");
  el.setAttribute("tabindex", "0");
  if (focus) el.focus();
}

/**
 * Label every stop of `svg` and keep exactly one of them in the tab order: the focused one if it
 * still is a stop, else the first that can be played (`.legal`, `.drawing`, `.placing.fits`,
 * `.legal-move`), else the first cell. Call again whenever what can be played changes.
 */
export function rove(svg) {
  const list = stops(svg);
  for (const el of list) {
    const playable = el.matches(".legal, .legal-move, .drawing, .placing");
    el.setAttribute("role", "button");
    if (playable) el.removeAttribute("aria-disabled");
    else el.setAttribute("aria-disabled", "true");
    const words = said(el);
    el.setAttribute("aria-label", playable && el.dataset.hint ? `${words} — ${el.dataset.hint}` : words);
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  }
  for (const el of svg.querySelectorAll("[tabindex]")) {
    if (!list.includes(el)) {
      el.removeAttribute("tabindex");
      el.removeAttribute("aria-disabled");
      if (el.hasAttribute("aria-label")) el.setAttribute("role", "img"); else el.removeAttribute("role");
    }
  }
  const current = list.find((el) => el === document.activeElement)
    || list.find((el) => el.matches(".placing[tabindex='0'], .legal, .drawing, .placing.fits, .legal-move")) || list[0];
  roveTo(svg, current);
  if (!svg.dataset.roving) {
    svg.dataset.roving = "yes";
    svg.setAttribute("tabindex", "-1"); // (the drawing itself is no stop: its cells are)
    svg.addEventListener("keydown", (event) => keys(svg, event));
    svg.addEventListener("focusin", (event) => { if (stops(svg).includes(event.target)) roveTo(svg, event.target); });
  }
}

function keys(svg, event) {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
  const list = stops(svg);
  if (!list.includes(event.target)) return;
  let to = null;
  if (STEPS[event.key]) to = next(list, event.target, STEPS[event.key]);
  else if (event.key === "Home") to = list[0];
  else if (event.key === "End") to = list[list.length - 1];
  else return;
  event.preventDefault();
  if (to) roveTo(svg, to, true);
}
