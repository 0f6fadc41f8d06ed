// The lobby: my invitations (accept/decline), my matches with whose turn it is, open seats to
// take (the matches waiting on me first), and live and finished matches to watch or replay,
// players named (each a link to their page), the games with their rules, the leaderboards, and
// the turn signals' switches. Refreshed live from my account's stream (turns.js follows it).

import { api, session } from "../api.js";
import { fill, h, notice } from "../dom.js";
import { GAME_NAMES, seatLabel } from "../games.js";
import { ask, learn, playerLink, writeNames } from "../names.js";
import { reasonText } from "../words.js";
import { signalControls } from "../turns.js";

const OVER = ["finished", "aborted"];
let botsKnown = false; // (their names are kept for the visit, names.js)

async function act(path, ...then) {
  try {
    await api(path, { method: "POST" });
    for (const next of then) await api(next, { method: "POST" });
    return true;
  } catch (problem) {
    notice(problem.message, "error");
    return false;
  }
}

/** A seat's holder: "you", or the player's name linking to its page (names.js asks the ids no list names). */
function holder(id) {
  if (id === session.account?.id) return h("span", { class: "who" }, "you");
  return playerLink(id);
}

/** Ask the public profiles of the players the lobby cannot name yet, then write their names in `main`. */
async function learnNames(main, matches) {
  const ids = matches.flatMap((m) => Object.values(m.seats)).filter((a) => a && a !== session.account?.id);
  if (await ask(ids)) writeNames(main);
}

function leaderboards() {
  return h("p", { class: "leaderboards" }, "Leaderboards: ", Object.entries(GAME_NAMES).map(([game, name], i) =>
    [i ? " · " : "", h("a", { href: `#/games/${game}/leaderboard` }, name)]));
}

/** The games, each with its rules (a newcomer starts there). */
function games() {
  return h("section", { class: "card games" }, h("h2", {}, "The games"), h("ul", { class: "list" },
    Object.entries(GAME_NAMES).map(([game, name]) => h("li", { dataset: { game } }, h("strong", {}, name), ": ",
      h("a", { href: `#/games/${game}/rules` }, "Rules"), " · ", h("a", { href: `#/games/${game}/tutorial` }, "Tutorial")))));
}

/** One match; `turns` (mine, or null for others' matches) says whose turn it is. */
function matchLine(m, turns = null) {
  const mine = turns && turns.find((t) => t.match_id === m.id);
  const seats = Object.entries(m.seats).map(([seat, who], i) => [i ? " · " : "", `${seatLabel(m.game, seat)}: `,
    who ? holder(who) : "open"]);
  return h("li", { class: "match", dataset: { match: m.id } },
    h("a", { href: `#/matches/${m.id}` }, `${GAME_NAMES[m.game] || m.game}`),
    " ", h("span", { class: `status ${m.status}` }, m.status),
    mine ? h("strong", { class: "your-turn" }, ` your turn (${mine.action})`)
      : turns && m.status === "running" ? h("span", {}, " their turn") : "",
    h("span", { class: "seats" }, " ", seats),
    m.result ? h("span", {}, ` — ${m.result.winner ? seatLabel(m.game, m.result.winner) + " won" : "no winner"} (${reasonText(m.result.reason)})`) : "",
    OVER.includes(m.status) ? [" ", h("a", { href: `#/matches/${m.id}/replay` }, "replay")] : "");
}

function challengeLine(c, received, refresh) {
  const buttons = received
    ? [h("button", { type: "button", onclick: async () => {
        if (await act(`/matches/${c.match_id}/accept`, `/matches/${c.match_id}/ready`)) location.hash = `#/matches/${c.match_id}`;
      } }, "Accept"),
      h("button", { type: "button", class: "secondary", onclick: async () => {
        if (await act(`/matches/${c.match_id}/decline`)) refresh();
      } }, "Decline")]
    : [h("button", { type: "button", class: "secondary", onclick: async () => {
        if (await act(`/matches/${c.match_id}/cancel`)) refresh();
      } }, "Withdraw")];
  learn({ [c.challenger]: c.challenger_name, [c.invited]: c.invited_name },
    { [c.challenger]: c.challenger_kind, [c.invited]: c.invited_kind });
  const who = received ? [playerLink(c.challenger, c.challenger_name || c.challenger, c.challenger_kind), " challenges you"]
    : ["you challenge ", playerLink(c.invited, c.invited_name || c.invited, c.invited_kind)];
  return h("li", { class: "challenge", dataset: { match: c.match_id } },
    h("a", { href: `#/matches/${c.match_id}` }, GAME_NAMES[c.game] || c.game), ": ", ...who, ` (seat ${seatLabel(c.game, c.seat)}) `,
    ...buttons);
}

function section(title, items, empty) {
  return h("section", { class: "card" }, h("h2", {}, title),
    items.length ? h("ul", { class: "list" }, items) : h("p", { class: "muted" }, empty));
}

export async function show(main) {
  let pending = null;
  let signals = null; // (kept across refreshes: its messages stay)
  async function refresh() {
    const [all, bots] = await Promise.all([api("/matches?limit=100", { auth: false }),
      botsKnown ? [] : api("/bots", { auth: false })]);
    learn(Object.fromEntries(bots.map((bot) => [bot.id, bot.name])));
    botsKnown = true;
    const parts = [h("h1", {}, "Lobby"), leaderboards()];
    let shown = [];
    if (session.account) {
      const [mine, challenges, turns] = await Promise.all(
        [api("/accounts/me/matches"), api("/accounts/me/challenges"), api("/accounts/me/turns")]);
      parts.push(h("p", {}, `Signed in as ${session.account.name} (id `, h("code", {}, session.account.id), "). ",
        h("a", { href: "#/new", class: "button" }, "New match")));
      parts.push(section("Invitations", challenges.received.map((c) => challengeLine(c, true, refresh)),
        "No one has challenged you."));
      if (challenges.sent.length) parts.push(section("Challenges you sent", challenges.sent.map((c) => challengeLine(c, false, refresh)), ""));
      const waitsOnMe = (m) => turns.some((t) => t.match_id === m.id);
      const active = mine.filter((m) => !OVER.includes(m.status))
        .sort((a, b) => Number(waitsOnMe(b)) - Number(waitsOnMe(a))); // the games waiting on me first
      shown = shown.concat(active);
      parts.push(section("Your matches", active.map((m) => matchLine(m, turns)), "None under way."));
      parts.push(signals ||= signalControls());
      const open = all.filter((m) => m.status === "waiting" && Object.values(m.seats).includes(null)
        && !Object.values(m.seats).includes(session.account.id));
      shown = shown.concat(open);
      parts.push(section("Open seats", open.map((m) => {
        const line = matchLine(m);
        line.append(h("button", { type: "button", onclick: async () => {
          if (await act(`/matches/${m.id}/join`, `/matches/${m.id}/ready`)) location.hash = `#/matches/${m.id}`;
        } }, "Take the seat"));
        return line;
      }), "No match waits for an opponent."));
    } else {
      parts.push(h("p", { class: "card" }, "Play Trax, Cairo Corridor and more against people or built-in bots. ",
        h("a", { href: "#/signup", class: "button" }, "Sign up"), " or ", h("a", { href: "#/signin" }, "sign in"),
        " with your token. Anyone may watch the matches below."));
      const open = all.filter((m) => m.status === "waiting" && Object.values(m.seats).includes(null));
      shown = shown.concat(open);
      parts.push(section("Open seats", open.map((m) => {
        const line = matchLine(m);
        line.append(h("a", { href: "#/signup", class: "button secondary" }, "Sign up to take the seat"));
        return line;
      }), "No match waits for an opponent."));
    }
    parts.push(games());
    const live = all.filter((m) => m.status === "running");
    const finished = all.filter((m) => m.status === "finished").slice(0, 20);
    parts.push(section("Live now", live.map((m) => matchLine(m)), "Nothing is being played."));
    parts.push(section("Finished", finished.map((m) => matchLine(m)), "Nothing yet."));
    fill(main, parts);
    learnNames(main, shown.concat(live, finished)).catch(() => {});
  }
  await refresh();
  const news = () => { clearTimeout(pending); pending = setTimeout(() => refresh().catch(() => {}), 200); };
  window.addEventListener("account-news", news); // the account's stream, followed by turns.js
  return () => { clearTimeout(pending); window.removeEventListener("account-news", news); };
}
