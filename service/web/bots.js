// The built-in bots as GET /bots lists them, with whether each is ready to play: `ready` (false
// while the workers that play it warm up) and `status` (a sentence saying why). A bot listed
// without them is ready (a server from before they existed).

/** "Randy (level 0, random)", and "not ready yet" while it is not. */
export function botLabel(bot) {
  return `${bot.name} (level ${bot.level}, ${bot.level_name})${isReady(bot) ? "" : " — not ready yet"}`;
}

export const isReady = (bot) => !bot || bot.ready !== false;

/** What the page says of a bot not ready (empty when it is). */
export function botsNote(bot) {
  if (isReady(bot)) return "";
  return `${bot.name} is not ready yet: ${bot.status || "its workers are starting"}. `
    + "You may challenge it now: it accepts and plays as soon as it is ready.";
}

let asked = null;
let askedAt = 0;

/** GET /bots, asked again at most every 5 s (a page waiting on a bot hears when it becomes ready). */
export async function botsNow(api) {
  if (!asked || Date.now() - askedAt > 5000) {
    askedAt = Date.now();
    asked = api("/bots", { auth: false }).catch(() => []);
  }
  return asked;
}

/** Why a match waits on the bots among `ids`: a sentence for each one not ready (empty when all are). */
export function waitingOnBots(bots, ids) {
  return bots.filter((b) => ids.includes(b.id) && !isReady(b))
    .map((b) => `${b.name} is not ready yet: ${b.status || "its workers are starting"}. It accepts and plays as soon as it is ready.`);
}
