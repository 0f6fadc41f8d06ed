// The rules pages' Markdown (GET /games/{game}/rules) made into DOM nodes, never parsed as HTML:
// headings, paragraphs, lists (nested by indentation), tables, fenced blocks, and inline code,
// bold, italics and links. Only what docs/rules/ uses; anything else is shown as text. Hand-made
// (about 100 lines) because a Markdown library would hand back HTML text to be parsed as markup, which the
// page never parses.

import { h } from "./dom.js";

/**
 * Inline Markdown of `text` as nodes; `link(href)` says where a link goes (null: plain text).
 * `code` first (nothing inside it is read), then links, bold and italics.
 */
export function inline(text, link = () => null) {
  const nodes = [];
  const pattern = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)|\*\*(.+?)\*\*|\*([^*\s][^*]*?)\*/g;
  let at = 0;
  for (const found of text.matchAll(pattern)) {
    if (found.index > at) nodes.push(text.slice(at, found.index));
    const [, code, label, href, strong, em] = found;
    if (code !== undefined) nodes.push(h("code", {}, code));
    else if (label !== undefined) {
      const target = link(href);
      nodes.push(target ? h("a", { href: target }, inline(label, link)) : h("span", {}, inline(label, link)));
    } else if (strong !== undefined) nodes.push(h("strong", {}, inline(strong, link)));
    else nodes.push(h("em", {}, inline(em, link)));
    at = found.index + found[0].length;
  }
  if (at < text.length) nodes.push(text.slice(at));
  return nodes;
}

const indentOf = (line) => line.match(/^ */)[0].length;
const ITEM = /^(\s*)([-*]|\d+\.)\s+(.*)$/;

/** A list starting at `lines[i]`: [node, next index]. Items deeper in are nested lists. */
function list(lines, i, link) {
  const indent = indentOf(lines[i]);
  const ordered = /^\s*\d+\./.test(lines[i]);
  const node = h(ordered ? "ol" : "ul");
  let item = null;
  let words = [];
  const close = () => { if (item) item.prepend(...inline(words.join(" "), link)); words = []; };
  while (i < lines.length && lines[i].trim() !== "") {
    const line = lines[i];
    const found = line.match(ITEM);
    if (found && indentOf(line) === indent) {
      close();
      item = h("li");
      node.append(item);
      words = [found[3]];
      i += 1;
    } else if (found && indentOf(line) > indent && item) {
      close();
      const [nested, next] = list(lines, i, link);
      item.append(nested);
      i = next;
    } else if (!found && indentOf(line) > indent && item) {
      words.push(line.trim());
      i += 1;
    } else break;
  }
  close();
  return [node, i];
}

function table(rows, link) {
  const cells = (row) => row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
  return h("div", { class: "table-frame" }, h("table", {},
    h("thead", {}, h("tr", {}, cells(rows[0]).map((c) => h("th", { scope: "col" }, inline(c, link))))),
    h("tbody", {}, rows.slice(2).map((row) => h("tr", {}, cells(row).map((c) => h("td", {}, inline(c, link))))))));
}

/**
 * The nodes of the Markdown `text`. `fence(info, body)` may answer a node for a fenced block
 * (the rules pages' worked examples are `moves` blocks); otherwise the block is shown as code.
 * `link(href)` says where a link goes (null: its text only).
 */
export function render(text, { fence = () => null, link = () => null } = {}) {
  const lines = text.split(/\r?\n/);
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === "") { i += 1; continue; }
    const fenced = line.match(/^```(\w*)\s*$/);
    if (fenced) {
      const body = [];
      i += 1;
      while (i < lines.length && !lines[i].startsWith("```")) body.push(lines[i++]);
      i += 1;
      out.push(fence(fenced[1], body.join("\n")) || h("pre", { tabindex: "0" }, h("code", {}, body.join("\n"))));
      continue;
    }
    const heading = line.match(/^(#{1,6})\s+(.*)$/);
    if (heading) {
      out.push(h(`h${heading[1].length}`, {}, inline(heading[2], link)));
      i += 1;
      continue;
    }
    if (ITEM.test(line)) {
      const [node, next] = list(lines, i, link);
      out.push(node);
      i = next;
      continue;
    }
    if (line.startsWith("|") && /^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1] || "")) {
      const rows = [];
      while (i < lines.length && lines[i].startsWith("|")) rows.push(lines[i++]);
      out.push(table(rows, link));
      continue;
    }
    const words = [];
    while (i < lines.length && lines[i].trim() !== "" && !/^(```|#{1,6}\s|\|)/.test(lines[i]) && !ITEM.test(lines[i])) {
      words.push(lines[i++].trim());
    }
    out.push(h("p", {}, inline(words.join(" "), link)));
  }
  return out;
}
