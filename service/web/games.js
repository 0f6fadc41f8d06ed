// What the page says about each game: its display name. Nothing of the rules is here; the boards,
// the legal moves and the commands all come from the API.

export const GAME_NAMES = {
  trax: "Trax", duorail: "Duorail", monunrail: "MonUnrail", cairo: "Cairo Corridor", deepsea: "Deep Sea Voyage",
};

/** "White", "First"... as people read a seat. */
export function seatLabel(game, seat) {
  return seat ? seat[0].toUpperCase() + seat.slice(1) : "";
}

