// Tournaments: the list, and one tournament's standings and rounds (each game a link to its
// match), asked again every few seconds while it runs.

import { api } from "../api.js";
import { fill, h, when } from "../dom.js";
import { GAME_NAMES } from "../games.js";

export async function list(main) {
  const all = await api("/tournaments?limit=50", { auth: false });
  fill(main, h("h1", {}, "Tournaments"), all.length
    ? h("ul", { class: "list card" }, all.map((t) => h("li", { dataset: { tournament: t.id } },
      h("a", { href: `#/tournaments/${t.id}` }, t.name), ` ${GAME_NAMES[t.game] || t.game}, ${t.format.replaceAll("_", " ")},`,
      ` ${t.players} players, round ${t.rounds} of ${t.total_rounds} `, h("span", { class: `status ${t.status}` }, t.status))))
    : h("p", { class: "muted" }, "No tournament yet (organizers create them with the API)."));
}

function standings(t) {
  return h("table", { class: "standings", id: "standings" },
    h("thead", {}, h("tr", {}, ["Rank", "Player", "Points", "Buchholz", "S-B"].map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, t.standings.map((s) => h("tr", {}, h("td", {}, s.rank), h("td", {}, s.player), h("td", {}, s.points),
      h("td", {}, s.buchholz), h("td", {}, s.sonneborn_berger)))));
}

function rounds(t) {
  return t.rounds.map((r) => h("section", { class: "card" }, h("h2", {}, `Round ${r.number} (${r.status})`),
    h("ul", { class: "list" }, r.games.map((g) => h("li", {}, `Table ${g.table}: ${g.players.join(" vs ")} `,
      h("a", { href: g.finished ? `#/matches/${g.match_id}/replay` : `#/matches/${g.match_id}` }, g.finished ? "replay" : "watch"),
      g.finished ? ` — ${g.winner ? g.winner + " won" : "draw"}` : "")),
    r.byes.map((b) => h("li", {}, `${b}: a bye`)))));
}

export async function show(main, id) {
  let timer = null;
  async function refresh() {
    const t = await api(`/tournaments/${id}`);
    fill(main, h("h1", {}, t.name),
      h("p", {}, `${GAME_NAMES[t.game] || t.game}, ${t.format.replaceAll("_", " ")}, round ${t.rounds.length} of ${t.total_rounds}, `,
        h("span", { class: `status ${t.status}`, id: "tournament-status" }, t.status),
        t.winner ? h("strong", {}, ` — won by ${t.winner}`) : "", t.finished_at ? ` (${when(t.finished_at)})` : ""),
      h("section", { class: "card" }, h("h2", {}, "Standings"), standings(t)), rounds(t));
    if (t.status === "running") timer = setTimeout(() => refresh().catch(() => {}), 3000);
  }
  await refresh();
  return () => clearTimeout(timer);
}
