// A new match: the game, its options (a preset, or the JSON the game's schema accepts), my seat,
// and the opponent: a built-in bot, a named player (an account id), or anyone who takes the seat.

import { api, session } from "../api.js";
import { fill, h } from "../dom.js";
import { GAME_NAMES, seatLabel } from "../games.js";

/** The presets a game offers: always its defaults; "no clock" where its schema has one. */
function presets(info) {
  const list = [["Default", {}]];
  const defs = info.options_schema?.$defs || {};
  if (Object.values(defs).some((d) => d.properties?.type?.enum?.[0] === "none")) list.push(["No clock", { time: { type: "none" } }]);
  return list;
}

function field(label, input) {
  return h("label", { class: "field" }, h("span", {}, label), input);
}

export async function show(main) {
  if (!session.account) {
    fill(main, h("h1", {}, "New match"), h("p", {}, h("a", { href: "#/signup" }, "Sign up"), " or ",
      h("a", { href: "#/signin" }, "sign in"), " to play."));
    return;
  }
  const [games, bots] = await Promise.all([api("/games", { auth: false }), api("/bots", { auth: false })]);
  const infos = {};
  const game = h("select", { name: "game" }, games.map((g) => h("option", { value: g.name }, GAME_NAMES[g.name] || g.name)));
  const preset = h("select", { name: "preset" });
  const options = h("textarea", { name: "options", rows: 4, spellcheck: "false" });
  const seat = h("select", { name: "seat" });
  const kind = h("select", { name: "opponent" },
    h("option", { value: "bot" }, "A built-in bot"), h("option", { value: "player" }, "A player I name"),
    h("option", { value: "open" }, "Anyone who takes the seat"));
  const bot = h("select", { name: "bot" });
  const player = h("input", { name: "player", placeholder: "account id, e.g. a_1234abcd", autocomplete: "off" });
  const error = h("p", { class: "error", role: "alert" });
  const rules = h("a", { id: "rules-link" });
  const asked = new URLSearchParams(location.hash.split("?")[1] || "").get("game");
  if (asked && games.some((g) => g.name === asked)) game.value = asked;

  async function gameChanged() {
    const info = infos[game.value] ||= await api(`/games/${game.value}`, { auth: false });
    rules.href = `#/games/${game.value}/rules`;
    rules.textContent = `The rules of ${GAME_NAMES[game.value] || game.value}`;
    fill(preset, presets(info).map(([name, value]) => h("option", { value: JSON.stringify(value) }, name)));
    options.value = preset.value;
    fill(seat, info.seats.map((s) => h("option", { value: s }, seatLabel(game.value, s))));
    fill(bot, bots.filter((b) => b.games.includes(game.value))
      .map((b) => h("option", { value: b.id }, `${b.name} (level ${b.level}, ${b.level_name})`)));
  }
  function kindChanged() {
    bot.closest("label").hidden = kind.value !== "bot";
    player.closest("label").hidden = kind.value !== "player";
  }
  game.addEventListener("change", gameChanged);
  preset.addEventListener("change", () => { options.value = preset.value; });
  kind.addEventListener("change", kindChanged);

  const form = h("form", { class: "card", onsubmit: async (event) => {
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
    seats[other] = kind.value === "bot" ? bot.value : kind.value === "player" ? player.value.trim() : null;
    try {
      const match = await api("/matches", { method: "POST", body: { game: game.value, options: chosen, seats } });
      await api(`/matches/${match.id}/ready`, { method: "POST" });
      location.hash = `#/matches/${match.id}`;
    } catch (problem) {
      error.textContent = problem.message;
    }
  } },
  field("Game", game), h("p", { class: "field-help" }, rules), field("Options", preset), field("Options as JSON (see the game's page)", options),
  field("Your seat", seat), field("Opponent", kind), field("Bot", bot), field("Their account id", player),
  h("button", { type: "submit" }, "Create the match"), error);
  fill(main, h("h1", {}, "New match"), form);
  await gameChanged();
  kindChanged();
}
