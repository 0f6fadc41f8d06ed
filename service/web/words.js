// Words for what the API says in codes: every page shows these, never a raw code
// (`impossible_upheld`). One place, so that every page says the same thing the same way.
// The codes are the API's (`Result.reason`: its `enum` in the OpenAPI document).

/** A result's reason, short (a list's line: "White won (a loop)"). */
export const REASONS = {
  loop: "a loop",
  line: "a line across the board",
  draw: "a draw: no legal move",
  timeout: "out of time",
  resign: "resigned",
  aborted: "aborted",
  declined: "challenge declined",
  cancelled: "withdrawn before the start",
  expired: "expired before the start",
  no_first_move: "aborted: a player never moved",
  last_tile: "the track completed",
  impossible_upheld: "Impossible called rightly",
  impossible_refuted: "Impossible called wrongly",
  challenge_met: "challenge met",
  challenge_failed: "challenge failed",
  longer_track: "the longer track",
  tiebreak: "a tie, broken by the tiebreak",
  score: "the higher score",
  boards: "more boards won",
  dmo_tiebreak: "a tie, won by the DMO",
};

/** A result's reason as a sentence a newcomer understands (the result line of a game's page). */
export const REASON_SENTENCES = {
  loop: "a loop of the winner's colour was closed.",
  line: "a line of the winner's colour joins two opposite edges.",
  draw: "the player to move had no legal move: a draw.",
  timeout: "the loser ran out of time.",
  resign: "the loser resigned.",
  aborted: "the match was aborted (by its organizer, or a seat was still open at the start).",
  declined: "the challenged player declined the challenge.",
  cancelled: "its creator withdrew the match before it started.",
  expired: "the match did not start before it expired.",
  no_first_move: "aborted: a clock ran out before both players had made a first move, so nobody wins and no rating changes.",
  last_tile: "the winner completed the track, or removed the last tile.",
  impossible_upheld: "Impossible was called, and the track could not be completed from the supply.",
  impossible_refuted: "Impossible was called, but the track could still be completed.",
  challenge_met: "the challenged player showed a track of the challenged colour.",
  challenge_failed: "no track of the challenged colour was shown.",
  longer_track: "the winner's track is longer at the end.",
  tiebreak: "a tie, broken by the game's tiebreak rule.",
  score: "the winner scored more.",
  boards: "the winner won more boards.",
  dmo_tiebreak: "a tie, so the DMO (the priority player) wins.",
};

/** The short words for `code` (an unknown code: its words, without underscores). */
export function reasonText(code) {
  return REASONS[code] || String(code || "").replaceAll("_", " ");
}

/** The sentence for `code`, starting with a capital. */
export function reasonSentence(code) {
  const said = REASON_SENTENCES[code] || `${reasonText(code)}.`;
  return said.charAt(0).toUpperCase() + said.slice(1);
}

/** "White", "First"... as people read a seat. */
export function seatWord(seat) {
  return seat ? seat[0].toUpperCase() + seat.slice(1) : "";
}

/**
 * A finished match's result in one line: "White (alice) wins: a loop of the winner's colour was
 * closed." `names` maps seats to players' names. The reason in short words, then the game's own
 * detail (a sentence, when it has one), else the reason's sentence.
 */
export function resultLine(result, names = {}) {
  if (!result) return "";
  const who = result.winner ? `${seatWord(result.winner)}${names[result.winner] ? ` (${names[result.winner]})` : ""} wins`
    : "No winner";
  return `${who}: ${reasonText(result.reason)} — ${result.detail || REASON_SENTENCES[result.reason] || ""}`;
}

const routesText = (routes) => Object.entries(routes || {}).map(([board, ships]) => `board ${board}: `
  + Object.entries(ships || {}).map(([ship, cells]) => `${ship} ${cells ? `${cells.length - 1} steps` : "none"}`).join(", ")).join("; ");
const placementText = (p) => (p ? `${p.piece} on ${p.cells.join(", ")}` : "pass");

/**
 * A match's event as a person reads it: `{seat, text}` (the seat that acted, or null: the
 * referee, the clock), in the game's notation where it has one ("placed Gl", "challenged blue",
 * "called Impossible"). Events of the match itself (started, resigned...) too. Unknown events:
 * their type in words.
 */
export function eventWords(e) {
  const seat = e.seat ?? null;
  const said = (text, who = seat) => ({ seat: who, text });
  switch (e.type) {
    case "match_started": return said("the match started", null);
    case "match_ended": return said(e.result ? `the match ended: ${reasonText(e.result.reason)}` : "the match ended", null);
    case "resigned": return said("resigned");
    case "match_aborted": return said("the match was aborted", null);
    case "played": return said(`played ${e.move}`);
    case "mulligan_used": return said(`used its Mulligan, taking back ${(e.undone || []).join(" ")}`);
    case "mulligan_declined": return said("let the win stand (declined its Mulligan)");
    case "timed_out": case "cairo_timed_out": case "monunrail_timed_out": return said("ran out of time");
    case "cairo_placed": return said(`placed ${e.cell}`);
    case "duorail_placed": return said(`placed ${e.cell} ${e.shape}${e.colour === "common" ? " common" : ""}`);
    case "duorail_challenged": return said(`challenged ${e.colour}: ${e.challenged} must show a ${e.colour} track`);
    case "duorail_passed": return said(e.timeout ? "passed (out of time)" : "passed");
    case "duorail_challenge_decided": return said(`the challenge of ${e.colour} is decided (${e.by})`, null);
    case "duorail_track_sealed": return said("sealed a track");
    case "duorail_tracks_revealed": return said(`the tracks are revealed: ${Object.entries(e.lengths || {}).map(([s, n]) => `${s} ${n}`).join(", ")}`, null);
    case "duorail_record": return said("the solver's tracks, for the record", null);
    case "monunrail_built": return said(`built ${e.tiles.join(", ")}${e.completed ? " (the track is complete)" : ""}`);
    case "monunrail_unrailed": return said(`removed ${e.cells.join(" ")}`);
    case "monunrail_impossible_called": return said("called Impossible");
    case "monunrail_impossible_judged": return said(`Impossible is judged: the track ${e.completable ? "can" : "cannot"} be completed`, null);
    case "monunrail_swapped": return said("swapped seats (the pie rule)");
    case "monunrail_item_used": return said(`used ${String(e.item).replaceAll("_", " ")}`);
    case "monunrail_order_chosen": return said(`chose to go ${e.go}${e.by_default ? " (by default)" : ""}`);
    case "monunrail_supply_set": return said("the supply is set (hidden)", null);
    case "monunrail_supply_revealed": return said("the supply is revealed", null);
    case "deepsea_pregame_ended": return said("the boards have been shown: round 1 starts", null);
    case "deepsea_board_selected": return said(`round ${e.round}: selected board ${e.board}${e.by === "timeout" ? " (at random: out of time)" : e.by === "last_open" ? " (the last open board)" : ""}`);
    case "deepsea_action_sealed": return said(`round ${e.round}: sealed a move`);
    case "deepsea_actions_revealed": return said(`round ${e.round} revealed: ${Object.entries(e.actions || {}).map(([s, a]) => `${s} ${placementText(a.placement)} on board ${a.board}${a.loses_board ? " (loses the board)" : ""}`).join("; ")}`, null);
    case "deepsea_turn_played": return said(`${placementText(e.action?.placement)} on board ${e.action?.board}${e.timeout ? " (out of time)" : ""}`);
    case "deepsea_routes_sealed": return said("sealed routes");
    case "deepsea_boards_scored": return said(`the boards are scored${e.routes ? `: ${Object.entries(e.routes).map(([s, r]) => `${s} ${routesText(r)}`).join(" | ")}` : ""}`, null);
    case "deepsea_shortest_routes": return said("the shortest routes, for the record", null);
    default: return said(String(e.type || "").replaceAll("_", " "));
  }
}
