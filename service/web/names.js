// Players' names by account id, kept for the visit: what a view already names (a tournament's
// `names`, a match's seats, the bots of GET /bots) is remembered, and an id no view names is asked
// of the public profile (GET /accounts/{id}), a few at a time. A name links to the player's page.

import { api } from "./api.js";
import { h } from "./dom.js";

const NAMES = new Map();
const KINDS = new Map(); // "bot" or "organizer" by id (views' `kind`/`kinds`), marked beside the name
const ASKED = new Set(); // ids asked of GET /accounts/{id} already (known or not)
const ASK_AT_ONCE = 12;

/** Remember names: `learn({id: name, ...})`, and kinds: `learn(names, {id: "bot", ...})`. */
export function learn(names, kinds) {
  for (const [id, name] of Object.entries(names || {})) if (id && name) NAMES.set(id, name);
  for (const [id, kind] of Object.entries(kinds || {})) if (id && kind) KINDS.set(id, kind);
}

/** What account `id` is, if it is not a plain player: "bot" (a built-in bot's id starts `bot_`) or "organizer". */
export function kindOf(id) {
  return KINDS.get(id) || (id?.startsWith("bot_") ? "bot" : "player");
}

/** `name` with its account's kind after it when that is not a plain player's ("bob (bot)"), for
 * text that is not a link: a page's title, a sentence. */
export function marked(name, kind) {
  return kind === "bot" || kind === "organizer" ? `${name} (${kind})` : name;
}

/** The name of account `id` as known now, or the id itself. */
export function nameOf(id) {
  return NAMES.get(id) || id;
}

/** Ask GET /accounts/{id} for the ids whose names are not known yet (a dozen at a time); whether any was learnt. */
export async function ask(ids) {
  const unknown = [...new Set(ids)].filter((id) => id && !NAMES.has(id) && !ASKED.has(id)).slice(0, ASK_AT_ONCE);
  for (const id of unknown) ASKED.add(id);
  const profiles = await Promise.all(unknown.map((id) => api(`/accounts/${encodeURIComponent(id)}`, { auth: false }).catch(() => null)));
  for (const p of profiles) if (p?.name) learn({ [p.id]: p.name }, { [p.id]: p.kind });
  return profiles.some((p) => p?.name);
}

/** Write the names now known into every `[data-account]` element under `root`. */
export function writeNames(root) {
  for (const el of root.querySelectorAll("[data-account]")) {
    if (!el.dataset.fixed) el.textContent = nameOf(el.dataset.account);
    el.dataset.kind = kindOf(el.dataset.account);
  }
}

/** A link to the player's page, named by its name (`data-account` holds its id; `data-kind` marks a bot or an organizer, app.css). */
export function playerLink(id, label, kind) {
  if (!id) return h("em", {}, "nobody");
  if (kind) learn({}, { [id]: kind });
  const dataset = label ? { account: id, fixed: "yes", kind: kindOf(id) } : { account: id, kind: kindOf(id) };
  return h("a", { class: "player", href: `#/players/${encodeURIComponent(id)}`, dataset },
    label || nameOf(id));
}
