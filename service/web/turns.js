// Your turn, noticed: while signed in, the page follows the account's event stream
// (GET /accounts/me/stream, one for the whole visit) and asks GET /accounts/me/turns on each
// message: the tab's title says how many games wait on you ("(2) Your turn · …") and its icon
// gets an orange dot. When a game comes to wait on you while the tab is hidden, an optional sound
// and an optional browser notification: both off until the person turns them on with a click
// (the browser's permission is asked on that click, never on load); the choice is kept in
// localStorage. Pages hear the stream's news as the window event "account-news".

import { api, session, stream } from "./api.js";
import { h } from "./dom.js";
import { GAME_NAMES } from "./games.js";

const SOUND = "deathmatch.turn-sound";
const NOTIFY = "deathmatch.turn-notify";
const TITLE = document.title;

let feed = null;
let waiting = []; // the turns waiting on me (GET /accounts/me/turns)
let pending = null;
let audio = null;

/** The turns waiting on me, as last heard. */
export const turnsWaiting = () => waiting;

function mark() {
  const count = waiting.length;
  document.title = count ? `(${count}) Your turn · ${TITLE}` : TITLE;
  document.querySelector("link[rel=icon]")?.setAttribute("href", count ? "/web/icon-turn.svg" : "/web/icon.svg");
  document.documentElement.dataset.turns = String(count);
}

function beep() {
  if (localStorage.getItem(SOUND) !== "on") return;
  try {
    audio ||= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch { /* no sound here: the title still says it */ }
}

function notify(turn) {
  if (localStorage.getItem(NOTIFY) !== "on" || !("Notification" in window) || Notification.permission !== "granted") return;
  const note = new Notification("Your turn", { body: `${GAME_NAMES[turn.game] || turn.game}: the game waits on you.`, tag: turn.match_id });
  note.onclick = () => { window.focus(); location.hash = `#/matches/${turn.match_id}`; };
}

async function check() {
  if (!session.account) return; // (signed out since it was asked for: the account's turns are not ours to ask)
  const before = new Set(waiting.map((t) => t.match_id));
  waiting = await api("/accounts/me/turns");
  mark();
  const fresh = waiting.filter((t) => !before.has(t.match_id));
  if (fresh.length && document.hidden) {
    beep();
    notify(fresh[0]);
  }
}

/** Follow the signed-in account (again after a sign-in; stop after a sign-out). */
export function followTurns() {
  if (feed) { feed.close(); feed = null; }
  clearTimeout(pending); // (a check the last account's stream asked for, not yet made)
  waiting = [];
  mark();
  if (!session.account) return;
  check().catch(() => {});
  feed = stream("/accounts/me/stream", {
    done: () => false,
    onMessage: (m) => {
      window.dispatchEvent(new CustomEvent("account-news", { detail: m }));
      clearTimeout(pending);
      pending = setTimeout(() => check().catch(() => {}), 150);
    },
  });
}

/** The lobby's controls: sound and browser notifications, each turned on or off by a click. */
export function signalControls() {
  const sound = h("button", { type: "button", class: "secondary", id: "turn-sound", "aria-pressed": String(localStorage.getItem(SOUND) === "on") });
  const notes = h("button", { type: "button", class: "secondary", id: "turn-notify", "aria-pressed": String(localStorage.getItem(NOTIFY) === "on") });
  const said = h("span", { class: "muted", "aria-live": "polite" });
  const label = () => {
    sound.textContent = localStorage.getItem(SOUND) === "on" ? "Sound on your turn: on" : "Sound on your turn: off";
    notes.textContent = localStorage.getItem(NOTIFY) === "on" ? "Browser notifications: on" : "Browser notifications: off";
    sound.setAttribute("aria-pressed", String(localStorage.getItem(SOUND) === "on"));
    notes.setAttribute("aria-pressed", String(localStorage.getItem(NOTIFY) === "on"));
  };
  sound.addEventListener("click", () => {
    const on = localStorage.getItem(SOUND) !== "on";
    localStorage.setItem(SOUND, on ? "on" : "off");
    if (on) { audio ||= new AudioContext(); beep(); } // (a click lets the page make sound)
    label();
  });
  notes.addEventListener("click", async () => {
    if (localStorage.getItem(NOTIFY) === "on") {
      localStorage.setItem(NOTIFY, "off");
    } else if (!("Notification" in window)) {
      said.textContent = "This browser has no notifications.";
    } else {
      const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
      if (answer === "granted") localStorage.setItem(NOTIFY, "on");
      else said.textContent = "The browser did not allow notifications: allow them in its site settings to turn them on.";
    }
    label();
  });
  label();
  return h("section", { class: "card signals" }, h("h2", {}, "When a game waits on you"),
    h("p", {}, "This tab's title and icon say so. When the tab is in the background, it can also:"),
    h("p", { class: "actions" }, sound, notes, said));
}
