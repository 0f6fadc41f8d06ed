// The server's analysis of a finished match, shown in its replay: the loser's turning point (its
// first losing move, else its biggest mistake: GET /matches/{id}/analysis of the last version) and
// the solver's verdicts on the position before it (POST /matches/{id}/analysis?version=, the best
// move there). Asked for with the viewer's token; each analysis is a job the page waits on
// (polled about a second apart, at most 2 minutes). The verdicts are the game's analysis fields
// in words; a field not known here is left out.

import { api, session } from "./api.js";
import { fill, h } from "./dom.js";
import { seatLabel } from "./games.js";

const POLLS = 120;
const list = (moves) => moves.join(", ");

/**
 * The analysis of `version` (null: the last): asked for (the server answers at once when it has
 * one: a position is never analysed twice), then waited on.
 */
async function analysed(id, version) {
  const query = version ? `?version=${version}` : "";
  let body = await api(`/matches/${id}/analysis${query}`, { method: "POST" });
  if (body.status !== "queued") body = await api(`/matches/${id}/analysis?version=${body.version}`);
  for (let i = 0; body.status === "queued" && i < POLLS; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    body = await api(`/matches/${id}/analysis?version=${body.version}`);
  }
  return body;
}

/** "even", "winning", "lost"... for an evaluation from -1 (lost) to 1 (won). */
function standing(value) {
  if (value <= -1) return "lost";
  if (value >= 1) return "won";
  if (value < -0.3) return "worse";
  if (value > 0.3) return "better";
  return "about even";
}

/** The solver's verdicts on a position, each a sentence (the game's analysis fields in words). */
export function verdicts(game, r) {
  const said = [];
  const seat = (s) => seatLabel(game, s);
  if (r.to_move && Array.isArray(r.legal_moves)) said.push(`${seat(r.to_move)} to move, with ${r.legal_moves.length} legal moves.`);
  if (r.winning_moves) said.push(r.winning_moves.length ? `Moves that win at once: ${list(r.winning_moves)}.` : "No move wins at once.");
  if (r.losing_moves) said.push(r.losing_moves.length ? `Moves that lose at once (they hand the opponent the win): ${list(r.losing_moves)}.`
    : "No move loses at once.");
  if (r.ending_moves) said.push(r.ending_moves.length ? `Moves that end the game: ${r.ending_moves.map((m) =>
    `${m.cell} (${seat(m.winner)} wins ${Object.entries(m.scores).map(([s, n]) => `${seat(s)} ${n}`).join(" to ")})`).join(", ")}.`
    : "No move ends the game yet.");
  if (r.needed?.length) said.push(`The corridor's cells no one may fill: ${list(r.needed)}.`);
  if (r.incomplete) said.push(`The track is not complete: ${r.incomplete}`);
  if (r.wins !== undefined && r.wins !== null) said.push(`With best play ${seat(r.to_move)} ${r.wins ? "wins" : "loses"}`
    + (r.winning_move ? `: the winning move is ${r.winning_move}.` : "."));
  if (r.unknown) said.push("The solver ran out of time before it could tell who wins.");
  if (r.tracks) {
    for (const [colour, track] of Object.entries(r.tracks)) {
      said.push(track ? `The longest ${colour} track possible: ${track.length} squares (${list(track)}).` : `No ${colour} track is possible any more.`);
    }
  }
  for (const b of r.boards || []) {
    const best = Object.entries(b.best || {}).map(([side, m]) => m.placement ? `${seat(side)}'s best placement ${m.placement}` : `${seat(side)} has no placement that keeps every ship afloat`);
    said.push(`Board ${b.board}${b.open ? "" : " (closed)"}: totals ${Object.entries(b.totals).map(([s, n]) => `${seat(s)} ${n}`).join(", ")}`
      + (best.length ? `; ${best.join("; ")}` : "") + ".");
  }
  return said;
}

/** The turning point in words. */
function pointWords(game, point, name) {
  const who = `${seatLabel(game, point.seat)}${name ? ` (${name})` : ""}`;
  return point.kind === "first_losing_move"
    ? `${who}'s move ${point.move} was the turning point: before it the position was ${standing(point.before)} for ${seatLabel(game, point.seat)}, after it the game was lost whatever ${seatLabel(game, point.seat)} played.`
    : `${who}'s move ${point.move} was the biggest mistake: the position went from ${standing(point.before)} to ${standing(point.after)} for ${seatLabel(game, point.seat)} (by the game's evaluation: ${point.before.toFixed(2)} to ${point.after.toFixed(2)}, from -1 lost to 1 won).`;
}

/**
 * The analysis section of a finished match's replay. `steps` are the replay's steps (each with its
 * `version`), `go(index)` shows one.
 */
export function analysisSection(view, id, steps, go) {
  const body = h("div", { id: "analysis-body" }, h("p", { class: "muted" }, "Asking the server to analyse the game…"));
  const section = h("section", { class: "card analysis", id: "analysis", "aria-live": "polite" }, h("h2", {}, "Analysis"), body);
  if (view.status !== "finished") return null;
  if (!session.account) {
    fill(body, h("p", { class: "muted" }, "Sign in to have the server analyse this game: where it was lost, and the best move there."));
    return section;
  }
  (async () => {
    const final = await analysed(id, null);
    if (final.status !== "done" && final.status !== "undetermined") {
      fill(body, h("p", {}, `The analysis ${final.status === "queued" ? "is still waiting for a worker: come back later" : "failed"}.`));
      return;
    }
    const point = final.turning_point;
    if (!point) {
      fill(body, h("p", {}, view.result?.winner ? "No move of the loser's could be singled out as the one that lost the game."
        : "No one won: there is no turning point."));
      return;
    }
    const at = steps.findIndex((s) => s.version === point.version);
    const before = at > 0 ? steps[at - 1].version : null;
    const verdictList = h("ul", { id: "verdicts" }, h("li", { class: "muted" }, "The solver is looking at the position before it…"));
    fill(body, h("p", { id: "turning-point" }, pointWords(view.game, point, view.seats[point.seat]?.name)),
      at >= 0 ? h("p", {}, h("button", { type: "button", class: "secondary", onclick: () => go(at - 1) }, "Show the position before it"), " ",
        h("button", { type: "button", class: "secondary", onclick: () => go(at) }, "Show the move")) : "",
      h("h3", {}, "The best move there: the solver's verdicts"), verdictList);
    if (!before) { fill(verdictList, h("li", {}, "The move was the first of the game.")); return; }
    const there = await analysed(id, before);
    const said = there.status === "done" ? verdicts(view.game, there.result || {}) : [`The solver could not finish (${there.status}).`];
    fill(verdictList, (said.length ? said : ["The solver has nothing to say about this position."]).map((s) => h("li", {}, s)));
  })().catch((problem) => fill(body, h("p", { class: "muted" }, `No analysis: ${problem.message}`)));
  return section;
}
