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
 * closed." `names` maps seats to players' names. The game's own detail (a sentence, when it has
 * one) says it best; else the reason's sentence.
 */
export function resultLine(result, names = {}) {
  if (!result) return "";
  const who = result.winner ? `${seatWord(result.winner)}${names[result.winner] ? ` (${names[result.winner]})` : ""} wins`
    : "No winner";
  return `${who}: ${result.detail || reasonSentence(result.reason)}`;
}
