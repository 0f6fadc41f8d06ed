// Tournaments: the list, and one tournament live from its event stream (GET /tournaments/{id}/stream:
// the tournament first, then each change; reconnecting by itself and resuming with Last-Event-ID).
// Its status, Join / Leave while it is open for sign-up (Withdraw once it runs), the standings in
// the format's columns, the rounds (a bracket for a single elimination) and the changes.

import { api, session, stream } from "../api.js";
import { fill, h, notice, when } from "../dom.js";
import { GAME_NAMES } from "../games.js";
import { changes, eventText, rounds, signedUp, standings } from "../tournament_parts.js";

export async function list(main) {
  const all = await api("/tournaments?limit=50", { auth: false });
  fill(main, h("h1", {}, "Tournaments"), all.length
    ? h("ul", { class: "list card" }, all.map((t) => h("li", { dataset: { tournament: t.id } },
      h("a", { href: `#/tournaments/${t.id}` }, t.name), ` ${GAME_NAMES[t.game] || t.game}, ${t.format.replaceAll("_", " ")},`,
      ` ${t.players} players, `, t.status === "registering" ? "open for sign-up " : `round ${t.rounds} of ${t.total_rounds} `,
      h("span", { class: `status ${t.status}` }, t.status))))
    : h("p", { class: "muted" }, "No tournament yet (organizers create them with the API)."));
}

const SHOWN_EVENTS = 30;

export async function show(main, id) {
  const els = {
    title: h("h1", {}), about: h("p", {}), actions: h("div", { class: "actions", id: "tournament-actions" }),
    body: h("div", {}), events: h("ol", { class: "events", id: "tournament-events" }),
    live: h("span", { class: "live", id: "live" }, "connecting"),
  };
  fill(main, els.title, els.about, els.actions, els.body,
    h("section", { class: "card" }, h("h2", {}, "What happened"), els.events,
      h("p", { class: "muted" }, "Updates: ", els.live)));
  let t = null;
  let pending = null;

  async function act(method, label) {
    try {
      render(await api(`/tournaments/${id}/players/me`, { method }));
      notice(label);
      els.actions.querySelector("button")?.focus(); // (Join became Leave: the keyboard stays on it)
    } catch (problem) {
      notice(problem.message, "error");
    }
  }

  function actions() {
    const me = session.account?.id;
    const list = [];
    if (t.status === "registering") {
      if (!me) list.push(h("span", {}, h("a", { href: "#/signup" }, "Sign up"), " or ", h("a", { href: "#/signin" }, "sign in"), " to join."));
      else if (t.players.includes(me)) list.push(h("button", { type: "button", class: "secondary", id: "leave", onclick: () => act("DELETE", "You left the tournament.") }, "Leave"));
      else list.push(h("button", { type: "button", id: "join", onclick: () => act("POST", "You joined the tournament.") }, "Join"));
    } else if (me && ["running", "paused"].includes(t.status) && t.players.includes(me)
      && !t.withdrawals.some((w) => w.player === me)) {
      const withdraw = h("button", { type: "button", class: "danger", id: "withdraw", onclick: () => {
        if (withdraw.dataset.armed) return act("DELETE", "You withdrew: your games to come are lost by forfeit.");
        withdraw.dataset.armed = "yes"; // a second click within 4 s withdraws: one slip loses nothing
        withdraw.textContent = "Really withdraw?";
        setTimeout(() => { delete withdraw.dataset.armed; withdraw.textContent = "Withdraw"; }, 4000);
      } }, "Withdraw");
      list.push(withdraw);
    }
    if (t.status !== "registering") list.push(h("a", { class: "button secondary", href: `/tournaments/${id}/export?format=csv&table=standings`, download: "" }, "Standings (CSV)"));
    fill(els.actions, list);
  }

  function render(next) {
    if (t && next.id !== t.id) return;
    const focused = document.activeElement?.id;
    t = next;
    els.title.textContent = t.name;
    const round = t.status === "registering" ? `open for sign-up${t.registration_closes_at ? ` until ${when(t.registration_closes_at)}` : ""}`
      : `round ${t.rounds.length} of ${t.total_rounds}`;
    fill(els.about, `${GAME_NAMES[t.game] || t.game}, ${t.format.replaceAll("_", " ")}, ${round}, `,
      h("span", { class: `status ${t.status}`, id: "tournament-status" }, t.status),
      t.winner && t.status === "finished" ? h("strong", { id: "tournament-winner" }, ` — won by ${t.names[t.winner] || t.winner}`) : "",
      t.finished_at ? ` (${when(t.finished_at)})` : "");
    actions();
    fill(els.body, t.status === "registering"
      ? h("section", { class: "card" }, h("h2", {}, `Signed up (${t.players.length})`), signedUp(t))
      : h("section", { class: "card" }, h("h2", {}, "Standings"), standings(t)),
    rounds(t), changes(t));
    if (focused) document.getElementById(focused)?.focus();
  }

  async function reload() {
    render(await api(`/tournaments/${id}`));
  }

  function logEvent(e) {
    els.events.append(h("li", { dataset: { type: e.type } }, eventText(t || {}, e)));
    while (els.events.children.length > SHOWN_EVENTS) els.events.firstElementChild.remove();
  }

  await reload(); // (a tournament not found says so at once)
  const live = stream(`/tournaments/${id}/stream`, {
    after: "0", // from the first event kept: "What happened" tells the story so far, even of an ended tournament
    onMessage: (m) => {
      if (m.event === "state") { render(m.data); return; }
      logEvent(m.data);
      clearTimeout(pending);
      pending = setTimeout(() => reload().catch(() => {}), 100);
    },
    onStatus: (s) => { els.live.textContent = s; els.live.dataset.state = s; },
    done: async () => (await api(`/tournaments/${id}`)).status === "finished",
  });
  return () => { live.close(); clearTimeout(pending); };
}
