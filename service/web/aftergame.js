// After a game: the result in a sentence a newcomer understands, Rematch (a new challenge of the
// same game and options with the seats swapped: POST /matches, then ready), and the other side's
// one-click acceptance of a rematch offered (a challenge received from the opponent in the same
// game since this match, GET /accounts/me/challenges; accepted and readied at once).

import { api, session } from "./api.js";
import { h } from "./dom.js";
import { GAME_NAMES, seatLabel } from "./games.js";
import { reasonSentence } from "./words.js";

/**
 * The result as a sentence: "You won: a loop of your colour was closed.", "You lost: rival (Red)
 * won: ...", "White (alice) won: ..." for a spectator; the game's own detail after it.
 */
export function resultSentence(view) {
  const r = view.result;
  if (!r) return "";
  const name = (seat) => view.seats[seat]?.name || seatLabel(view.game, seat);
  let who;
  if (!r.winner) who = r.reason === "draw" ? "A draw" : "No one won";
  else if (r.winner === view.you) who = "You won";
  else if (view.you) who = `You lost: ${name(r.winner)} (${seatLabel(view.game, r.winner)}) won`;
  else who = `${seatLabel(view.game, r.winner)} (${name(r.winner)}) won`;
  const why = reasonSentence(r.reason).replace("the winner's", r.winner === view.you ? "your" : "the winner's");
  const detail = r.detail && r.detail !== why ? ` ${r.detail}` : "";
  return `${who}. Why: ${why.charAt(0).toLowerCase()}${why.slice(1)}${detail}`;
}

/** The seats of a rematch: each player in the other's seat (an open seat stays open). */
function swapped(view) {
  const seats = Object.keys(view.seats);
  const holders = seats.map((s) => view.seats[s].account_id || null);
  return Object.fromEntries(seats.map((s, i) => [s, holders[(i + 1) % seats.length]]));
}

/** A finished match's Rematch button for a seat holder (null for others, or a match never played). */
export function rematchButton(view, onError) {
  if (!view.you || view.status !== "finished" || Object.values(view.seats).some((s) => !s.account_id)) return null;
  return h("button", { type: "button", dataset: { action: "rematch" }, onclick: async () => {
    try {
      const match = await api("/matches", { method: "POST", body: { game: view.game, options: view.options || {}, seats: swapped(view) } });
      await api(`/matches/${match.id}/ready`, { method: "POST" });
      location.hash = `#/matches/${match.id}`;
    } catch (problem) {
      onError(problem.message);
    }
  } }, "Rematch (seats swapped)");
}

/** The rematches the opponent offers me since this match: [{challenge, node}], each with its Accept. */
export async function rematchOffers(view, onError) {
  if (!view.you || !["finished", "aborted"].includes(view.status)) return [];
  const opponents = Object.values(view.seats).map((s) => s.account_id).filter((a) => a && a !== session.account?.id);
  const { received } = await api("/accounts/me/challenges");
  return received.filter((c) => opponents.includes(c.challenger) && c.game === view.game
    && c.created_at >= (view.finished_at || view.created_at || 0)).map((c) => h("p", { class: "rematch-offer card", dataset: { match: c.match_id } },
    `${c.challenger_name || "Your opponent"} offers a rematch of ${GAME_NAMES[c.game] || c.game}, you playing ${seatLabel(c.game, c.seat)}. `,
    h("button", { type: "button", dataset: { action: "accept-rematch" }, onclick: async () => {
      try {
        await api(`/matches/${c.match_id}/accept`, { method: "POST" });
        await api(`/matches/${c.match_id}/ready`, { method: "POST" });
        location.hash = `#/matches/${c.match_id}`;
      } catch (problem) {
        onError(problem.message);
      }
    } }, "Accept the rematch")));
}
