// Live updates for the table on screen. Where the browser has shared workers, every tab's updates
// come through one stream held by live-worker.js, so that any number of tabs leave the browser's
// connections to the server free; elsewhere (a phone's browser without them) a tab holds its own
// stream while it is visible and closes it when hidden. Either way the page works without them: it
// reads the game when the person acts, and while no stream is open it looks every few seconds.

/** @typedef {{game: number, player: number, key: string | null}} Follow */

/** What this tab follows, and whom to tell. */
let following = /** @type {Follow | null} */ (null);
let listener = /** @type {(change: any) => void} */ (() => {});
/** Whether updates arrive now. */
let live = false;
let port = /** @type {MessagePort | null} */ (null);
let source = /** @type {EventSource | null} */ (null);
let poll = /** @type {any} */ (null);
/** Called every few seconds while no stream is open. */
let onQuiet = /** @type {() => void} */ (() => {});

/** The shared worker's port, made once. */
function shared() {
  if (port) return port;
  const worker = new SharedWorker("/live-worker.js", { name: "cdgsolo-live" });
  port = worker.port;
  port.onmessage = (event) => {
    const data = event.data || {};
    if (data.live !== undefined) setLive(data.live);
    else listener(data);
  };
  port.start();
  addEventListener("pagehide", () => port && port.postMessage({ follow: null, bye: true }));
  // Said again now and then, so that the worker knows this tab is still open.
  setInterval(() => port && port.postMessage({ follow: following }), 30000);
  return port;
}

/** @param {boolean} on */
function setLive(on) {
  live = on;
  // Read by the browser tests (and a style could show it).
  document.body.dataset.live = String(on);
  if (on && poll) {
    clearInterval(poll);
    poll = null;
  } else if (!on && !poll && following) {
    poll = setInterval(() => { if (!document.hidden) onQuiet(); }, 5000);
  }
}

/** Follows game `game` from seat `player` (with the seat's secret on two devices); `onChange` hears
 * each change, `quiet` is called every few seconds while updates cannot come.
 * @param {Follow} follow @param {(change: any) => void} onChange @param {() => void} quiet */
export function follow(follow, onChange, quiet) {
  listener = onChange;
  onQuiet = quiet;
  const same = following && following.game === follow.game && following.player === follow.player && following.key === follow.key;
  if (same) return;
  following = follow;
  setLive(false);
  if (typeof SharedWorker === "function") {
    shared().postMessage({ follow });
  } else {
    openOwn();
  }
}

/** Stops following (the lobby, a replay). */
export function stopFollowing() {
  following = null;
  if (port) port.postMessage({ follow: null });
  closeOwn();
  if (poll) clearInterval(poll);
  poll = null;
}

/** Whether updates arrive now. */
export function isLive() {
  return live;
}

/** Without a shared worker: a stream of this tab's own, while it is visible. */
function openOwn() {
  closeOwn();
  if (!following || document.hidden) return;
  // No streams at all in this browser: the page looks every few seconds instead.
  if (typeof EventSource !== "function") return setLive(false);
  const { game, player, key } = following;
  const stream = new EventSource(`/api/games/${game}/live/${player}${key ? `?seat=${key}` : ""}`);
  source = stream;
  stream.onopen = () => setLive(true);
  stream.onerror = () => setLive(false);
  stream.addEventListener("change", (event) => {
    if (source === stream) listener(JSON.parse(/** @type {MessageEvent} */ (event).data));
  });
}

function closeOwn() {
  if (source) source.close();
  source = null;
}

document.addEventListener("visibilitychange", () => {
  if (typeof SharedWorker === "function" || !following) return;
  if (document.hidden) {
    closeOwn();
    setLive(false);
  } else {
    openOwn();
    // What changed while hidden is read at once.
    onQuiet();
  }
});
