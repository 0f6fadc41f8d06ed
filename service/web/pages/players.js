// A player's page (its public profile, GET /accounts/{id}: name, ratings by game, matches under
// way; its latest games, GET /accounts/{id}/games) and a game's leaderboard (GET /games/{game}/leaderboard).

import { api, session, text } from "../api.js";
import { fill, h, when } from "../dom.js";
import { GAME_NAMES, seatLabel } from "../games.js";
import { ask, learn, playerLink, writeNames } from "../names.js";
import { reasonText } from "../words.js";

const RECENT = 20;
const PAGE = 50;
const round = (x) => Math.round(x);

function ratingsTable(p) {
  const games = Object.entries(p.ratings);
  if (!games.length) return h("p", { class: "muted" }, "No rated game yet.");
  return h("div", { class: "table-scroll" }, h("table", { class: "standings", id: "ratings" },
    h("thead", {}, h("tr", {}, ["Game", "Rating", "±", "Games", "Won", "Lost", "Drawn"].map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, games.map(([game, r]) => h("tr", { dataset: { game } },
      h("td", {}, h("a", { href: `#/games/${game}/leaderboard` }, GAME_NAMES[game] || game)),
      h("td", {}, round(r.rating), r.provisional ? h("span", { class: "muted", title: "Too few games to be sure of" }, " (provisional)") : ""),
      h("td", {}, round(r.deviation)), h("td", {}, r.games), h("td", {}, r.wins), h("td", {}, r.losses), h("td", {}, r.draws))))));
}

/** The account's latest games, NDJSON: one game a line; null when the API lists none for it (a built-in bot's: a 404). */
async function recentGames(id) {
  try {
    const lines = await text(`/accounts/${encodeURIComponent(id)}/games?limit=${RECENT}`, false);
    return lines.split("\n").filter(Boolean).map((line) => JSON.parse(line));
  } catch (problem) {
    if (problem.status === 404) return null;
    throw problem;
  }
}

function gameLine(id, g) {
  const opponents = Object.entries(g.seats).filter(([, p]) => p && p.account_id !== id);
  const mine = Object.entries(g.seats).find(([, p]) => p?.account_id === id)?.[0];
  for (const [, p] of opponents) learn({ [p.account_id]: p.name }, { [p.account_id]: p.kind });
  const outcome = !g.result ? g.status : !g.result.winner ? "draw" : g.result.winner === mine ? "won" : "lost";
  return h("li", { dataset: { match: g.match_id } },
    h("a", { href: `#/matches/${g.match_id}/replay` }, GAME_NAMES[g.game] || g.game),
    mine ? ` as ${seatLabel(g.game, mine)}` : "", " against ",
    opponents.length ? opponents.map(([, p], i) => [i ? ", " : "", playerLink(p.account_id, p.name, p.kind)]) : "nobody",
    h("strong", { class: `outcome ${outcome}` }, ` ${outcome}`), g.result ? ` (${reasonText(g.result.reason)})` : "",
    h("span", { class: "muted" }, ` ${when(g.finished_at)}`));
}

/** The account's rating after each of its latest rated games in `game`, asked when opened. */
function history(id, game) {
  const body = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const box = h("details", { class: "history", dataset: { game } }, h("summary", {}, `${GAME_NAMES[game] || game}: rating after each game`), body);
  box.addEventListener("toggle", async () => {
    if (!box.open || box.dataset.loaded) return;
    box.dataset.loaded = "yes";
    try {
      const page = await api(`/accounts/${encodeURIComponent(id)}/ratings/${game}?limit=${RECENT}`, { auth: false });
      fill(body, h("div", { class: "table-scroll" }, h("table", { class: "standings" },
        h("thead", {}, h("tr", {}, ["Game", "Outcome", "Rating", "±", "When"].map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", {}, page.entries.map((e) => h("tr", {},
          h("td", {}, h("a", { href: `#/matches/${e.match_id}/replay` }, e.games)), h("td", {}, e.outcome),
          h("td", {}, round(e.rating)), h("td", {}, round(e.deviation)), h("td", {}, when(e.finished_at))))))));
    } catch (problem) {
      fill(body, h("p", { class: "error" }, problem.message));
    }
  });
  return box;
}

export async function player(main, id) {
  id = decodeURIComponent(id);
  const [p, games] = await Promise.all([api(`/accounts/${encodeURIComponent(id)}`, { auth: false }), recentGames(id)]);
  learn({ [p.id]: p.name }, { [p.id]: p.kind });
  fill(main, h("h1", { id: "player-name", dataset: { kind: p.kind || "player" } }, p.name),
    h("p", {}, p.is_bot ? `A built-in bot, level ${p.level} (${p.level_name}). ` : "", "Account id ", h("code", {}, p.id)),
    p.id === session.account?.id ? "" : h("p", {}, h("a", { class: "button", id: "challenge",
      href: session.account ? (p.is_bot ? `#/new?bot=${encodeURIComponent(p.id)}` : `#/new?player=${encodeURIComponent(p.name)}`) : "#/signup" },
    session.account ? `Challenge ${p.name}` : `Sign up to challenge ${p.name}`)),
    h("section", { class: "card" }, h("h2", {}, "Ratings"), ratingsTable(p), Object.keys(p.ratings).map((g) => history(p.id, g))),
    p.current_matches.length ? h("section", { class: "card" }, h("h2", {}, "Playing now"),
      h("ul", { class: "list", id: "current" }, p.current_matches.map((m) => h("li", {}, h("a", { href: `#/matches/${m}` }, `Match ${m}`))))) : "",
    h("section", { class: "card" }, h("h2", {}, "Latest games"), games?.length
      ? h("ul", { class: "list", id: "games" }, games.map((g) => gameLine(p.id, g)))
      : h("p", { class: "muted" }, games ? "No game over yet." : "The server does not list this player's games.")));
}

export async function leaderboard(main, game) {
  const params = new URLSearchParams(location.hash.split("?")[1] || "");
  const offset = Math.max(0, Number(params.get("offset")) || 0);
  const provisional = params.get("provisional") === "true";
  const board = await api(`/games/${encodeURIComponent(game)}/leaderboard?offset=${offset}&limit=${PAGE}&provisional=${provisional}`, { auth: false });
  const here = (o, p) => `#/games/${game}/leaderboard?offset=${o}&provisional=${p}`;
  const toggle = h("input", { type: "checkbox", id: "provisional", checked: provisional,
    onchange: () => { location.hash = here(0, toggle.checked); } });
  fill(main, h("h1", {}, `${GAME_NAMES[board.game] || board.game}: leaderboard`),
    h("p", {}, "Ratings by openskill (1500 to start; ± is the uncertainty). ", h("label", {}, toggle,
      " Also players with too few games (provisional)")),
    h("nav", { class: "games", "aria-label": "Other games" }, Object.entries(GAME_NAMES).map(([g, name]) =>
      (g === board.game ? h("strong", {}, name) : h("a", { href: `#/games/${g}/leaderboard` }, name)))),
    board.rows.length ? h("div", { class: "table-scroll" }, h("table", { class: "standings", id: "leaderboard" },
      h("thead", {}, h("tr", {}, ["Rank", "Player", "Rating", "±", "Games", "Won", "Lost", "Drawn"].map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, board.rows.map((r) => h("tr", { dataset: { account: r.account_id } },
        h("td", {}, r.rank), h("td", {}, playerLink(r.account_id, r.name, r.kind || (r.is_bot ? "bot" : null))),
        h("td", {}, round(r.rating)), h("td", {}, round(r.deviation)), h("td", {}, r.games), h("td", {}, r.wins),
        h("td", {}, r.losses), h("td", {}, r.draws))))))
      : h("p", { class: "muted" }, provisional ? "Nobody has played a rated game yet." : "Nobody has enough rated games yet: tick the box to see everyone."),
    h("p", { class: "row" }, offset ? h("a", { class: "button secondary", href: here(Math.max(0, offset - PAGE), provisional) }, "Previous") : "",
      board.rows.length === PAGE ? h("a", { class: "button secondary", href: here(offset + PAGE, provisional) }, "Next") : ""));
  const unnamed = board.rows.filter((r) => !r.name).map((r) => r.account_id);
  if (unnamed.length && await ask(unnamed)) writeNames(main);
}
