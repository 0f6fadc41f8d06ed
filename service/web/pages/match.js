// The game page: the board (click to play when it is your turn), the seats with their clocks
// ticking down, the moves so far, the result, and the buttons the match allows (accept, ready,
// join, resign...). Live over the match's event stream; a spectator sees what the API shows them.

import { api, session, stream, text } from "../api.js";
import { drawBoard, freeze, offerMoves } from "../board.js";
import { fill, h, notice } from "../dom.js";
import { clockParts, seatClock, WARN_MS } from "../clocks.js";
import { drawLine, refused, stopDrawing } from "../drawing.js";
import { entriesOf, moveItems } from "../movelist.js";
import { layout as seaLayout, showBoard, showPlayable } from "../seaboards.js";
import { composeBuild } from "../builds.js";
import { marked, playerLink } from "../names.js";
import { offerPieces } from "../pieces.js";
import { reasonText, resultLine } from "../words.js";
import { rematchButton, rematchOffers, resultSentence } from "../aftergame.js";
import { botsNow, waitingOnBots } from "../bots.js";
import { addedAfterTheEnd, GAME_NAMES, lineInput, PREVIEWS, sealed, WHOLE_PIECES, seatLabel, severalInput } from "../games.js";

const OVER = ["finished", "aborted"];
const WAITS_AFTER_THE_END = 30; // streams opened again (about a second apart) for what comes after the end

/** A seat's clock at `now` (server time, ms) into its element: the time, what it counts, the rest of the time control. */
function showClock(el, view, seat, now) {
  const state = seatClock(view, seat, now);
  const parts = clockParts(state);
  el.querySelector(".time").textContent = parts.time;
  el.querySelector(".label").textContent = parts.label;
  el.querySelector(".notes").textContent = parts.notes;
  el.classList.toggle("low", state.warn);
  el.classList.toggle("running", state.running);
  return state;
}

/** Deep Sea Voyage's end: each board's outcome and every ship's route length. */
function seaScores(view) {
  const boards = view.state?.boards || [];
  if (view.game !== "deepsea" || !boards.some((b) => b.score)) return null;
  const steps = (n) => (n === null || n === undefined ? "no route" : `${n} steps`);
  return h("table", { class: "standings sea-scores", id: "sea-scores" },
    h("caption", {}, "The boards: who won each, and the route lengths (shortest wins)"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Board"), h("th", { scope: "col" }, "Won by"),
      h("th", { scope: "col" }, "Routes"), h("th", { scope: "col" }, "Totals"))),
    h("tbody", {}, boards.filter((b) => b.score).map((b) => h("tr", {},
      h("th", { scope: "row" }, `Board ${b.board}`),
      h("td", {}, b.score.winner ? `${seatLabel(view.game, b.score.winner)}${b.score.by === "lost" ? " (the other side cut a ship off)" : ""}` : "tie"),
      h("td", {}, Object.entries(b.score.lengths || {}).map(([ship, n]) => `${ship} ${steps(n)}`).join(", ") || "—"),
      h("td", {}, Object.entries(b.score.totals || {}).map(([seat, n]) => `${seatLabel(view.game, seat)} ${steps(n)}`).join(", ") || "—")))));
}

function resultText(view) {
  return resultLine(view.result, Object.fromEntries(Object.entries(view.seats).map(([seat, s]) => [seat, s.name])));
}

export async function show(main, id) {
  const els = {
    title: h("h1", {}), seats: h("ul", { class: "seats", id: "seats" }), status: h("p", { id: "status", role: "status" }),
    result: h("p", { class: "result", id: "result" }), sealed: h("p", { class: "sealed-note", id: "sealed" }),
    actions: h("div", { class: "actions", id: "actions" }), board: h("div", { class: "board", id: "board" }),
    picker: h("div", { class: "picker", id: "picker" }), pieces: h("div", { class: "picker pieces", id: "pieces" }), moves: h("ol", { class: "moves", id: "moves" }),
    scores: h("div", { id: "scores" }), warned: h("p", { class: "visually-hidden", id: "clock-warning", "aria-live": "assertive" }),
    live: h("span", { class: "live", id: "live" }, "connecting"),
    help: h("p", { class: "help-links", id: "help-links" }),
    why: h("p", { class: "result-why", id: "result-why" }), offers: h("div", { id: "rematch-offers", "aria-live": "polite" }),
  };
  fill(main, els.title, h("div", { class: "game" },
    h("div", { class: "play" }, els.help, els.status, els.result, els.why, els.offers, els.sealed, els.board, els.scores, els.pieces, els.picker, els.actions),
    h("aside", {}, h("h2", { class: "visually-hidden" }, "Players and clocks"), els.seats, els.warned, h("h2", {}, "Moves"), els.moves,
      h("p", { class: "muted" }, "Updates: ", els.live))));

  let view = null;
  let loading = 0;
  let skew = 0; // the server's clock less this one, from the times of the events as they arrive
  let sampled = false;
  const serverNow = () => Date.now() + skew;
  let sending = false;
  let refocus = false;

  async function send(path, body) {
    sending = true;
    try {
      await api(path, { method: "POST", body });
    } catch (problem) {
      notice(problem.message, "error");
      refused(problem.message); // (a line drawn stays, the squares it names marked)
    }
    sending = false;
    await refresh(true); // (a refused move: its cell back on the board)
  }

  function play(move) {
    if (sending) return;
    // played from the keyboard: when it is our turn again, the focus goes back to the board
    refocus = els.board.contains(document.activeElement) || els.picker.contains(document.activeElement);
    loading++; // a refresh under way shows the board before this move: let it go
    freeze(els.board.firstElementChild, els.picker);
    fill(els.pieces);
    stopDrawing(els.board.firstElementChild);
    notice(move.line ? `You sent ${move.move.split(":")[0].toLowerCase()}.` : `You played ${move.move}.`);
    return send(`/matches/${id}/commands?expected_version=${view.version}`, move.command);
  }

  function actions() {
    const me = session.account?.id;
    const mine = view.you;
    const list = [];
    const button = (label, path, cls) => h("button", { type: "button", class: cls, dataset: { action: label.toLowerCase() },
                                                       onclick: () => send(path) }, label);
    if (mine && view.invited.includes(mine)) {
      list.push(h("button", { type: "button", dataset: { action: "accept" }, onclick: async () => {
        await send(`/matches/${id}/accept`);
        await send(`/matches/${id}/ready`);
      } }, "Accept"), button("Decline", `/matches/${id}/decline`, "secondary"));
    } else if (mine && view.status === "waiting" && !view.seats[mine].ready) {
      list.push(button("Ready", `/matches/${id}/ready`));
    }
    if (me && !mine && view.status === "waiting" && Object.values(view.seats).some((s) => !s.account_id)) {
      list.push(h("button", { type: "button", dataset: { action: "join" }, onclick: async () => {
        await send(`/matches/${id}/join`);
        await send(`/matches/${id}/ready`);
      } }, "Take the open seat"));
    }
    if (mine && view.status === "running") {
      const resign = h("button", { type: "button", class: "danger", dataset: { action: "resign" }, onclick: () => {
        if (resign.dataset.armed) return send(`/matches/${id}/resign`);
        resign.dataset.armed = "yes"; // a second click within 4 s resigns: one slip loses nothing
        resign.textContent = "Really resign?";
        setTimeout(() => { delete resign.dataset.armed; resign.textContent = "Resign"; }, 4000);
      } }, "Resign");
      list.push(resign);
    }
    if (me && view.created_by === me && view.status === "waiting") list.push(button("Cancel", `/matches/${id}/cancel`, "secondary"));
    if (OVER.includes(view.status)) list.push(rematchButton(view, (m) => notice(m, "error")),
      h("a", { class: "button", href: `#/matches/${id}/replay` }, view.status === "finished" ? "Replay and analysis" : "Replay"));
    list.push(h("a", { class: "button secondary", href: `/matches/${id}/record`, download: "" }, "Record"));
    fill(els.actions, list);
  }

  function statusText() {
    if (OVER.includes(view.status)) return view.status === "aborted" ? `Aborted: ${reasonText(view.result?.reason || "aborted")}` : "Finished";
    if (view.status === "waiting") {
      const invited = view.invited.map((s) => (view.seats[s]?.name ? marked(view.seats[s].name, view.seats[s].kind) : s));
      if (invited.length) return `Waiting for ${invited.join(", ")} to accept`;
      if (Object.values(view.seats).some((s) => !s.account_id)) return "Waiting for an opponent to take the open seat";
      return "Waiting for both players to be ready";
    }
    if (view.status === "pregame") return view.you && view.priority === view.you ? "Choose the seat you play" : "About to start";
    if (view.you && view.to_move.includes(view.you)) return "Your turn";
    if (view.game === "deepsea" && view.state?.phase === "pregame") return "Look at the boards: round 1 starts when the clocks reach 0:00";
    if (!view.to_move.length) return "Waiting for the game to go on";
    return `${view.to_move.map((s) => seatLabel(view.game, s)).join(" and ")} to move`;
  }

  function seats() {
    const seal = sealed(view);
    fill(els.seats, Object.entries(view.seats).map(([seat, s]) => h("li", {
      class: `seat${view.to_move.includes(seat) ? " to-move" : ""}`, dataset: { seat } },
    h("span", { class: `chip seat-${seat}` }), h("strong", {}, seatLabel(view.game, seat)), " ",
    s.account_id ? playerLink(s.account_id, s.name, s.kind) : h("em", {}, "open"), seat === view.you ? " (you)" : "",
    seal.window && !view.to_move.includes(seat) ? h("span", { class: "sealed" }, "sealed") : "",
    seal.window && seat === view.you && seal.mine ? h("span", { class: "sealed", title: seal.mine }, "sealed, replaceable") : "",
    h("span", { class: "clock", id: `clock-${seat}` },
      h("span", { class: "time" }), " ", h("span", { class: "label" }), h("span", { class: "notes" })))));
    tick();
  }

  let warnedFor = null;
  function tick() {
    if (!view) return;
    for (const seat of Object.keys(view.seats)) {
      const el = document.getElementById(`clock-${seat}`);
      if (!el) continue;
      const state = showClock(el, view, seat, serverNow());
      const turn = `${view.version}:${seat}`;
      if (seat === view.you && state.warn && state.out > 0 && warnedFor !== turn) { // said once a turn, aloud
        warnedFor = turn;
        els.warned.textContent = `Hurry: ${Math.ceil(state.out / 1000)} seconds left on your clock.`;
      }
    }
  }

  let recordAt = -1;
  async function moveList() {
    if (recordAt === view.version) return;
    const at = view.version;
    let record = "";
    try {
      record = await text(`/matches/${id}/record`);
    } catch {
      return; // (the list waits for the next event)
    }
    if (at !== view.version) return;
    recordAt = at;
    fill(els.moves, moveItems(entriesOf(record, Object.keys(view.seats)), view));
    els.moves.scrollTop = els.moves.scrollHeight;
  }

  /** Every legal move of mine, a page of 1,000 at a time (Deep Sea's open boards have thousands). */
  async function legalMoves() {
    const moves = [];
    for (let total = 1; moves.length < total && moves.length < 20000;) {
      const page = await api(`/matches/${id}/legal-moves?limit=1000&offset=${moves.length}`);
      if (!page.moves.length) break;
      moves.push(...page.moves);
      total = page.total;
    }
    return moves;
  }

  async function refresh(force = false) {
    const mine = ++loading;
    const next = await api(`/matches/${id}`);
    const picture = await text(`/matches/${id}/board.svg`);
    const choosing = next.you && next.status === "pregame" && next.priority === next.you; // the priority seat picks its seat
    const legal = (next.you && next.to_move.includes(next.you) && next.status === "running") || choosing ? await legalMoves() : [];
    const myTurn = legal.length > 0;
    if (mine !== loading) return; // a newer refresh is on its way
    if (view && next.version === view.version && !force) return; // nothing new: the board stays as it is (a tile being chosen)
    view = next;
    const names = Object.values(view.seats).map((s) => (s.name ? marked(s.name, s.kind) : "open seat"));
    els.title.textContent = `${GAME_NAMES[view.game] || view.game}: ${names.join(" vs ")}`;
    if (!els.help.firstChild) fill(els.help, h("a", { href: `#/games/${view.game}/rules` }, `Rules of ${GAME_NAMES[view.game] || view.game}`),
      h("a", { href: `#/games/${view.game}/tutorial` }, "Tutorial"));
    els.status.textContent = statusText();
    if (view.status === "waiting" && view.invited.length) { // a bot not ready says why it has not accepted yet
      const why = waitingOnBots(await botsNow(api), view.invited.map((s) => view.seats[s]?.account_id));
      if (why.length && mine === loading) els.status.textContent = `${statusText()}. ${why.join(" ")}`;
    }
    els.status.className = myTurn ? "your-turn" : "";
    const onBoard = els.board.contains(document.activeElement) || els.pieces.contains(document.activeElement);
    const svg = drawBoard(els.board, picture);
    if (view.game === "deepsea") seaLayout(els.board, svg, picture, id);
    els.board.dataset.version = view.version;
    els.board.dataset.status = view.status;
    els.result.textContent = resultText(view);
    els.why.textContent = resultSentence(view);
    if (OVER.includes(view.status)) followOffers();
    els.sealed.textContent = sealed(view).mine;
    const line = myTurn && !sending ? lineInput(view, legal, svg) : null;
    if (line) {
      drawLine(svg, els.picker, { hint: line.hint, first: line.first, loose: legal, choose: play, key: id,
        shown: (l) => { if (l?.board && view.game === "deepsea" && String(l.board) !== els.board.dataset.large) showBoard(els.board, id, l.board); },
        lines: line.lines.map((l) => ({
        ...l, send: (cells) => play({ move: `${l.label}: ${cells.join(" ")}`, line: true, command: l.command(cells) }) })) });
      if (refocus) svg.querySelector(".drawing")?.focus();
      refocus = false;
    } else if (myTurn && !sending) {
      const build = severalInput(view, legal);
      const several = build && ((cell) => {
        freeze(svg, els.picker);
        const stop = composeBuild(svg, els.picker, { cell, most: build.most,
          send: (tiles) => { stop(); play({ move: tiles.join(", "), command: build.command(tiles) }); },
          cancel: () => { stop(); refresh(true); } });
      });
      const version = view.version;
      const preview = PREVIEWS.has(view.game) && ((move) => (version === view.version
        ? text(`/matches/${id}/board.svg?after=${encodeURIComponent(move)}`) : Promise.resolve(null)));
      offerMoves(svg, els.picker, legal, play, { several, preview });
      if (view.game === "deepsea") showPlayable(els.board, svg, id);
      if (WHOLE_PIECES.has(view.game)) offerPieces(svg, els.pieces, legal, play, () => refresh(true), id, onBoard);
      if (refocus) (svg.querySelector(".legal") || els.picker.querySelector("button"))?.focus();
      refocus = false;
    } else fill(els.picker);
    if (!myTurn || sending || line) fill(els.pieces);
    fill(els.scores, seaScores(view));
    seats();
    actions();
    await moveList();
  }

  /** Once over: the rematches the opponent offers, checked now and whenever my account hears news. */
  let offers = null;
  let offersPending = null;
  async function showOffers() {
    fill(els.offers, await rematchOffers(view, (m) => notice(m, "error")));
  }
  const offersNews = () => {
    clearTimeout(offersPending);
    offersPending = setTimeout(() => showOffers().catch(() => {}), 200);
  };
  function followOffers() {
    if (offers || !view.you || !session.account) return;
    offers = true;
    showOffers().catch(() => {});
    window.addEventListener("account-news", offersNews); // the account's stream, followed by turns.js
  }

  await refresh();
  const ticker = setInterval(tick, 250);
  let resizing = null;
  const resized = () => { // Deep Sea's large board keeps its squares' size when the window changes
    if (view?.game !== "deepsea" || !els.board.dataset.large) return;
    els.board.classList.add("relayout");
    clearTimeout(resizing);
    resizing = setTimeout(() => { showBoard(els.board, id, els.board.dataset.large); els.board.classList.remove("relayout"); }, 150);
  };
  window.addEventListener("resize", resized);
  let pending = null;
  let waits = 0;
  const live = stream(`/matches/${id}/stream`, {
    onMessage: (m) => {
      if (typeof m.data?.at === "number" && m.event !== "state") { // (late news only makes it smaller)
        skew = sampled ? Math.max(skew, m.data.at - Date.now()) : m.data.at - Date.now();
        sampled = true;
      }
      clearTimeout(pending); pending = setTimeout(() => refresh().catch(() => {}), 50); },
    onStatus: (s) => { els.live.textContent = s; els.live.dataset.state = s; },
    done: async () => {
      const now = await api(`/matches/${id}`);
      return OVER.includes(now.status) && (!addedAfterTheEnd(now) || ++waits > WAITS_AFTER_THE_END);
    },
  });
  return () => { live.close(); window.removeEventListener("account-news", offersNews); clearTimeout(offersPending); clearInterval(ticker); clearTimeout(pending); window.removeEventListener("resize", resized); };
}
