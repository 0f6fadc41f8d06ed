// The moves so far, from the match's record (`GET /matches/{id}/record`: the game's own notation,
// what its reader may see, the referee's decisions as `;` comments): each turn with who played it
// (the seat's colour and the player's name), and every event a person cares about (a timeout,
// Impossible called and judged, a challenge, a round starting) in its place.

import { h } from "./dom.js";
import { playerLink } from "./names.js";
import { seatWord } from "./words.js";

/**
 * The record's move lines as entries `{number, seat, text, note, comment}`: `number` the turn's
 * (none for a comment), `seat` who played it (the line's first word when it names a seat, else the
 * seats in turn, the first on odd numbers: Trax's lines carry only the move), `note` what the record
 * adds after `;`. A line with both sides' sealed moves revealed (`a | b`) is one entry per side.
 */
export function entriesOf(record, seats) {
  const body = record.split(/\r?\n\r?\n/).slice(1).join("\n");
  const entries = [];
  for (const raw of body.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith(";")) {
      const text = line.slice(1).trim();
      const first = text.split(" ")[0];
      const named = seats.includes(first);
      entries.push({ comment: true, seat: named ? first : null, text: named ? text.slice(first.length).trim() : text });
      continue;
    }
    const found = /^(\d+)\s+(.*)$/.exec(line);
    if (!found) continue;
    const number = Number(found[1]);
    for (const part of found[2].split(" | ")) {
      const [move, ...note] = part.split(" ; ");
      const words = move.trim().split(" ");
      const named = seats.includes(words[0]);
      entries.push({ number, seat: named ? words[0] : seats[(number - 1) % seats.length] ?? null,
        text: named ? words.slice(1).join(" ") : move.trim(), note: note.join("; ") });
    }
  }
  return entries;
}

/** The entries as list items: a chip in the seat's colour, the seat and the player, the move. */
export function moveItems(entries, view) {
  let last = 0;
  return entries.map((e) => {
    const who = e.seat ? [h("span", { class: `chip seat-${e.seat}`, "aria-hidden": "true" }),
      h("span", { class: "who" }, seatWord(e.seat), view.seats[e.seat]?.account_id
        ? [" (", playerLink(view.seats[e.seat].account_id, view.seats[e.seat].name), ")"] : "", ": ")] : null;
    if (e.comment) return h("li", { class: `note${/^round \d+$/.test(e.text) ? " round" : ""}` }, who, h("span", {}, e.text));
    const again = e.number === last; // (the second side of a revealed round: one number)
    last = e.number;
    return h("li", { value: e.number, class: again ? "same-turn" : "" }, who, h("code", {}, e.text),
      e.note ? h("span", { class: "muted" }, ` (${e.note})`) : "");
  });
}
