// The parts of a tournament's page, drawn from the tournament as GET /tournaments/{id} shows it:
// its standings in the format's own columns, its rounds (a bracket for a single elimination) with
// pairings, results and byes, and its changes (withdrawals, replacements, corrections). Players
// are named by the tournament's `names`, each a link to the player's page.

import { h, when } from "./dom.js";
import { learn, playerLink } from "./names.js";

/** A list item whose words run on as text (not spaced apart as the items of a `.list` line are). */
const line = (attrs, ...children) => h("li", attrs, h("span", {}, children));

/** The standings' columns per format (docs/tournaments.md, "Columns per format"): [title, value(standing)]. */
const COLUMNS = {
  round_robin: [],
  swiss: [["Buchholz", (s) => s.buchholz], ["S-B", (s) => s.sonneborn_berger]],
  single_elimination: [["Round reached", (s) => s.round_reached]],
};

export function standings(t) {
  learn(t.names, t.kinds);
  const extra = COLUMNS[t.format] || [];
  const heads = ["Rank", "Player", "Points", ...extra.map(([title]) => title)];
  return h("table", { class: "standings", id: "standings" },
    h("thead", {}, h("tr", {}, heads.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, t.standings.map((s) => h("tr", { dataset: { player: s.player }, class: s.withdrawn ? "withdrawn" : null },
      h("td", {}, s.rank), h("td", {}, playerLink(s.player, s.name), s.withdrawn ? h("span", { class: "tag" }, " withdrawn") : ""),
      h("td", {}, s.points), extra.map(([, value]) => h("td", {}, value(s)))))));
}

/** The players signed up so far (a tournament open for sign-up). */
export function signedUp(t) {
  learn(t.names, t.kinds);
  return t.players.length
    ? h("ol", { id: "signed-up" }, t.players.map((p) => h("li", { dataset: { player: p } }, playerLink(p, t.names[p]))))
    : h("p", { class: "muted", id: "signed-up" }, "Nobody has signed up yet.");
}

function outcome(t, g) {
  if (!g.finished) return "";
  const how = g.forfeit ? " by forfeit" : "";
  return g.winner ? [" — ", playerLink(g.winner, t.names[g.winner]), ` won${how}`] : ` — a draw${how}`;
}

function gameLine(t, g) {
  const [first, second] = g.players;
  const played = g.finished && !g.forfeit;
  return line({ class: `game${g.finished ? " done" : ""}`, dataset: { match: g.match_id, table: g.table } },
    `Table ${g.table}: `, playerLink(first, t.names[first]), " vs ", playerLink(second, t.names[second]), " ",
    g.forfeit && !played ? "" : h("a", { href: played ? `#/matches/${g.match_id}/replay` : `#/matches/${g.match_id}` },
      played ? "replay" : "watch"),
    outcome(t, g));
}

function byeLines(t, r) {
  return r.byes.map((b) => line({ class: "bye" }, playerLink(b, t.names[b]), ": a bye"));
}

/** Every round with its pairings and results, newest first; a single elimination as a bracket. */
export function rounds(t) {
  if (!t.rounds.length) return [];
  learn(t.names, t.kinds);
  if (t.format === "single_elimination") {
    return h("section", { class: "card" }, h("h2", {}, "Bracket"),
      h("div", { class: "bracket", id: "rounds" }, t.rounds.map((r) => h("section", { class: "bracket-round", dataset: { round: r.number } },
        h("h3", {}, roundTitle(t, r)), h("ul", { class: "list" }, r.games.map((g) => gameLine(t, g)), byeLines(t, r))))));
  }
  return h("div", { id: "rounds" }, [...t.rounds].reverse().map((r) => h("section", { class: "card", dataset: { round: r.number } },
    h("h2", {}, roundTitle(t, r)), h("ul", { class: "list" }, r.games.map((g) => gameLine(t, g)), byeLines(t, r)))));
}

function roundTitle(t, r) {
  const left = t.total_rounds - r.number;
  const name = t.format === "single_elimination" ? (left === 0 ? "Final" : left === 1 ? "Semi-finals" : `Round ${r.number}`) : `Round ${r.number}`;
  const open = t.status === "paused" ? "open; the tournament is paused" : "being played";
  return `${name} (${r.status === "open" ? open : "over"})`;
}

/** Withdrawals, replacements and corrections, if any. */
export function changes(t) {
  learn(t.names, t.kinds);
  const items = [
    ...t.withdrawals.map((w) => line({}, playerLink(w.player, t.names[w.player]), ` withdrew in round ${w.round}`)),
    ...t.replacements.map((r) => line({}, playerLink(r.replaced_by, t.names[r.replaced_by]), " replaced ",
      playerLink(r.player, t.names[r.player]), ` in round ${r.round}`)),
    ...t.corrections.map((c) => line({}, `Round ${c.round}, table ${c.table}: corrected from `,
      c.previous ? playerLink(c.previous, t.names[c.previous]) : "a draw", " to ",
      c.winner ? playerLink(c.winner, t.names[c.winner]) : "a draw", ` (${when(c.at)})`)),
  ];
  return items.length ? h("section", { class: "card", id: "changes" }, h("h2", {}, "Changes"), h("ul", { class: "list" }, items)) : null;
}

/** One event of the tournament's stream as a sentence (the page's live log). */
export function eventText(t, e) {
  const n = (id) => (id ? t.names?.[id] || id : "");
  switch (e.type) {
    case "player_joined": return `${n(e.player)} signed up`;
    case "player_left": return `${n(e.player)} left the sign-up`;
    case "tournament_started": return `The tournament started with ${e.players?.length || 0} players`;
    case "pairings": return `Round ${e.round} paired: ${e.games?.length || 0} game${e.games?.length === 1 ? "" : "s"}${e.byes?.length ? `, ${e.byes.map(n).join(", ")} a bye` : ""}`;
    case "round_started": return `Round ${e.round} started`;
    case "result": return `Round ${e.round}, table ${e.table}: ${e.winner ? `${n(e.winner)} won` : "a draw"}`;
    case "paused": return "The organizer paused the tournament";
    case "resumed": return "The organizer resumed the tournament";
    case "player_withdrawn": return `${n(e.player)} withdrew`;
    case "player_replaced": return `${n(e.replaced_by)} replaced ${n(e.player)}`;
    case "result_corrected": return `Round ${e.round}, table ${e.table} corrected: ${e.winner ? `${n(e.winner)} won` : "a draw"}`;
    case "tournament_ended": return `The tournament is over${e.winner ? `: ${n(e.winner)} won it` : ""}`;
    default: return e.type;
  }
}
