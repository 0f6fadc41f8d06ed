// The tutorials' lessons, a few per game: each a position (the moves played from the start, the
// options), the seat the person plays, what to try, and what happened once they played. The page
// knows no rules: the positions, their boards and legal moves come from the server
// (POST /games/{game}/positions), and a lesson is done when the move is one of `goal.moves`, or
// the game is won by the person (`goal.win`), or any move (`goal.any`), or any move but those of
// `goal.avoid`. A lesson with `route` has the person draw that ship's route on its board (Deep Sea). `said[move]` explains a
// particular move, `right` any other that meets the goal, `wrong` one that does not (either may be a
// function of the move). Solver work a position waits on (an Impossible) is done by the server's workers.
// The positions come from the worked examples of the rules pages (docs/rules/), which the
// server's tests replay; tests/browser/test_tutorials.py plays every lesson by clicking.

const LAGOONS = { boards: ["lagoon", "lagoon", "lagoon"], routes: "computed" };
const TRAX_LOOP = [["white", "@0+"], ["red", "@1+"], ["white", "B0/"], ["red", "@2/"], ["white", "C0\\"]];
const CAIRO_END = ["Nr", "Al", "Mr", "El", "Pd", "Id", "Pr", "Md", "Jr", "Kr", "Tr", "Od", "Kd", "Lu", "Ll", "Jd", "Ir", "Or"]
  .map((cell, i) => [i % 2 ? "second" : "first", cell]);
const MON_CLOSED = [["first", "D3 RD, E3 DL"], ["second", "D5 UR, E5 LU"]];
// Deep Sea's routes: the worked example's play (an N across the blue ship's way on board 1, then two
// passes), the routes written (routes: "submitted"); every ship's shortest route is sealed but the
// Empire's red ship's on board 1, which the person draws.
const SEA_ROUTES = { boards: ["lagoon", "lagoon", "lagoon"], routes: "submitted" };
const SEA_PLAY = [["empire", "select 1"], ["marauder", "select 2"], ["empire", "N on F7, G6, G7, H6, I6"], ["marauder", "pass"],
  ["marauder", "select 3"], ["empire", "select 1"], ["empire", "pass"], ["marauder", "pass"]];
const RED = "A13 B13 C13 D13 E13 E12 E11 F11 G11 G10 G9 G8 F8";
const WHITE = "M13 M12 M11 M10 L10 L9 L8 L7 K7 J7 I7 H7";
const BLUE = "A1 A2 A3 A4 A5 B5 C5 C6 C7 D7 E7 F7 F8";
const BLUE_ROUND = "A1 A2 A3 A4 A5 B5 C5 C6 C7 C8 C9 D9 D10 E10 F10 G10 G9 G8 F8";
const BLACK = "M1 M2 M3 M4 L4 L5 L6 L7 K7 J7 I7 H7";
const sealRoutes = (routes) => JSON.stringify({ type: "deepsea_submit_routes", routes });
const SEA_SEALED = [...SEA_PLAY,
  ["marauder", sealRoutes({ 1: { blue: BLUE_ROUND, black: BLACK }, 2: { blue: BLUE, black: BLACK }, 3: { blue: BLUE, black: BLACK } })],
  ["empire", sealRoutes({ 1: { white: WHITE }, 2: { red: RED, white: WHITE }, 3: { red: RED, white: WHITE } })]];

export const TUTORIALS = {
  trax: [
    { title: "The first tile", setup: [], you: "white", goal: { any: true },
      say: "White begins. Click the square @0, then choose one of the two tiles it offers: a straight (+) or a curve (/).",
      right: "Your tile is down. From now on every tile goes next to one already on the table, and where they touch the colours must meet: white against white, red against red." },
    { title: "Forced tiles", setup: TRAX_LOOP, you: "red", goal: { moves: ["A2\\"] },
      say: "You play red. Put the curve \\ in the bottom-left square, A2, and watch the empty square to its right.",
      right: "The square right of your tile had two sides of one colour pointing into it: exactly one tile fits there, so it was added at once, in your turn. Forced tiles can set off more forced tiles.",
      wrong: "That tile is legal, but this lesson is about A2: take it back and put the curve \\ on A2." },
    { title: "Close a loop", setup: [...TRAX_LOOP, ["red", "A2\\"]], you: "white", goal: { win: true },
      say: "You play white. One tile wins: a curve on the far left, below the tiles, forces a tile above it that closes your white path. Find it.",
      right: "The forced curve above your tile closed a white path on itself: a loop of your colour, and white wins. A loop (or a line across 8 columns or rows) of your colour wins; careful: forced tiles may close your opponent's loop too.",
      wrong: "No loop yet. Look at the empty squares on the left, below the tiles: which curve would turn white's path back up?" },
  ],
  cairo: [
    { title: "Fill a pentagon", setup: [], you: "first", goal: { any: true },
      say: "Click any pentagon: your piece goes there. Pieces fill the board; the empty pentagons that stay must always leave a corridor joining all four sides.",
      right: "Your piece is down. A move that would cut the last corridor between the sides is refused (the page never offers it). The game ends when the corridor is all that is left empty." },
    { title: "The final corridor", setup: CAIRO_END, you: "first", goal: { win: true },
      say: "One empty pentagon next to the corridor is left: fill it and the corridor is final. The pentagons of the corridor itself cannot be filled.",
      right: "The corridor is final: each piece touching it scores one for its owner. You scored more: first wins.",
      wrong: "That does not end the game yet: find the pentagon next to the path from the top-right corner to the bottom-left one that is still empty." },
  ],
  duorail: [
    { title: "Lay a piece", setup: [], you: "blue", goal: { any: true },
      say: "You play blue. Click a square, then choose a piece: a straight or a bend. Each colour wants the longest closed loop of track.",
      right: "Your piece is down. A piece must be able to be part of a closed loop of its colour: a piece pointing off the edge of the board never can, and the opponent may challenge you at once and win." },
    { title: "A piece off the edge", setup: [["blue", "A1 UD"]], you: "red", goal: { moves: ["challenge blue"] },
      say: "Blue's first piece, on A1 in the corner, points up, off the board: no closed blue loop can ever run through it. Challenge blue (the button \u201cchallenge blue\u201d).",
      right: "Blue now has a few minutes to show a closed blue track, and there is none: the challenge stands and red wins. So never lay a piece that points off the board, or into a square no loop can reach.",
      wrong: "This lesson is about the challenge: use the \u201cchallenge blue\u201d button." },
    { title: "Challenge", setup: [["blue", "A1 RD"], ["red", "A2 RD"], ["blue", "E5 LR"]], you: "red", goal: { moves: ["challenge blue"] },
      say: "Blue's corner piece on A1 must lead on to A2, but your red piece sits there: no blue loop can ever pass through A1. Challenge blue (the button \u201cchallenge blue\u201d).",
      right: "Blue must now show a closed blue track within the window, and none exists: when the window closes, the challenge stands and red wins. A challenge that blue meets loses the game for the challenger.",
      wrong: "This lesson is about the challenge: use the \u201cchallenge blue\u201d button." },
    { title: "Pass into the endgame", setup: [["blue", "C3 RD"], ["red", "F6 RD"], ["blue", "pass"]], you: "red", goal: { moves: ["pass"] },
      say: "Blue passed. Pass too (the \u201cpass\u201d button): two passes in a row end the laying of pieces.",
      right: "The endgame starts: both sides now draw their longest closed track, in secret, and the longer track wins when both are revealed.",
      wrong: "Placing is fine too, but this lesson is about the endgame: pass." },
  ],
  monunrail: [
    { title: "Build next to a station", setup: [], you: "first", goal: { any: true },
      say: "Both players build one track together from a hidden supply. Click a square next to one of the two stations in the middle and choose a tile whose rail joins the station's.",
      right: "Your tile is on the board. Every tile must join the track: if the track can no longer be completed from what is left, the next player calls Impossible and wins, so a tile that leads nowhere loses the game." },
    { title: "Unrail: split the track", setup: MON_CLOSED, you: "first", goal: { moves: ["D4 E4"] },
      say: "The track is closed, so the unrail phase begins: in turn, remove one tile or a run of joined tiles; whoever removes the last tile wins. Remove both stations, D4 and E4, in one move: click D4, then E4, then confirm.",
      right: "The four tiles left make two separate pairs. Whatever your opponent takes from one pair, you take the same from the other: you will take the last tile.",
      wrong: "That move is legal, but it lets your opponent split the track in their favour. Start again and remove D4 and E4 together." },
    { title: "The last tiles", setup: [...MON_CLOSED, ["first", "D4 E4"], ["second", "D3 E3"]], you: "first", goal: { win: true },
      say: "Your opponent took one pair. Take the other pair, D5 and E5, in one move.",
      right: "You removed the last tile: first wins.",
      wrong: "There are tiles left: take both D5 and E5 in one move." },
    { title: "Call Impossible", setup: [["first", "C4 LR"]], you: "second", goal: { win: true },
      say: "Your opponent put a straight on C4, lying left to right: its right-hand rail runs into the side of the station on D4, which has no rail there. No tile can ever mend that, so the track can never be closed. Instead of building, call Impossible (the \u201cimpossible\u201d button).",
      right: "The server's solver looked for any way to close the track from the supply and found none: your Impossible stands and you win. A tile whose rail meets the edge, or a side without rail, ends the game for whoever laid it.",
      wrong: "That build is legal, but the track was already lost: the rail of C4 runs into the station's side. Calling Impossible would have won at once." },
    { title: "A wrong Impossible", setup: [["first", "D3 RD, E3 DL"]], you: "second", goal: { moves: ["D5 UR", "E5 LU"] },
      say: "Your opponent laid two turns above the stations. Can the track still be closed? If you think not, call Impossible; if you see how, lay the first tile of it below the stations, on D5 or E5.",
      right: "Right: two turns below the stations, D5 (up and right) and E5 (left and up), close the loop, so Impossible would have lost here. Call it only when no tiles the supply may still hold can close the track.",
      wrong: (move) => (move.move === "impossible"
        ? "The server's solver found tiles that close the track (two turns below the stations, on D5 and E5), so the Impossible call loses: your opponent wins. Try again and build instead."
        : "That tile does not lead to the loop: below the stations, D5 needs a turn joining up and right (UR), E5 one joining left and up (LU).") },
  ],
  deepsea: [
    { title: "Select a board", setup: [], options: LAGOONS, you: "empire", goal: { any: true },
      say: "Three boards, three ships of each side heading for the dropoffs. Each round the side with priority selects a board first. Select one of the boards (the buttons \u201cselect 1\u201d to \u201cselect 3\u201d).",
      right: "Your board is chosen; the other side picks one of the others. Then both act at once, in secret, on their own board." },
    { title: "Place a pentomino", setup: [["empire", "select 1"], ["marauder", "select 2"]], options: LAGOONS, you: "empire", goal: { any: true },
      say: "Place a pentomino on your board: click its five squares one after another, and confirm. A piece lies across the sea as rock: ships go round it. Or pass.",
      said: { pass: "You passed this round. Placing pieces across your opponent's shortest ways home is how you win a board: the side whose ships need fewer steps in all wins it." },
      right: "Your piece is rock now: ships go round it. Each board is won by the side whose ships need fewer steps home; cut no ship off entirely, or you lose that board." },
    { title: "Routes home", setup: SEA_SEALED, options: SEA_ROUTES, you: "empire", goal: { win: true },
      route: { board: 1, ship: "red", from: "A13" },
      say: "Play is over: now each side writes every ship's route home, the fewest steps from its start to a dropoff (D), round walls and pieces. All routes are sealed but your red ship's on board 1. There the N your side placed sends the blue ship round it: 18 steps. Draw the red ship's way from A13 (top left) to a dropoff: click the squares one by one, or click the dropoff and the page proposes the shortest way; then \u201cSeal this route\u201d.",
      hint: "From A13, click the squares to a dropoff (a click further on proposes the shortest way there); Undo takes one back.",
      right: (move) => `Your red ship needs ${move.steps} steps and the white one 11: ${move.steps + 11} against the Marauder's 18 + 11 = 29 on board 1, so the Empire wins that board; boards 2 and 3 are equal (23 all) and won by nobody. The side that wins more boards wins the game. A route counts as written: a detour only makes it longer.`,
      wrong: (move) => `A route of ${move.steps} steps makes the Empire's total ${move.steps + 11} on board 1, against the Marauder's 29: board 1 is not yours. The shortest way from A13 takes 12 steps: try again.` },
  ],
};
