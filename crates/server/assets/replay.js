// The replay: a game stepped through from its first decision to its last, each position drawn from
// the watching player's own seat (so a replay reveals nothing that seat did not know), with the
// step's label, its events and any combat it resolved.
import { api, $, el } from "./dom.js";
import { drawPosition, combatReport } from "./manoeuvre.js";
import { heldSeat, gameAddress } from "./seat.js";

/** The history of the game being replayed, fetched once per game and seat. @type {{key: string, history: any} | null} */
let cached = null;

/** The seat a replay of `game` is watched from: the person's own against a bot, else the first
 * player once the game is over, else the seat last at the screen. @param {any} game @param {number} id */
export function watcher(game, id) {
  // A tab playing one seat of a two-device game watches that seat, during the game and after.
  const held = heldSeat(id);
  if (held) return held.seat;
  const seats = game.seats || [null, null];
  if (seats[0] !== null || seats[1] !== null) return seats[0] === null ? 0 : 1;
  if (game.status.over) return 0;
  return Number(sessionStorage.getItem(`cdgsolo-seat-${id}`) || 0);
}

/** The game's history from `player`'s seat. @param {number} id @param {number} player @param {number} steps */
export async function history(id, player, steps) {
  const key = `${id}/${player}/${steps}`;
  if (!cached || cached.key !== key) cached = { key, history: await api(`/api/games/${id}/history/${player}`) };
  return cached.history;
}

/** Shows step `step` of game `id`. @param {number} id @param {number} step */
export async function showReplay(id, step) {
  $("lobby").hidden = true;
  $("to-lobby").hidden = false;
  $("table").hidden = true;
  $("pass").hidden = true;
  $("replay").hidden = false;
  const game = await api(`/api/games/${id}`);
  const player = watcher(game, id);
  const past = await history(id, player, game.status.steps);
  const last = past.steps;
  const at = Math.max(0, Math.min(last, step));
  const shown = await api(`/api/games/${id}/replay/${at}/${player}`);
  $("where").textContent = game.name;
  const entry = past.entries[at - 1];
  const turn = entry ? entry.turn : 0;
  $("replay-title").textContent = `Replay of ${game.name}`;
  $("replay-where").textContent = at === 0 ? `The start: step 0 of ${last}.` : `Step ${at} of ${last}, game turn ${turn}: ${entry.label}`;
  const events = el("ul");
  for (const e of shown.events || []) events.append(el("li", e));
  $("replay-events").replaceChildren(...(shown.events && shown.events.length ? [events] : []), ...(shown.combat ? [combatReport(shown.combat)] : []));
  const view = shown.observation.observation || shown.observation;
  $("replay-board").replaceChildren(...drawPosition(view));
  const range = /** @type {HTMLInputElement} */ ($("replay-step"));
  range.max = String(last);
  range.value = String(at);
  const go = (/** @type {number} */ n) => { location.hash = gameAddress(id, `/replay/${Math.max(0, Math.min(last, n))}`); };
  range.onchange = () => go(Number(range.value));
  $("replay-first").onclick = () => go(0);
  $("replay-back").onclick = () => go(at - 1);
  $("replay-next").onclick = () => go(at + 1);
  $("replay-last").onclick = () => go(last);
  $("replay-exit").setAttribute("href", gameAddress(id));
  // The turns as a quick way through a long game.
  const turns = /** @type {HTMLSelectElement} */ (el("select"));
  turns.setAttribute("aria-label", "jump to a game turn");
  turns.append(el("option", "Jump to a turn"));
  for (const t of past.turns || []) {
    const o = /** @type {HTMLOptionElement} */ (el("option", `turn ${t.turn}: ${t.active}`));
    o.value = String(t.step);
    turns.append(o);
  }
  turns.onchange = () => { if (turns.value) go(Number(turns.value)); };
  const controls = /** @type {HTMLElement} */ (document.querySelector(".replay-controls"));
  const old = controls.querySelector("select");
  if (old) old.replaceWith(turns);
  else controls.append(turns);
  replayKeys = (/** @type {KeyboardEvent} */ event) => {
    if (event.key === "ArrowRight") go(at + 1);
    else if (event.key === "ArrowLeft") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(last);
    else return;
    event.preventDefault();
  };
}

/** The replay's keys for the step on screen. @type {(event: KeyboardEvent) => void} */
let replayKeys = () => {};
document.addEventListener("keydown", (event) => {
  const target = /** @type {HTMLElement} */ (event.target);
  if ($("replay").hidden || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName)) return;
  replayKeys(event);
});
