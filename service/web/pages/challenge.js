// A new match (#/new, or #/new?game=trax&player=rival, #/new?bot=<id>): the game (its rules one click away), its
// clock chosen among presets spelled out, its other options as form controls built from its JSON
// Schema (options.js), the raw JSON folded away for experts, my seat, and the opponent: a built-in
// bot (with whether it is ready), a player found by name (GET /accounts?name=), or anyone who
// takes the open seat.

import { api, session } from "../api.js";
import { botLabel, botsNote } from "../bots.js";
import { fill, h } from "../dom.js";
import { GAME_NAMES, seatLabel } from "../games.js";
import { clockPresets, optionControls, optionHelp } from "../options.js";

function field(label, input, note) {
  return h("label", { class: "field" }, h("span", {}, label), input, note || null);
}

/** The accounts whose names start with `start` (none for what no name could start with). */
async function findNames(start) {
  if (!/^[A-Za-z0-9_.-]{1,40}$/.test(start)) return [];
  return api(`/accounts?name=${encodeURIComponent(start)}&limit=10`, { auth: false });
}

/** The account id of the player named `typed` (any case), or of the id typed; null if none. */
async function accountNamed(typed) {
  const found = await findNames(typed);
  const exact = found.find((a) => a.name.toLowerCase() === typed.toLowerCase());
  if (exact) return exact.id;
  if (/^a_[0-9a-f]+$/.test(typed)) return typed; // an account id, as a program would give it
  return null;
}

export async function show(main) {
  if (!session.account) {
    fill(main, h("h1", {}, "New match"), h("p", {}, h("a", { href: "#/signup" }, "Sign up"), " or ",
      h("a", { href: "#/signin" }, "sign in"), " to play."));
    return;
  }
  const asked = new URLSearchParams(location.hash.split("?")[1] || "");
  const [games, bots] = await Promise.all([api("/games", { auth: false }), api("/bots", { auth: false })]);
  const infos = {};
  const helps = {};
  const game = h("select", { name: "game" }, games.map((g) => h("option", { value: g.name }, GAME_NAMES[g.name] || g.name)));
  if (games.some((g) => g.name === asked.get("game"))) game.value = asked.get("game");
  const rules = h("a", { id: "rules-link" });
  const clock = h("fieldset", { class: "clock-presets" });
  const settings = h("fieldset", { class: "game-options" });
  const options = h("textarea", { name: "options", rows: 4, spellcheck: "false", "aria-describedby": "options-note" });
  const seat = h("select", { name: "seat" });
  const kind = h("select", { name: "opponent" },
    h("option", { value: "bot" }, "A built-in bot"), h("option", { value: "player" }, "A player I name"),
    h("option", { value: "open" }, "Anyone who takes the seat"));
  const bot = h("select", { name: "bot" });
  const botNote = h("p", { class: "bot-note", id: "bot-note", "aria-live": "polite" });
  const names = h("datalist", { id: "player-names" });
  const player = h("input", { name: "player", type: "search", list: "player-names", placeholder: "their name, e.g. rival",
    autocomplete: "off", "aria-describedby": "player-note" });
  const playerNote = h("span", { class: "muted field-note", id: "player-note" }, "Type the start of a name and pick it from the list.");
  const error = h("p", { class: "error", role: "alert" });
  let controls = null;

  /** The options the controls say (the clock preset chosen, then the other controls): into the JSON field. */
  function write() {
    const preset = clock.querySelector("input:checked");
    const chosen = { ...(controls ? controls.read() : {}), ...(preset ? JSON.parse(preset.value) : {}) };
    options.value = JSON.stringify(chosen);
  }

  async function gameChanged() {
    const name = game.value;
    const info = infos[name] ||= await api(`/games/${name}`, { auth: false });
    helps[name] ||= optionHelp(await api(info.rules, { auth: false }).catch(() => ""));
    rules.href = `#/games/${name}/rules`;
    rules.textContent = `The rules of ${GAME_NAMES[name] || name}`;
    const presets = clockPresets(info);
    fill(clock, h("legend", {}, "Clock"), h("p", { class: "muted field-note" }, info.time_control.description),
      presets.map((p) => h("label", { class: "preset", dataset: { preset: p.key } },
        h("input", { type: "radio", name: "clock", value: JSON.stringify(p.options), checked: p.key === "standard", onchange: write }),
        h("span", {}, h("strong", {}, p.label), ": ", p.words))));
    controls = optionControls(info, helps[name]);
    settings.hidden = !controls.nodes.length;
    fill(settings, h("legend", {}, `${GAME_NAMES[name] || name} options`), controls.nodes);
    for (const c of controls.controls) c.input.addEventListener("change", write);
    write();
    fill(seat, info.seats.map((s) => h("option", { value: s }, seatLabel(name, s))));
    fill(bot, bots.filter((b) => b.games.includes(name)).map((b) => h("option", { value: b.id }, botLabel(b))));
    botChanged();
  }
  function botChanged() {
    fill(botNote, botsNote(bots.find((b) => b.id === bot.value)));
  }
  function kindChanged() {
    bot.closest("label").hidden = kind.value !== "bot";
    botNote.hidden = kind.value !== "bot";
    player.closest("label").hidden = kind.value !== "player";
  }
  let typing = null;
  player.addEventListener("input", () => {
    clearTimeout(typing);
    typing = setTimeout(async () => {
      const start = player.value.trim();
      const found = start ? await findNames(start).catch(() => []) : [];
      if (player.value.trim() !== start) return;
      fill(names, found.filter((a) => a.id !== session.account.id)
        .map((a) => h("option", { value: a.name }, a.is_bot ? "built-in bot" : a.kind === "organizer" ? "organizer" : "player")));
    }, 150);
  });
  game.addEventListener("change", gameChanged);
  kind.addEventListener("change", kindChanged);
  bot.addEventListener("change", botChanged);

  const form = h("form", { class: "card new-match", onsubmit: async (event) => {
    event.preventDefault();
    error.textContent = "";
    let chosen;
    try {
      chosen = JSON.parse(options.value || "{}");
    } catch {
      error.textContent = "The options are not JSON.";
      return;
    }
    const seats = {};
    for (const s of infos[game.value].seats) seats[s] = null;
    seats[seat.value] = session.account.id;
    const other = Object.keys(seats).find((s) => s !== seat.value);
    if (kind.value === "player") {
      const typed = player.value.trim();
      const id = typed && await accountNamed(typed).catch(() => null);
      if (!id) {
        error.textContent = typed ? `No player is named “${typed}”: type the start of their name and pick it from the list.`
          : "Type the name of the player you challenge.";
        return;
      }
      seats[other] = id;
    } else seats[other] = kind.value === "bot" ? bot.value : null;
    try {
      const match = await api("/matches", { method: "POST", body: { game: game.value, options: chosen, seats } });
      await api(`/matches/${match.id}/ready`, { method: "POST" });
      location.hash = `#/matches/${match.id}`;
    } catch (problem) {
      error.textContent = problem.message;
    }
  } },
  field("Game", game), h("p", { class: "field-help" }, rules), clock, settings,
  h("details", { class: "expert" }, h("summary", {}, "Options as JSON (for experts)"),
    field("Options as JSON", options, h("span", { class: "muted field-note", id: "options-note" },
      "Written for you from the choices above; edit it to set what they do not show (the rules page lists every option)."))),
  field("Your seat", seat), field("Opponent", kind), field("Bot", bot), botNote,
  field("Their name", player, playerNote), names,
  h("button", { type: "submit" }, "Create the match"), error);
  fill(main, h("h1", {}, "New match"), form);
  if (asked.get("player")) {
    kind.value = "player";
    player.value = asked.get("player");
  }
  const askedBot = bots.find((b) => b.id === asked.get("bot"));
  if (askedBot && !asked.get("game")) game.value = askedBot.games[0];
  await gameChanged();
  if (askedBot && askedBot.games.includes(game.value)) { bot.value = askedBot.id; botChanged(); }
  kindChanged();
}
