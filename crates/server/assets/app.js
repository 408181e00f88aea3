// cdgsolo's page: routes between the lobby and the table of one game, over the JSON API
// (docs/api.md). Plain JavaScript modules, no build step; every decision is saved by the server before
// it answers, so reloading the page finds the game where it was.
import { api, $, el, loneSteps, botWords } from "./dom.js";
import { showLobby } from "./lobby.js";
import { renderManoeuvre, lightSquares, actionPlace, drawPosition } from "./manoeuvre.js";
import { renderCardTable } from "./cardtable.js";
import { renderInvaders } from "./invaders.js";
import { renderMiniatures } from "./miniatures.js";
import { showReplay, history, watcher } from "./replay.js";

/** The answer of the last change (an action with its events and the bots' moves), for the table
 * drawn right after it; null after a reload. @type {any} */
let lastAnswer = null;

/** The table on screen, for the log's lines to light its squares. @type {import("./dom.js").TableContext | null} */
let shown = null;

/** Makes a log line light up, on the battlefield, the squares it names when it is pointed at or
 * focused. @param {HTMLElement} entry */
function lightable(entry) {
  const squares = [...new Set((entry.textContent || "").match(/\b[a-h][1-8]\b/g) || [])];
  if (squares.length === 0) return entry;
  entry.tabIndex = 0;
  entry.dataset.squares = squares.join(" ");
  const light = (/** @type {string[]} */ list) => {
    if (shown && shown.game.status.game === "manoeuvre") lightSquares(list, shown);
  };
  entry.addEventListener("mouseenter", () => light(squares));
  entry.addEventListener("focus", () => light(squares));
  entry.addEventListener("mouseleave", () => light([]));
  entry.addEventListener("blur", () => light([]));
  return entry;
}

/** @param {number} id */
/** Counts the table's drawings: a drawing that a later one has overtaken (a live update and a click
 * at once) stops instead of drawing an older position over it. */
let drawings = 0;

async function showGame(id) {
  const mine = ++drawings;
  $("lobby").hidden = true;
  $("pass").hidden = true;
  $("replay").hidden = true;
  $("table").hidden = false;
  $("to-lobby").hidden = false;
  $("hint-box").replaceChildren();
  const game = await api(`/api/games/${id}`);
  if (mine !== drawings) return;
  // A device playing one seat of a two-device game shows that seat alone, and asks for the legal
  // actions only on its own turn (the other seat's would tell what its hand holds).
  const fixed = fixedSeat(id);
  const ours = fixed === null || (game.status.to_move && game.status.to_move.player === fixed);
  const legal = ours ? await api(`/api/games/${id}/legal`) : { actions: [] };
  if (mine !== drawings) return;
  $("where").textContent = game.name;
  $("table").classList.toggle("manoeuvre", game.status.game === "manoeuvre");
  // The keys of the battlefield are Manoeuvre's alone.
  /** @type {HTMLElement} */ (document.querySelector("#table .keys")).hidden = game.status.game !== "manoeuvre";
  // The step the table shows, for whoever waits for it to move on (the browser tests).
  $("table").dataset.steps = String(game.status.steps);
  $("hint").hidden = game.status.game !== "manoeuvre" || game.status.over;
  $("lone-setting").hidden = game.status.game !== "manoeuvre" || game.status.over;
  /** @type {HTMLInputElement} */ ($("lone-steps")).checked = loneSteps();
  // Nothing to take back (the start, or a roll, a draw or a reveal since): the button says so.
  const undo = /** @type {HTMLButtonElement} */ ($("undo"));
  // On two devices each takes back only its own decision.
  const undoable = game.status.undo && (fixed === null || game.status.last_decision === fixed);
  undo.disabled = busy || !undoable;
  // While a change is still being drawn the button comes back as the new status says, not as it was.
  if (busy) undo.dataset.wasDisabled = String(!undoable);
  undo.title = game.status.undo ? "Take back your last decision" : "Nothing to undo: the last step was a roll, a draw or something revealed, or there is none yet";
  const status = game.status;
  // Against a bot the page shows the person's own seat; hotseat, the seat of whoever is to move.
  const seats = game.seats || [null, null];
  const human = seats[0] === null ? 0 : 1;
  const bot = seats[0] !== null || seats[1] !== null;
  const player = fixed !== null ? fixed : bot ? human : (status.to_move && status.to_move.player !== undefined ? status.to_move.player : 0);
  // Hotseat: when the seat at the screen changes, the table waits behind a "pass the device" screen
  // so that one player never sees the other's hand (not on a device that plays one seat).
  // The game says whether its seats hide cards from each other (Invaders on a Card Display is one
  // person's game: its face-down cards are hidden from every seat alike).
  const secretHands = game.status.hands_hidden === true;
  const hotseat = !bot && secretHands && !status.over && fixed === null;
  $("devices").hidden = !hotseat;
  $("rollback-box").hidden = fixed !== null;
  const seatKey = `cdgsolo-seat-${id}`;
  if (hotseat && sessionStorage.getItem(seatKey) !== String(player)) {
    const name = status.to_move ? status.to_move.name : `player ${player + 1}`;
    $("table").hidden = true;
    // Behind the pass screen the last player's cards leave the page too, not only the screen.
    // The log too: it tells the last player's own draws by name.
    for (const part of ["board", "hand", "actions", "choice", "log"]) $(part).replaceChildren();
    delete $("log").dataset.filled;
    $("pass").hidden = false;
    $("pass-title").textContent = `Pass the device to ${name}`;
    $("pass-ready").textContent = `I am ${name}: show my cards`;
    $("pass-ready").onclick = () => {
      sessionStorage.setItem(seatKey, String(player));
      showGame(id)
        .then(() => fillLog(id))
        .catch((e) => { $("table-error").textContent = String(e.message); });
    };
    $("pass-ready").focus();
    return;
  }
  const seen = await api(`/api/games/${id}/observe/${player}`);
  if (mine !== drawings) return;
  const view = seen.observation || seen;
  const phaseName = typeof view.phase === "string" ? view.phase : view.phase_words || view.step_words;
  const phase = phaseName ? ` (${phaseName}, turn ${view.turn})` : "";
  if (status.over) {
    $("status").textContent = `The game is over: ${status.result ? status.result.reason : ""}`;
  } else if (fixed !== null && !ours) {
    $("status").textContent = `Waiting for ${status.to_move ? status.to_move.name : "the other player"} to decide${phase}`;
  } else if (fixed !== null) {
    $("status").textContent = `Your turn: ${status.to_move.name} to decide${phase}`;
  } else {
    $("status").textContent = `${status.to_move ? status.to_move.name : ""} to decide${phase}`;
  }
  // A device playing one seat says in its tab's title when its turn has come.
  document.title = fixed !== null && ours && !status.over ? "Your turn - cdgsolo" : "cdgsolo";
  follow(id, player);
  const ctx = {
    id, game, legal, view, player, last: lastAnswer,
    act: (/** @type {string} */ action) => act(id, action, status.steps),
    actMany: (/** @type {string[]} */ actions) => act(id, actions, status.steps),
  };
  lastAnswer = null;
  shown = ctx;
  if (game.status.game === "manoeuvre") renderManoeuvre(ctx);
  else if (game.status.game === "invaders") renderInvaders(ctx);
  else if (game.status.game === "miniatures") renderMiniatures(ctx);
  else renderCardTable(ctx);
}

/** The live stream of the game on screen (Server-Sent Events), and the game and seat it follows. */
let live = /** @type {EventSource | null} */ (null);
let liveKey = "";

/** Follows game `id` from seat `player`: a bot's moves are drawn as it makes them, and a change
 * made elsewhere (another tab, the other device of a two-device game) redraws the table.
 * @param {number} id @param {number} player */
function follow(id, player) {
  const key = `${id}/${player}`;
  if (live && liveKey === key) return;
  stopFollowing();
  liveKey = key;
  const stream = new EventSource(`/api/games/${id}/live/${player}`);
  live = stream;
  stream.addEventListener("change", (event) => {
    if (live !== stream || location.hash !== `#game/${id}`) return;
    const data = JSON.parse(/** @type {MessageEvent} */ (event).data);
    const shownSteps = Number($("table").dataset.steps);
    // A move told late, after the table already shows a later step, is not drawn over it.
    if (data.move) {
      if (data.steps > shownSteps) showMove(data.move);
    } else if (!busy && data.steps !== shownSteps) refresh(id);
  });
}

function stopFollowing() {
  if (live) live.close();
  live = null;
  liveKey = "";
}

/** Draws a move the server tells of while a bot is still playing: the position after it, read
 * only, and its line at the top of the log. @param {any} move `{"observation", "label", "events"}` */
function showMove(move) {
  const view = move.observation && (move.observation.observation || move.observation);
  if (view && view.terrain) {
    const [field, ...cards] = drawPosition(view);
    $("board").replaceChildren(field);
    $("hand").replaceChildren(...cards);
    $("actions").replaceChildren();
  }
  const line = el("li", move.label, "bot-line");
  if (move.events && move.events.length) line.append(el("div", move.events.join(" "), "events"));
  $("log").prepend(lightable(line));
}

/** Reads the game on screen afresh (a change made elsewhere). @param {number} id */
async function refresh(id) {
  if (busy) return;
  working("Updating...");
  try {
    await showGame(id);
    await fillLog(id);
  } catch (e) {
    $("table-error").textContent = String(/** @type {Error} */ (e).message);
  } finally {
    working(null);
  }
}

/** Whether a change is on its way to the server: the table's buttons are disabled meanwhile and a
 * second click is ignored, so a double click never sends a decision twice. */
let busy = false;

/** Marks the table as waiting for the server, saying why where the eye is (above the actions).
 * @param {string | null} why the words to show, or null when the wait is over */
function working(why) {
  busy = why !== null;
  $("table").classList.toggle("busy", busy);
  $("working").hidden = !busy;
  $("working").textContent = why || "";
  for (const b of document.querySelectorAll("#table button")) {
    const button = /** @type {HTMLButtonElement} */ (b);
    if (busy) {
      button.dataset.wasDisabled = String(button.disabled);
      button.disabled = true;
    } else if (button.dataset.wasDisabled !== undefined) {
      button.disabled = button.dataset.wasDisabled === "true";
      delete button.dataset.wasDisabled;
    }
  }
}

/** What the page waits for after a decision: the bot's answer, or the save.
 * @param {number} id */
function waitWords(id) {
  const seats = shown && shown.id === id ? shown.game.seats || [] : [];
  const bot = seats.find((/** @type {string | null} */ s) => s);
  return bot ? `Your move is saved; the ${botWords(bot)} is thinking...` : "Saving...";
}

/** Sends one change of the game (an action, an undo), then shows the table and its log (the game's
 * history) with, for a change the history does not list (an undo), the note `line` makes of the
 * answer on top; an error is shown above the actions until the next change or another game.
 * @param {number} id @param {string} path @param {any} body @param {(answer: any) => HTMLElement} [line] */
async function change(id, path, body, line) {
  if (busy) return;
  $("table-error").textContent = "";
  working(path === "actions" ? waitWords(id) : "Taking it back...");
  /** @type {HTMLElement | null} */
  let entry = null;
  try {
    lastAnswer = await api(`/api/games/${id}/${path}`, "POST", body);
    entry = line ? line(lastAnswer) : null;
    // Saved, but the game changed elsewhere before the bots or lone steps after it were: the table
    // below is read afresh from what was saved.
    if (lastAnswer && lastAnswer.not_played_on) $("table-error").textContent = "Your move is saved; the game was changed elsewhere meanwhile, so it is shown as it now stands.";
  } catch (e) {
    $("table-error").textContent = String(/** @type {Error} */ (e).message);
  }
  try {
    // The page may have gone to another game or the lobby meanwhile: nothing to draw here then.
    if (location.hash === `#game/${id}`) {
      await showGame(id);
      // One log: the game's history, the same list a reload shows; an undo's note on top of it.
      await fillLog(id);
      if (entry) $("log").prepend(entry);
    }
  } finally {
    working(null);
  }
}

/** Plays one action, or several as one decision (a Discard phase's discards and its end).
 * @param {number} id @param {string | string[]} action @param {number} step */
function act(id, action, step) {
  const which = Array.isArray(action) ? { actions: action } : { action };
  return change(id, "actions", { ...which, step, lone_steps: loneSteps() });
}

$("undo").addEventListener("click", () => {
  const id = Number(location.hash.split("/")[1]);
  const seat = fixedSeat(id);
  const body = seat === null ? { lone_steps: loneSteps() } : { lone_steps: loneSteps(), seat };
  change(id, "undo", body, (undone) => el("li", `Undone: ${undone.label || undone.undone}`));
});

/** The seat this tab plays of a two-device game (opened by a seat's link), or null.
 * @param {number} id */
function fixedSeat(id) {
  const seat = sessionStorage.getItem(`cdgsolo-fixed-seat-${id}`);
  return seat === null ? null : Number(seat);
}

/** Fills the links that hand each seat of a hotseat game to a device of its own. @param {number} id */
async function fillDevices(id) {
  const access = await api("/api/access");
  // The armies' names, from the table on screen (the box is shown only on a hotseat game in play).
  const sides = shown && shown.id === id ? shown.view.sides || [] : [];
  const bases = access.bases.length ? access.bases : [`${location.origin}/`];
  const list = el("ul");
  for (const seat of [0, 1]) {
    const name = (sides[seat] && sides[seat].nation) || `player ${seat + 1}`;
    const li = el("li");
    li.append(el("span", `${name}'s device: `));
    for (const base of bases) {
      const a = el("a", `${base.replace(/\?token=.*$/, "")} (${name})`);
      a.setAttribute("href", `${base}#game/${id}/seat/${seat}`);
      a.className = "seat-link";
      a.dataset.seat = String(seat);
      li.append(a, " ");
    }
    list.append(li);
  }
  const note = access.network
    ? "Open one link on each device (they carry the access token): each shows only its own army's cards, says when its turn has come, and needs no passing of the device."
    : "This server answers only on this machine (start it with cdgsolo serve --host for another device): the links still give each player a window of their own here.";
  $("devices-list").replaceChildren(el("p", note, "note"), list);
}

$("devices").addEventListener("toggle", () => {
  const id = Number(location.hash.split("/")[1]);
  if (/** @type {HTMLDetailsElement} */ ($("devices")).open) fillDevices(id).catch((e) => { $("table-error").textContent = String(e.message); });
});

$("lone-steps").addEventListener("change", () => {
  localStorage.setItem("cdgsolo-lone-steps", /** @type {HTMLInputElement} */ ($("lone-steps")).checked ? "1" : "0");
});

$("rollback-box").addEventListener("toggle", () => {
  if (/** @type {HTMLDetailsElement} */ ($("rollback-box")).open) fillRollback().catch((e) => { $("table-error").textContent = String(e.message); });
});

$("hint").addEventListener("click", async () => {
  if (busy) return;
  const id = Number(location.hash.split("/")[1]);
  $("hint-box").textContent = "";
  working("Looking for a hint from what you can see...");
  try {
    const hint = await api(`/api/games/${id}/hint`);
    const list = el("ol");
    for (const m of hint.moves) {
      const odds = m.win_rate === null ? "the only move" : `${Math.round(100 * m.share)}% of the search, wins ${Math.round(100 * m.win_rate)}%`;
      list.append(el("li", `${m.label}: ${odds}`));
    }
    $("hint-box").replaceChildren(el("p", `A search of ${hint.iterations} playouts from your own seat suggests:`), list);
    showHint(hint.moves[0]);
  } catch (e) {
    $("hint-box").textContent = String(/** @type {Error} */ (e).message);
  }
  working(null);
});

/** Marks the hint's favourite move on the page: its unit and target square lit on the battlefield,
 * its button outlined (and its fold opened when the battlefield's moves are folded away).
 * @param {any} move the first of a hint's moves, or undefined */
function showHint(move) {
  if (!move || !shown) return;
  const place = actionPlace(move.id);
  const unit = place.unit === null ? null : (shown.view.units || []).find((/** @type {any} */ u) => u.id === place.unit);
  const squares = [unit && unit.square, place.square].filter((/** @type {string | null} */ sq) => sq);
  if (squares.length && shown.game.status.game === "manoeuvre") lightSquares(/** @type {string[]} */ (squares), shown);
  // A discard is ticked on the card itself: that card is marked instead.
  const tick = document.querySelector(`#hand input[value="${CSS.escape(move.id)}"]`);
  if (tick) tick.closest("label")?.classList.add("hinted");
  const id = CSS.escape(move.id);
  const button = document.querySelector(`#actions [data-action="${id}"], #actions [data-also~="${id}"]`);
  if (button) {
    button.classList.add("hinted");
    const fold = button.closest("details");
    if (fold) /** @type {HTMLDetailsElement} */ (fold).open = true;
  }
}

// Keys for the table: u to undo, h for a hint (not while typing in a field).
document.addEventListener("keydown", (event) => {
  const target = /** @type {HTMLElement} */ (event.target);
  if ($("table").hidden || event.ctrlKey || event.metaKey || event.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
  if (event.key === "u") $("undo").click();
  else if (event.key === "h" && !$("hint").hidden) $("hint").click();
});

/** Fills the log from the game's history (after a reload or on opening a saved game); a Manoeuvre
 * battle's setup steps are folded into one line. Marks the log `data-filled` when done.
 * @param {number} id */
async function fillLog(id) {
  // Behind the pass screen the log waits for the next player: it is told from that seat.
  if (!$("pass").hidden) return;
  const game = await api(`/api/games/${id}`);
  const seats = game.seats || [null, null];
  const past = await history(id, watcher(game, id), game.status.steps);
  const line = (/** @type {any} */ e) => {
    const bot = e.actor !== null && e.actor !== undefined && seats[e.actor];
    const taken = e.taken_for_player === true;
    const text = bot ? `${e.label} [${botWords(bot)}]` : taken ? `${e.label} (the only choice, taken for you)` : e.label;
    const entry = el("li", text, bot ? "bot-line" : taken ? "taken" : undefined);
    if (e.events.length) entry.append(el("div", e.events.join(" "), "events"));
    return lightable(entry);
  };
  const manoeuvre = game.status.game === "manoeuvre";
  const setup = manoeuvre ? past.entries.filter((/** @type {any} */ e) => e.turn === null) : [];
  const rest = past.entries.filter((/** @type {any} */ e) => !setup.includes(e));
  const lines = rest.map(line).reverse();
  if (setup.length) {
    const fold = el("details");
    const list = el("ol");
    list.append(...setup.map(line));
    fold.append(el("summary", `Setting up the battle: ${setup.length} steps`), list);
    const entry = el("li", undefined, "setup");
    entry.append(fold);
    lines.push(entry);
  }
  $("log").replaceChildren(...lines);
  $("log").dataset.filled = "true";
}

/** Lists where the game can be taken back to: the start of each turn and the person's own decisions. */
async function fillRollback() {
  const id = Number(location.hash.split("/")[1]);
  const game = await api(`/api/games/${id}`);
  const past = await history(id, watcher(game, id), game.status.steps);
  const list = el("ul");
  /** @param {number} step @param {string} text */
  const item = (step, text) => {
    const b = el("button", text);
    b.onclick = async () => {
      if (!confirm(`${text}? The moves made since leave the game (they stay in its history).`)) return;
      $("table-error").textContent = "";
      try {
        await api(`/api/games/${id}/rollback`, "POST", { step, lone_steps: loneSteps() });
        /** @type {HTMLDetailsElement} */ ($("rollback-box")).open = false;
        await showGame(id);
        await fillLog(id);
        $("log").prepend(el("li", `Went back: ${text}`));
      } catch (e) {
        $("table-error").textContent = String(/** @type {Error} */ (e).message);
      }
    };
    const li = el("li");
    li.append(b);
    list.append(li);
  };
  for (const t of [...(past.turns || [])].reverse()) if (t.step < past.steps) item(t.step, `Back to the start of turn ${t.turn} (${t.active})`);
  const own = past.entries.filter((/** @type {any} */ e) => e.decision).slice(-12).reverse();
  for (const e of own) item(e.step - 1, `Back to before: ${e.label}`);
  $("rollback-list").replaceChildren(list.childElementCount ? list : el("p", "Nothing to go back to yet."));
}

function route() {
  // A seat's link (#game/ID/seat/P): this tab plays that seat from now on.
  const seatLink = location.hash.match(/^#game\/(\d+)\/seat\/([01])$/);
  if (seatLink) {
    sessionStorage.setItem(`cdgsolo-fixed-seat-${seatLink[1]}`, seatLink[2]);
    sessionStorage.setItem(`cdgsolo-seat-${seatLink[1]}`, seatLink[2]);
    location.replace(`#game/${seatLink[1]}`);
    return;
  }
  const replay = location.hash.match(/^#game\/(\d+)\/replay\/(\d+)$/);
  const m = location.hash.match(/^#game\/(\d+)$/);
  if (!m) stopFollowing();
  if (replay) {
    showReplay(Number(replay[1]), Number(replay[2])).catch((e) => { $("replay-where").textContent = String(e.message); });
  } else if (m) {
    $("table-error").textContent = "";
    $("log").replaceChildren();
    delete $("log").dataset.filled;
    showGame(Number(m[1]))
      .then(() => fillLog(Number(m[1])))
      .catch((e) => { $("table-error").textContent = String(e.message); });
  } else {
    showLobby().catch((e) => { $("lobby-error").textContent = String(e.message); });
  }
}
window.addEventListener("hashchange", route);
route();
