// A small helper to build DOM nodes: h("button", {class: "x", onclick: f}, "text", child...).
// No HTML is ever parsed from text; the board's SVG is parsed as XML (see board.js).

export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else if (name === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Replace everything in `node` with `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat(Infinity)) if (child) node.append(child);
  return node;
}

/** A short status line for everyone (screen readers too). */
let hide = null;
export function notice(text, kind = "info") {
  const line = document.getElementById("notice");
  line.textContent = text;
  line.className = kind;
  clearTimeout(hide);
  if (text) hide = setTimeout(() => { line.textContent = ""; }, kind === "error" ? 8000 : 3000);
}

/** "3:05" from milliseconds (never negative). */
export function clock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const m = Math.floor(s / 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`
    : `${m}:${String(s % 60).padStart(2, "0")}`;
}

export function when(ms) {
  return ms ? new Date(ms).toLocaleString() : "";
}

const SVG = "http://www.w3.org/2000/svg";
/** The controls' icons, drawn (no font has to have ⏮ or ⏭): first, back, forward, last. */
const ICONS = {
  start: "M3 3h2v10H3zM14 3v10L6 8z", back: "M12 3v10L4 8z", forward: "M4 3v10l8-5z", end: "M11 3h2v10h-2zM2 3v10l8-5z",
};
export function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", ICONS[name]);
  svg.append(path);
  return svg;
}
