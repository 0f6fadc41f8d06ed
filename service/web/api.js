// The public HTTP API, and nothing else: JSON requests with the token kept in localStorage, and
// Server-Sent Events read with fetch() (EventSource cannot send the Authorization header).

const KEY = "deathmatch.token";

export const session = {
  account: null, // the signed-in account (GET /accounts/me), or null
  token: () => localStorage.getItem(KEY),
  signIn: (token) => localStorage.setItem(KEY, token),
  signOut: () => { localStorage.removeItem(KEY); session.account = null; },
};

/** Who is signed in (null if no one, or the token no longer works). */
export async function whoAmI() {
  session.account = null;
  if (!session.token()) return null;
  try {
    session.account = await api("/accounts/me");
  } catch (error) {
    if (error.status === 401) session.signOut();
  }
  return session.account;
}

/** A refusal: the RFC 9457 problem's `code` and `detail`. */
export class Problem extends Error {
  constructor(status, body) {
    super(body?.detail || `HTTP ${status}`);
    this.status = status;
    this.code = body?.code || "http_" + status;
  }
}

function headers(auth, extra = {}) {
  const token = auth ? session.token() : null;
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/** `GET` (or `method`) `path`; the JSON answer, or throws a Problem. */
export async function api(path, { method = "GET", body, auth = true } = {}) {
  const init = { method, headers: headers(auth, body === undefined ? {} : { "Content-Type": "application/json" }) };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  const text = await response.text();
  const data = text && (response.headers.get("Content-Type") || "").includes("json") ? JSON.parse(text) : text;
  if (!response.ok) throw new Problem(response.status, typeof data === "object" ? data : null);
  return data;
}

/** The text of `path` (the board's SVG). */
export async function text(path, auth = true) {
  const response = await fetch(path, { headers: headers(auth) });
  if (!response.ok) throw new Problem(response.status, null);
  return response.text();
}

/**
 * Follow the SSE stream at `path`: `onMessage({event, id, data})` for each message. Reconnects by
 * itself after a dropped connection (1 s, then up to 15 s apart), resuming with Last-Event-ID;
 * stops when `done()` (may be async) says so after the server ends the stream, or on `close()`.
 * `onStatus("live" | "reconnecting" | "ended")` tells the page how the stream is.
 */
export function stream(path, { onMessage, onStatus = () => {}, done = () => true, auth = true, after = null }) {
  const control = new AbortController();
  let lastId = after; // (a Last-Event-ID to start from: "0" replays every event kept)
  let delay = 1000;

  async function once() {
    const extra = { Accept: "text/event-stream" };
    if (lastId !== null) extra["Last-Event-ID"] = lastId;
    const response = await fetch(path, { headers: headers(auth, extra), signal: control.signal });
    if (!response.ok) throw new Problem(response.status, null);
    onStatus("live");
    delay = 1000;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let message = { event: "message", data: [], id: null };
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) return;
      buffer += value;
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop();
      for (const line of lines) {
        if (line === "") {
          if (message.data.length) {
            if (message.id !== null) lastId = message.id;
            onMessage({ event: message.event, id: message.id, data: JSON.parse(message.data.join("\n")) });
          }
          message = { event: "message", data: [], id: null };
        } else if (!line.startsWith(":")) {
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "data") message.data.push(value);
          else if (field === "event") message.event = value;
          else if (field === "id") message.id = value;
        }
      }
    }
  }

  (async () => {
    while (!control.signal.aborted) {
      try {
        await once();
        if (await done()) { onStatus("ended"); return; }
      } catch (error) {
        if (control.signal.aborted) return;
        if (error instanceof Problem && error.status < 500 && error.status !== 429) { onStatus("ended"); return; }
      }
      onStatus("reconnecting");
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 15000);
    }
  })();
  return { close: () => control.abort() };
}
