// cdgsolo's page: routes between the lobby and the table of one game, over the JSON API
// (docs/api.md). Plain JavaScript modules, no build step; every decision is saved by the server before
// it answers, so reloading the page finds the game where it was.
import { api, $, el, loneSteps, botWords, ApiError } from "./dom.js";
import { place, heldSeat, gameAddress, showsTable } from "./seat.js";
import { follow as followLive, stopFollowing } from "./live.js";
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
  $("notice").hidden = true;
  $("table").hidden = false;
  $("to-lobby").hidden = false;
  $("hint-box").replaceChildren();
  const held = heldSeat(id);
  /** @type {any} */
  let game;
  try {
    game = await api(`/api/games/${id}`);
  } catch (e) {
    // A game on two devices opened without its seat's secret, or a secret no longer valid.
    if (e instanceof ApiError && e.status === 403) return seatNotice(id, held !== null, e.message);
    throw e;
  }
  if (mine !== drawings) return;
  // A device playing one seat of a two-device game shows that seat alone, and asks for the legal
  // actions only on its own turn (the other seat's would tell what its hand holds; the server
  // refuses them).
  const fixed = held ? held.seat : null;
  const ours = fixed === null || (game.status.to_move && game.status.to_move.player === fixed);
  const legal = ours ? await api(`/api/games/${id}/legal`) : { actions: [] };
  if (mine !== drawings) return;
  $("where").textContent = game.name;
  $("table").classList.toggle("manoeuvre", game.status.game === "manoeuvre");
  // The keys of the battlefield are Manoeuvre's alone.
  /** @type {HTMLElement} */ (document.querySelector("#table .keys")).hidden = game.status.game !== "manoeuvre";
  // The step the table shows, for whoever waits for it to move on (the browser tests).
  $("table").dataset.steps = String(game.status.steps);
  // A hint is for the seat to decide: the waiting device has none to ask for.
  $("hint").hidden = game.status.game !== "manoeuvre" || game.status.over || !ours;
  $("lone-setting").hidden = game.status.game !== "manoeuvre" || game.status.over;
  /** @type {HTMLInputElement} */ ($("lone-steps")).checked = loneSteps();
  // Nothing to take back (the start, or a roll, a draw or a reveal since): the button says so.
  const undo = /** @type {HTMLButtonElement} */ ($("undo"));
  // On two devices each takes back only its own decision (the server's status says so for the seat).
  const undoable = game.status.undo === true;
  undo.disabled = busy || !undoable;
  // While a change is still being drawn the button comes back as the new status says, not as it was.
  if (busy) undo.dataset.wasDisabled = String(!undoable);
  undo.title = game.status.undo ? "Take back your last decision" : "Nothing to undo: the last step was a roll, a draw or something revealed, or there is none yet";
  // At a card table the player is told what stands in the way: the step that was seen.
  const why = game.status.game !== "manoeuvre" && !game.status.over && !undoable ? game.status.undo_blocked : null;
  $("undo-why").textContent = why ? `Undo is not possible now: ${why.replace(/\.$/, "")}.` : "";
  if (why) undo.title = `Nothing to undo: ${why}`;
  const status = game.status;
  // Against a bot the page shows the person's own seat; hotseat, the seat of whoever is to move.
  const seats = game.seats || [null, null];
  const human = seats[0] === null ? 0 : 1;
  const bot = seats[0] !== null || seats[1] !== null;
  const moving = status.to_move && status.to_move.player !== undefined ? status.to_move.player : null;
  let player = fixed !== null ? fixed : bot ? human : moving !== null ? moving : 0;
  // The name of the seat the table is for: the player to decide, or, at a chance step with one's
  // own cards (a card drawn, a die rolled), the player whose card or die it is.
  let seatName = moving !== null ? status.to_move.name : null;
  const seatKey = `cdgsolo-seat-${id}`;
  /** The observation of the seat at the screen, when it was read to find whose step this is. @type {any} */
  let seen = null;
  if (moving === null && fixed === null && !bot && !status.over) {
    // A chance step: the game's view says whose cards turn up, and that player names them, so the
    // screen is theirs (not the last player's, whose hand would show meanwhile). A game that
    // does not say keeps the seat at the screen.
    const atScreen = Number(sessionStorage.getItem(seatKey) || 0);
    seen = await api(`/api/games/${id}/observe/${atScreen}`);
    if (mine !== drawings) return;
    const chanceSeat = (seen.observation || seen).chance_seat;
    player = chanceSeat ? chanceSeat.player : atScreen;
    seatName = chanceSeat ? chanceSeat.name : null;
    if (player !== atScreen) seen = null;
  }
  // Hotseat: when the seat at the screen changes, the table waits behind a "pass the device" screen
  // so that one player never sees the other's hand (not on a device that plays one seat).
  // The game says whether its seats hide cards from each other (Invaders on a Card Display is one
  // person's game: its face-down cards are hidden from every seat alike).
  const secretHands = game.status.hands_hidden === true;
  const hotseat = !bot && secretHands && !status.over && fixed === null;
  $("devices").hidden = !hotseat;
  $("rollback-box").hidden = fixed !== null;
  if (hotseat && sessionStorage.getItem(seatKey) !== String(player)) {
    seen = null;
    const name = seatName || `player ${player + 1}`;
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
  if (!seen) seen = await api(`/api/games/${id}/observe/${player}`);
  if (mine !== drawings) return;
  const view = seen.observation || seen;
  // A card table's header says whose shuffled cards it follows.
  $("where").textContent = game.status.deck ? `${game.name} · ${game.status.deck}` : game.name;
  const phaseName = typeof view.phase === "string" ? view.phase : view.phase_words || view.step_words;
  const phase = phaseName ? ` (${phaseName}, turn ${view.turn})` : "";
  if (status.over) {
    $("status").textContent = `The game is over: ${status.result ? status.result.reason : ""}`;
  } else if (fixed !== null && !ours) {
    $("status").textContent = `Waiting for ${status.to_move ? status.to_move.name : "the other player"} to decide${phase}`;
  } else if (fixed !== null) {
    $("status").textContent = `Your turn: ${status.to_move.name} to decide${phase}`;
  } else if (moving === null) {
    // A chance step with one's own cards: the player says what turned up.
    $("status").textContent = `${seatName ? `${seatName}: ` : ""}say what turned up${phase}`;
  } else {
    $("status").textContent = `${status.to_move.name} to decide${phase}`;
  }
  // A device playing one seat says in its tab's title when its turn has come.
  document.title = fixed !== null && ours && !status.over ? "Your turn - cdgsolo" : "cdgsolo";
  followLive({ game: id, player, key: held ? held.key : null }, (change) => onChange(id, change), () => quietLook(id));
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

/** Hears a change of the game on screen (live.js): a bot's move is drawn as it is made, a change
 * made elsewhere (another tab, the other device of a two-device game) redraws the table, and the
 * other device's undo, a hand-out or a deletion is said.
 * @param {number} id @param {any} change */
function onChange(id, change) {
  if (!showsTable(id)) return;
  if (change.refused) return seatNotice(id, heldSeat(id) !== null, change.refused);
  if (change.deleted) return gameGone(id);
  if (change.devices !== undefined) {
    const held = heldSeat(id) !== null;
    if (held && !change.devices) return seatNotice(id, true, "The game was taken back to one screen: this seat's link no longer opens it.");
    if (!held && change.devices) return seatNotice(id, false, "The game was handed to two devices: each plays it with its own seat's link.");
  }
  if (change.undone) {
    const table = shown && shown.id === id ? shown : null;
    const other = table && heldSeat(id) ? (table.view.sides || [])[1 - table.player] : null;
    noteAfterRefresh = `${other && other.nation ? other.nation : "The other player"} took back: ${change.undone}`;
    refresh(id);
    return;
  }
  const shownSteps = Number($("table").dataset.steps);
  // A move told late, after the table already shows a later step, is not drawn over it.
  if (change.move) {
    if (change.steps > shownSteps) showMove(change.move);
  } else if (!busy && change.steps !== shownSteps) refresh(id);
}

/** A line for the log once the table is read afresh (the other device's undo). @type {string | null} */
let noteAfterRefresh = null;

/** While no live update can come: looks whether the game moved on. @param {number} id */
async function quietLook(id) {
  if (busy || !showsTable(id)) return;
  const game = await api(`/api/games/${id}`).catch(() => null);
  if (game && game.status.steps !== Number($("table").dataset.steps)) refresh(id);
}

/** The page for a game this tab may not open as it is: on two devices and opened without a seat's
 * link (`held` false), or a seat's link that no longer opens it (`held` true).
 * @param {number} id @param {boolean} held @param {string} why */
function seatNotice(id, held, why) {
  stopFollowing();
  $("table").hidden = true;
  $("pass").hidden = true;
  for (const part of ["board", "hand", "actions", "choice", "log"]) $(part).replaceChildren();
  $("notice").hidden = false;
  $("notice-title").textContent = held ? "This link no longer opens a seat" : "This game is played on two devices";
  $("notice-text").textContent = why;
  const lobby = el("a", "Back to the saved games", "button-link");
  lobby.setAttribute("href", "#");
  const parts = [lobby];
  if (!held) {
    const back = el("button", "Take it back to one screen");
    back.onclick = async () => {
      if (!confirm("Take the game back to one screen? Both devices are told, and their links stop opening it.")) return;
      try {
        await api(`/api/games/${id}/devices`, "DELETE");
        // The same address opens the game at one screen now.
        if (location.hash === `#game/${id}`) route();
        else location.hash = `#game/${id}`;
      } catch (e) {
        $("notice-text").textContent = String(/** @type {Error} */ (e).message);
      }
    };
    parts.unshift(back);
  }
  $("notice-actions").replaceChildren(...parts.flatMap((p) => [p, " "]));
}

/** The page for a game deleted meanwhile. @param {number} id */
function gameGone(id) {
  stopFollowing();
  $("table").hidden = true;
  $("notice").hidden = false;
  $("notice-title").textContent = "This game was deleted";
  $("notice-text").textContent = `Game ${id} was deleted from the saved games (in another tab or on another device).`;
  const lobby = el("a", "Back to the saved games", "button-link");
  lobby.setAttribute("href", "#");
  $("notice-actions").replaceChildren(lobby);
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
    if (noteAfterRefresh) $("log").prepend(el("li", noteAfterRefresh, "undone-line"));
    noteAfterRefresh = null;
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
    if (showsTable(id)) {
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
  change(id, "undo", { lone_steps: loneSteps() }, (undone) => el("li", `Undone: ${undone.label || undone.undone}`));
});

/** Fills the box that hands a hotseat game to two devices: a button first, then, once the server
 * has made a secret for each seat, one link per seat. @param {number} id */
async function fillDevices(id) {
  const access = await api("/api/access");
  const note = access.network
    ? "Each player opens their army's link on their own device (the links carry the access token): each device shows only its own army's cards, says when its turn has come, and can undo only its own moves. This screen stops showing the game."
    : "This server answers only on this machine (start it with cdgsolo serve --host for another device): the links still give each player a window of their own here. This screen stops showing the game.";
  const hand = el("button", "Hand the game to two devices");
  hand.onclick = async () => {
    try {
      const handed = await api(`/api/games/${id}/devices`, "POST");
      showLinks(id, handed.seats, access);
    } catch (e) {
      $("table-error").textContent = String(/** @type {Error} */ (e).message);
    }
  };
  $("devices-list").replaceChildren(el("p", note, "note"), hand);
}

/** Shows each seat's link once, right after the hand-out: this tab no longer opens the game.
 * @param {number} id @param {any[]} seats @param {any} access */
function showLinks(id, seats, access) {
  const bases = access.bases.length ? access.bases : [`${location.origin}/`];
  const list = el("ul");
  for (const s of seats) {
    const name = s.name || `player ${s.seat + 1}`;
    const li = el("li");
    li.append(el("span", `${name}'s device: `));
    for (const base of bases) {
      const a = el("a", `${base.replace(/\?token=.*$/, "")} (${name})`);
      a.setAttribute("href", `${base}#game/${id}/seat/${s.seat}/${s.key}`);
      a.setAttribute("target", "_blank");
      a.className = "seat-link";
      a.dataset.seat = String(s.seat);
      li.append(a, " ");
    }
    list.append(li);
  }
  seatNotice(id, false, "Open each link on its player's device. The links are shown only now: if one is lost, take the game back to one screen and hand it out again.");
  $("notice-text").after(list);
  list.id = "seat-links";
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
        const answer = await api(`/api/games/${id}/rollback`, "POST", { step, lone_steps: loneSteps() });
        // A card table shows the way back at the real table as its main text.
        lastAnswer = { ...answer, went_back: text };
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
  const where = place();
  document.getElementById("seat-links")?.remove();
  if (!where || where.replay !== null) stopFollowing();
  if (where) $("notice").hidden = true;
  if (where && where.replay !== null) {
    showReplay(where.id, where.replay).catch((e) => { $("replay-where").textContent = String(e.message); });
  } else if (where) {
    $("table-error").textContent = "";
    $("log").replaceChildren();
    delete $("log").dataset.filled;
    showGame(where.id)
      .then(() => { if (!$("table").hidden) return fillLog(where.id); })
      .catch((e) => { $("table-error").textContent = String(e.message); });
  } else {
    $("notice").hidden = true;
    showLobby().catch((e) => { $("lobby-error").textContent = String(e.message); });
  }
}
window.addEventListener("hashchange", route);
route();
