// Shared helpers of cdgsolo's page: the JSON API (docs/api.md) and making elements.
import { secretFor } from "./seat.js";

/** A refusal or failure of the server, with its HTTP status. */
export class ApiError extends Error {
  /** @param {string} message @param {number} status */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** One request to the API; a tab holding a seat of a game on two devices sends that seat's
 * secret with every request about the game.
 * @param {string} path @param {string} [method] @param {any} [body] */
export async function api(path, method = "GET", body) {
  /** @type {Record<string, string>} */
  const headers = body === undefined ? {} : { "content-type": "application/json" };
  const secret = secretFor(path);
  if (secret) headers["x-cdgsolo-seat"] = secret;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(data.error || `${response.status} ${response.statusText}`, response.status);
  return data;
}

export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Whether the server takes the steps that are a person's only choice for them (the table's
 * setting, kept in this browser; on unless turned off). */
export const loneSteps = () => localStorage.getItem("cdgsolo-lone-steps") !== "0";

/** A bot as a player reads it: the server names the levels (`mcts:hard`); any other search by its
 * budget (`mcts-rules:800`).
 * @param {string} name a seat's bot name from the server (`rules`, `mcts:hard`, `mcts-rules:800`) */
export function botWords(name) {
  /** @type {Record<string, string>} */
  const words = {
    random: "random player",
    rules: "rule-based player",
    "mcts:easy": "search, easy",
    "mcts:normal": "search, normal",
    "mcts:hard": "search, hard",
  };
  return words[name] || `search (${name})`;
}

/** Makes an element with text. @param {string} tag @param {string} [text] @param {string} [cls] */
export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}


const SVG_NS = "http://www.w3.org/2000/svg";

/** Makes an SVG element with attributes. @param {string} tag @param {Record<string, string | number>} [attrs] */
export function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** The state of one game a table is drawn from.
 * @typedef {object} TableContext
 * @property {number} id the game's id in the store
 * @property {any} game the game's status answer (`GET /api/games/{id}`)
 * @property {any} legal the legal actions (`GET /api/games/{id}/legal`)
 * @property {any} view the observation from the seat shown
 * @property {number} player the seat shown
 * @property {any} last the answer of the change just made, or null (after a reload)
 * @property {(action: string) => Promise<void>} act plays one legal action by id
 * @property {(actions: string[]) => Promise<void>} [actMany] plays several legal actions as one decision
 */

/** One button per action, each playing its action. @param {any[]} list @param {TableContext} ctx */
export function actionButtons(list, ctx) {
  // Actions a player cannot tell apart (three Withdraw cards in hand) are one button: any of them;
  // the others' ids are kept on it (a hint may name one of them).
  /** @type {Map<string, string[]>} */
  const alike = new Map();
  const distinct = list.filter((a) => {
    const ids = alike.get(a.label);
    if (ids) ids.push(a.id);
    else alike.set(a.label, []);
    return !ids;
  });
  return distinct.map((a) => {
    const b = el("button", a.label);
    b.dataset.action = a.id;
    const also = alike.get(a.label) || [];
    if (also.length) b.dataset.also = also.join(" ");
    b.onclick = () => ctx.act(a.id);
    return b;
  });
}

/** Fills the actions column: the plain actions, and the table tools folded away. Actions that
 * `onBoard` says are made by clicking the battlefield are listed too, folded, for the keyboard.
 * Actions `elsewhere` names are drawn by the table itself (a panel of their own) and left out.
 * @param {TableContext} ctx @param {(a: any) => boolean} [onBoard] @param {(a: any) => boolean} [elsewhere] */
export function showActions(ctx, onBoard, elsewhere) {
  // Two choices with the same words are one choice to the reader (a card of one's own deck named
  // as it turns up, where the deck holds copies of it): one button each.
  const labels = new Set();
  const all = ctx.legal.actions.filter((/** @type {any} */ a) => {
    if (a.tool || (elsewhere && elsewhere(a)) || labels.has(a.label)) return false;
    labels.add(a.label);
    return true;
  });
  const placed = onBoard ? all.filter(onBoard) : [];
  const plain = all.filter((/** @type {any} */ a) => !placed.includes(a));
  const tools = ctx.legal.actions.filter((/** @type {any} */ a) => a.tool);
  const parts = [el("h3", "What you may do"), ...actionButtons(plain, ctx)];
  const drawnElsewhere = elsewhere ? ctx.legal.actions.some((/** @type {any} */ a) => elsewhere(a)) : false;
  if (all.length === 0 && tools.length === 0 && !drawnElsewhere) parts.push(el("p", ctx.game.status.over ? "Nothing: the game is over." : "Nothing now.", "note"));
  if (placed.length) {
    const fold = el("details", undefined, "on-board");
    fold.append(el("summary", `${placed.length} on the battlefield: pick a unit or square there, or choose here`), ...actionButtons(placed, ctx));
    parts.splice(1, 0, fold);
  }
  $("actions").replaceChildren(...parts);
  $("tools-box").hidden = tools.length === 0;
  $("tools").replaceChildren(...actionButtons(tools, ctx));
}
