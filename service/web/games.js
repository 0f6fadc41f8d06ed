// What the page says about each game: its display name. Nothing of the rules is here; the boards,
// the legal moves and the commands all come from the API.

export const GAME_NAMES = {
  trax: "Trax", duorail: "Duorail", monunrail: "MonUnrail", cairo: "Cairo Corridor", deepsea: "Deep Sea Voyage",
};

/** "White", "First"... as people read a seat. */
export function seatLabel(game, seat) {
  return seat ? seat[0].toUpperCase() + seat.slice(1) : "";
}

/**
 * What is sealed now, as the view shows it: `mine`, what the viewer itself sealed (a sentence or
 * ""), and `window`, true while the seats act at once and seal (then a seat no longer to move has
 * sealed). Duorail's endgame tracks and Deep Sea Voyage's actions and routes; nothing elsewhere.
 */
export function sealed(view) {
  const s = view.state || {};
  if (view.game === "duorail") {
    const open = !!s.endgame && !s.revealed && s.phase === "endgame";
    const mine = s.my_submission ? `You sealed ${s.my_submission.length ? `a track of ${s.my_submission.length} squares` : "no track"}: `
      + "sealed until the reveal, and you may replace it with another track." : "";
    return { window: open, mine };
  }
  if (view.game === "deepsea") {
    const open = ["action", "routes"].includes(s.phase) || (s.phase === "select" && view.to_move.length > 1);
    const routes = Object.entries(s.your_routes || {}).flatMap(([board, ships]) =>
      Object.entries(ships || {}).filter(([, cells]) => cells).map(([ship]) => `board ${board} ${ship}`));
    const mine = s.your_action ? `You sealed: ${s.your_action} (sealed until the reveal; play another move to replace it).`
      : routes.length ? `You sealed routes (${routes.join(", ")}): sealed until the reveal; seal another to replace one.` : "";
    return { window: open, mine };
  }
  return { window: false, mine: "" };
}

/**
 * How the player draws a line of cells when a listed move stands for one (its command has an empty
 * list of cells): Duorail's track, for a challenge or the endgame. `{lines: [{label, start,
 * command(cells)}], hint}`, or null when no listed move is drawn. The cells go where the command
 * carries them; the server checks the line. Deep Sea Voyage's routes: one line per ship of the
 * viewer's side (as the drawing's legend lists them) on each board not lost, from the ship's start.
 */
export function lineInput(view, legal, svg) {
  const s = view.state || {};
  const track = legal.find((m) => m.command?.type === "duorail_submit_track");
  if (view.game === "duorail" && track) {
    const command = (cells) => ({ ...track.command, track: cells });
    if (s.phase === "challenge") {
      const colour = s.challenge?.colour || "";
      return { lines: [{ label: `Show this ${colour} track`, closed: true, command }],
        hint: `Show a ${colour} track: click its squares in order round the loop (Undo, or a second click on the last square, takes one back).` };
    }
    return { lines: [{ label: "Seal this track", closed: true, command }],
      hint: `Draw your ${view.you} track: click its squares in order round the loop. It stays sealed until the reveal; seal another to replace it.` };
  }
  const routes = legal.find((m) => m.command?.type === "deepsea_submit_routes");
  if (view.game === "deepsea" && routes) {
    const ships = [...svg.querySelectorAll(`[data-side="${view.you}"] [data-ship]`)].map((el) => el.dataset.ship);
    const lines = (s.boards || []).filter((b) => b.status !== "lost").flatMap((b) => ships.filter((ship) => b.ships[ship]).map((ship) => ({
      label: `Board ${b.board}, ${ship} ship`, send_label: "Seal this route", start: b.ships[ship], board: b.board, ship,
      cells: `[data-board="${b.board}"][data-square], [data-board="${b.board}"][data-cell]`,
      command: (cells) => ({ ...routes.command, routes: { [b.board]: { [ship]: cells } } }),
    })));
    const sent = s.your_routes || {};
    const first = Math.max(0, lines.findIndex((l) => !sent[l.board]?.[l.ship]));
    return { lines, first, hint: "Draw each ship's route: from its start, click the squares one by one to a dropoff. "
      + "Each route is sealed until the reveal; sealing another for the same ship replaces it." };
  }
  return null;
}

/**
 * A move the page may put together from several listed ones: MonUnrail's build of 1-3 tiles
 * (listed one tile at a time), sent as one `monunrail_build` with the tiles joined by ", ".
 * `{most, command(tiles)}`, or null.
 */
export function severalInput(view, legal) {
  const build = legal.find((m) => m.command?.type === "monunrail_build");
  if (view.game !== "monunrail" || !build) return null;
  return { most: 3, command: (tiles) => ({ ...build.command, tiles: tiles.join(", ") }) };
}

/** Games whose API answers a preview, `board.svg?after=<move>` (moves that touch no hidden information). */
export const PREVIEWS = new Set(["trax"]);

/** Games whose moves place a whole piece (`<piece> on <cells>`): pieces.js offers them with rotate, flip and a preview. */
export const WHOLE_PIECES = new Set(["deepsea"]);

/**
 * Whether a match that is over still waits for a part the server adds after its end: Deep Sea
 * Voyage's shortest routes for the record, found by a worker (the match's stream ends with the
 * match, so the page asks again until they are in).
 */
export function addedAfterTheEnd(view) {
  return view.game === "deepsea" && view.status === "finished" && (view.state?.boards || []).some((b) => !b.shortest_routes);
}
