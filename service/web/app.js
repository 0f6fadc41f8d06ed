// The page's router: the URL's fragment names the page (#/, #/signup, #/matches/<id>, ...).
// Each page is a function `(element, ...params)` that fills the element and may return a cleanup function.

import { session, whoAmI } from "./api.js";
import { fill, h, notice } from "./dom.js";
import * as account from "./pages/account.js";
import * as challenge from "./pages/challenge.js";
import * as lobby from "./pages/lobby.js";
import * as match from "./pages/match.js";
import * as players from "./pages/players.js";
import * as replay from "./pages/replay.js";
import * as rules from "./pages/rules.js";
import * as tutorial from "./pages/tutorial.js";
import * as tournaments from "./pages/tournaments.js";
import { followTurns } from "./turns.js";

const ROUTES = [
  [/^#?\/?$/, lobby.show],
  [/^#\/signup$/, account.signUp],
  [/^#\/signin$/, account.signIn],
  [/^#\/new(?:\?[\w=&%.-]*)?$/, challenge.show],
  [/^#\/games\/(\w+)\/rules$/, rules.show],
  [/^#\/games\/(\w+)\/tutorial$/, tutorial.show],
  [/^#\/matches\/([\w-]+)$/, match.show],
  [/^#\/matches\/([\w-]+)\/replay$/, replay.show],
  [/^#\/tournaments$/, tournaments.list],
  [/^#\/tournaments\/([\w-]+)$/, tournaments.show],
  [/^#\/players\/([\w%.-]+)$/, players.player],
  [/^#\/games\/(\w+)\/leaderboard(?:\?[\w=&]*)?$/, players.leaderboard],
];

let cleanup = null;
let followed; // the account whose turns the page follows (turns.js)

function nav() {
  const links = [h("a", { href: "#/" }, "Lobby"), h("a", { href: "#/tournaments" }, "Tournaments")];
  if (session.account) {
    links.push(h("a", { href: "#/new" }, "New match"),
      h("span", { class: "who" }, session.account.name),
      h("button", { type: "button", class: "link", onclick: signOut }, "Sign out"));
  } else {
    links.push(h("a", { href: "#/signup" }, "Sign up"), h("a", { href: "#/signin" }, "Sign in"));
  }
  fill(document.getElementById("nav"), links);
}

function signOut() {
  session.signOut();
  session.account = null;
  notice("Signed out. Your token still works: keep it to sign in again.");
  location.hash = "#/";
  route();
}

async function route() {
  if (cleanup) cleanup();
  cleanup = null;
  await whoAmI();
  if ((session.account?.id ?? null) !== followed) {
    followed = session.account?.id ?? null;
    followTurns();
  }
  nav();
  // Each page fills a new element: whatever a page left on its way (a late answer) lands in a
  // detached one, never in the next page.
  const main = h("div", { class: "page" });
  fill(document.getElementById("main"), main);
  for (const [pattern, page] of ROUTES) {
    const found = location.hash.match(pattern);
    if (found) {
      try {
        cleanup = (await page(main, ...found.slice(1))) || null;
      } catch (error) {
        fill(main, h("h1", {}, "Something went wrong"), h("p", { class: "error" }, error.message));
      }
      return;
    }
  }
  fill(main, h("h1", {}, "Not found"), h("p", {}, h("a", { href: "#/" }, "Back to the lobby")));
}

window.addEventListener("hashchange", () => { notice(""); route(); });
route();
window.addEventListener("signed-in", nav);
