// The browser's one live connection to cdgsolo, shared by all its tabs (a SharedWorker). Browsers
// keep six connections per server; a stream held by every game tab would take them all, so the
// tabs tell this worker which game and seat each follows, and it holds a single stream for all of
// them (GET /api/live?follow=12.0,13.1, with the seats' secrets in a header), parses its events and
// hands each to the tabs that follow that game from that seat. docs/web.md, "Live updates".

/** @type {any} */
const scope = self;

/** Each tab's port and what it follows ({game, player, key}), with when it last spoke.
 * @type {Map<MessagePort, {follow: {game: number, player: number, key: string | null} | null, heard: number}>} */
const tabs = new Map();
/** The stream open now: what it follows, and how to end it. */
let current = { wanted: "", secrets: "", live: false, stop: /** @type {AbortController | null} */ (null) };
let pending = /** @type {any} */ (null);
/** How long to wait before trying again after a refusal or a failure, in ms. */
let backoff = 1000;

scope.onconnect = (/** @type {MessageEvent} */ event) => {
  const port = event.ports[0];
  tabs.set(port, { follow: null, heard: Date.now() });
  port.onmessage = (/** @type {MessageEvent} */ message) => {
    const data = message.data || {};
    if ("follow" in data) {
      tabs.set(port, { follow: data.follow, heard: Date.now() });
      if (data.follow === null && data.bye) tabs.delete(port);
      soon();
    }
  };
  port.start();
};

// A tab closed without saying so stops counting after three minutes without a word (each tab
// repeats what it follows every thirty seconds, even in the background).
setInterval(() => {
  const limit = Date.now() - 180000;
  for (const [port, tab] of tabs) if (tab.heard < limit) tabs.delete(port);
  soon();
}, 60000);

/** Opens the stream again, shortly, if what the tabs follow has changed. */
function soon() {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    reconnect();
  }, 50);
}

function reconnect() {
  const follows = new Set();
  const secrets = new Set();
  for (const { follow } of tabs.values()) {
    if (!follow) continue;
    follows.add(`${follow.game}.${follow.player}`);
    if (follow.key) secrets.add(follow.key);
  }
  const wanted = [...follows].sort().join(",");
  const keys = [...secrets].sort().join(",");
  if (wanted === current.wanted && keys === current.secrets && current.stop) {
    // A tab that joined a stream already open learns that updates come.
    if (current.live) tell(null, { live: true });
    return;
  }
  if (current.stop) current.stop.abort();
  current = { wanted, secrets: keys, live: false, stop: null };
  if (!wanted) return;
  const stop = new AbortController();
  current.stop = stop;
  open(wanted, keys, stop).catch(() => {}).finally(() => {
    if (current.stop !== stop) return;
    // The stream ended (a quiet spell, a stop of the server, a refusal): the tabs are told, and
    // it is opened again after a pause.
    current.stop = null;
    current.live = false;
    tell(null, { live: false });
    setTimeout(soon, backoff);
    backoff = Math.min(backoff * 2, 30000);
  });
}

/** Reads the stream until it ends. @param {string} wanted @param {string} keys @param {AbortController} stop */
async function open(wanted, keys, stop) {
  /** @type {Record<string, string>} */
  const headers = keys ? { "x-cdgsolo-seat": keys } : {};
  const response = await fetch(`/api/live?follow=${wanted}`, { headers, signal: stop.signal });
  if (!response.ok || !response.body) {
    const refusal = await response.json().catch(() => ({}));
    tell(null, { live: false, refused: refusal.error || `${response.status}` });
    return;
  }
  current.live = true;
  tell(null, { live: true });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    // Some data came: the next failure waits a second again.
    backoff = 1000;
    text += value;
    let end;
    while ((end = text.indexOf("\n\n")) >= 0) {
      const block = text.slice(0, end);
      text = text.slice(end + 2);
      const data = block.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim()).join("\n");
      if (!data) continue;
      try {
        const change = JSON.parse(data);
        tell(change, change);
      } catch (e) {
        // A line that is not JSON is not one of ours.
      }
    }
  }
}

/** Hands `message` to the tabs that follow `change`'s game from its seat (every tab for null).
 * @param {any} change @param {any} message */
function tell(change, message) {
  for (const [port, { follow }] of tabs) {
    if (!follow) continue;
    if (change && (follow.game !== change.game || follow.player !== change.player)) continue;
    port.postMessage(message);
  }
}
