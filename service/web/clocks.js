// Both seats' clocks, in every game, with every part of the time control as the API gives it:
// the match's `options.time` (`one_grace`: Trax's time a move and its one grace; `bank`: time a
// move, then a reserve, in banks for Cairo, MonUnrail's "overflow"), the game view's clocks (when
// the turn started, the reserve left, whether the grace is spent) and the match's `deadline` (the
// instant the seat it names, or every seat to move, runs out: Deep Sea's and Duorail's windows,
// the pregame). Nothing here is a rule: the deadline always comes from the server.

import { clock } from "./dom.js";

const OVER = ["finished", "aborted"];
export const WARN_MS = 15000; // a seat to move with less than this left is warned (and told once, aloud)

/** What the seats wait for in a window without a seat's own clock (Deep Sea, Duorail's challenge and endgame). */
function windowWord(view) {
  const s = view.state || {};
  if (view.status === "pregame" || s.phase === "pregame") return "until round 1";
  if (view.game === "deepsea") return { select: "to select a board", action: "to place or pass", single: "to place or pass",
    routes: "to send routes" }[s.phase] || "left";
  if (view.game === "duorail") return s.phase === "challenge" ? "to show a track" : s.phase === "endgame" ? "to seal a track" : "left";
  return "left";
}

/**
 * A seat's clock at `now` (server time, ms): `{main, label, notes, warn, running}`: the time shown
 * large (ms, or null), what it counts ("this move", "grace", "reserve"...), the other parts of the
 * time control in words, whether to warn, and whether it is ticking.
 */
export function seatClock(view, seat, now) {
  const tc = view.options?.time;
  const c = view.state?.clocks?.[seat] || {};
  const due = view.deadline;
  const over = OVER.includes(view.status);
  const moving = !over && due && (due.seat ? due.seat === seat : view.to_move.includes(seat));
  const left = moving ? due.at - now : null;
  const started = c.turn_started_at;
  const notes = [];
  const lost = view.result;
  if (over && lost?.reason === "timeout" && lost.winner && lost.winner !== seat) { // the seat that ran out says so
    if (tc?.type === "one_grace") notes.push("grace spent");
    return { main: 0, label: "ran out of time", notes, warn: true, running: false };
  }
  if (tc?.type === "one_grace") {
    const grace = c.grace_used ? "grace spent" : `grace unused (${clock(tc.grace_ms)} once a game)`;
    if (moving && typeof started === "number") {
      const thisMove = started + tc.per_move_ms - now;
      if (thisMove > 0) {
        notes.push(c.grace_used ? "grace spent: no time after this" : `grace unused: then up to ${clock(tc.grace_ms)} for this move`);
        return { main: thisMove, label: "this move", notes, warn: thisMove < WARN_MS, running: true, out: left };
      }
      notes.push("this move runs over: the grace is spent by it");
      return { main: left, label: "grace", notes, warn: true, running: true, out: left };
    }
    notes.push(grace);
    return { main: tc.per_move_ms, label: "a move", notes, warn: false, running: false };
  }
  if (tc?.type === "bank") {
    const word = view.game === "monunrail" ? "overflow" : "reserve";
    const reserve = c.reserve_ms ?? c.overflow_ms;
    const banks = (ms) => (tc.bank_size_ms > 1 ? ` (${Math.max(0, Math.ceil(ms / tc.bank_size_ms))} banks of ${tc.bank_size_ms / 1000} s)` : "");
    if (c.rushed) notes.push("Time Rush: this turn is short");
    if (c.bonus_ms) notes.push(`+Time: ${clock(c.bonus_ms)} more`);
    if (moving && typeof started === "number") {
      const thisMove = started + tc.per_move_ms + (c.bonus_ms || 0) - now;
      if (thisMove > 0 && !c.rushed) {
        if (typeof reserve === "number") notes.push(`then ${word} ${clock(reserve)}${banks(reserve)}`);
        return { main: thisMove, label: "this move", notes, warn: left < WARN_MS, running: true, out: left };
      }
      notes.push(`${word}${banks(left)}`);
      return { main: left, label: word, notes, warn: left < WARN_MS, running: true, out: left };
    }
    if (moving) return { main: left, label: windowWord(view), notes, warn: left < WARN_MS, running: true, out: left };
    notes.push(`${clock(tc.per_move_ms)} a move`);
    return { main: typeof reserve === "number" ? reserve : null, label: `${word}${typeof reserve === "number" ? banks(reserve) : ""}`,
      notes, warn: false, running: false };
  }
  // windows (Deep Sea Voyage, and any seat a match deadline names), or no clock at all
  if (moving) return { main: left, label: windowWord(view), notes, warn: left < WARN_MS, running: true, out: left };
  if (!over && due && !due.seat) {
    const phase = view.state?.phase;
    const waits = phase === "pregame" ? windowWord(view) : view.game === "deepsea" && ["action", "routes"].includes(phase)
      ? "sealed: waiting" : "waiting";
    return { main: due.at - now, label: waits, notes, warn: false, running: true };
  }
  if (view.game === "deepsea") {
    const o = view.options || {};
    if (o.selection_ms) notes.push(`windows: ${clock(o.selection_ms)} to select, ${clock(o.action_ms)} to place, ${clock(o.routes_ms)} for routes`);
    return { main: null, label: over ? "" : "not to act", notes, warn: false, running: false };
  }
  if (tc?.type === "none" || !tc) return { main: null, label: "no clock", notes, warn: false, running: false };
  return { main: null, label: "", notes, warn: false, running: false };
}

/** The clock element's contents for `state` (see seatClock): the time large, its label and notes small. */
export function clockParts(state) {
  return {
    time: state.main === null ? "—" : clock(state.main),
    label: state.label,
    notes: state.notes.join(" · "),
  };
}
