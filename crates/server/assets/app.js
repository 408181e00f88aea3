// cdgsolo's page: the lobby (new game, saved games) and the table of one game, over the JSON API
// (docs/api.md). Plain JavaScript, no build step; every decision is saved by the server before it
// answers, so reloading the page finds the game where it was.
"use strict";

/** @param {string} path @param {string} [method] @param {any} [body] */
async function api(path, method = "GET", body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Makes an element with text. @param {string} tag @param {string} [text] @param {string} [cls] */
function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}

const TERRAIN = { C: "#e9e4c9", H: "#c9b27c", T: "#b9a3a3", W: "#8fb87a", M: "#9fc3c0", F: "#e8d68a", L: "#6fa0d8" };
const TERRAIN_NAME = { C: "clear", H: "hills", T: "town", W: "woods", M: "marsh", F: "field", L: "lake" };
const SIDE_COLOUR = ["#1f4e9c", "#b03a2e"];

async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("where").textContent = "";
  const catalog = await api("/api/catalog");
  const choice = /** @type {HTMLSelectElement} */ ($("game-choice"));
  choice.replaceChildren(...catalog.games.map((/** @type {any} */ g) => {
    const o = /** @type {HTMLOptionElement} */ (el("option", g.name));
    o.value = g.id;
    return o;
  }));
  for (const [id, pick] of [["army-a", 11], ["army-b", 10]]) {
    const s = /** @type {HTMLSelectElement} */ ($(String(id)));
    s.replaceChildren(...catalog.armies.map((/** @type {any} */ a) => {
      const o = /** @type {HTMLOptionElement} */ (el("option", a.provisional ? `${a.name} (provisional values)` : a.name));
      o.value = a.code;
      return o;
    }));
    s.selectedIndex = Math.min(Number(pick), catalog.armies.length - 1);
  }
  const armies = () => { $("manoeuvre-rows").hidden = choice.value !== "manoeuvre"; };
  choice.onchange = armies;
  armies();
  const saved = await api("/api/games");
  $("saved").replaceChildren(...saved.games.map((/** @type {any} */ g) => {
    const li = el("li");
    const open = el("button", `${g.name}, last played ${g.updated}`);
    open.onclick = () => { location.hash = `#game/${g.id}`; };
    const remove = el("button", "Delete");
    remove.setAttribute("aria-label", `Delete ${g.name}`);
    remove.onclick = async () => {
      if (!confirm(`Delete ${g.name}?`)) return;
      await api(`/api/games/${g.id}`, "DELETE");
      showLobby();
    };
    li.append(open, remove);
    return li;
  }));
  if (saved.games.length === 0) $("saved").append(el("li", "None yet."));
}

$("new-game").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const game = /** @type {HTMLSelectElement} */ ($("game-choice")).value;
  const seedText = /** @type {HTMLInputElement} */ ($("seed")).value.trim();
  /** @type {any} */
  const request = { game };
  if (seedText) request.seed = Number(seedText);
  if (game === "manoeuvre") {
    const a = /** @type {HTMLSelectElement} */ ($("army-a")).value;
    const b = /** @type {HTMLSelectElement} */ ($("army-b")).value;
    request.options = { armies: [a, b], quick_start: true };
    const opponent = /** @type {HTMLSelectElement} */ ($("opponent")).value;
    if (opponent) {
      const mine = Number(/** @type {HTMLSelectElement} */ ($("my-side")).value);
      request.bots = mine === 0 ? [null, opponent] : [opponent, null];
    }
  }
  try {
    const created = await api("/api/games", "POST", request);
    location.hash = `#game/${created.id}`;
  } catch (e) {
    $("lobby-error").textContent = String(/** @type {Error} */ (e).message);
  }
});

/** The battlefield of Manoeuvre as SVG. @param {any} view */
function board(view) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const size = 60;
  svg.setAttribute("viewBox", `0 0 ${size * 8 + 20} ${size * 8 + 20}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "the battlefield");
  // The viewer's own army at the bottom: a player on the north edge sees the battlefield turned round.
  const turned = view.sides[view.player] && view.sides[view.player].edge === "north";
  const fx = (/** @type {number} */ c) => 20 + (turned ? 7 - c : c) * size;
  const fy = (/** @type {number} */ r) => (turned ? 7 - r : r) * size;
  const at = (/** @type {string} */ sq) => ({ x: fx(sq.charCodeAt(0) - 97), y: fy(8 - Number(sq[1])) });
  view.terrain.forEach((/** @type {string} */ row, /** @type {number} */ r) => {
    [...row].forEach((t, c) => {
      const rect = document.createElementNS(ns, "rect");
      rect.setAttribute("x", String(fx(c)));
      rect.setAttribute("y", String(fy(r)));
      rect.setAttribute("width", String(size));
      rect.setAttribute("height", String(size));
      rect.setAttribute("fill", TERRAIN[/** @type {keyof typeof TERRAIN} */ (t)] || "#ccc");
      rect.setAttribute("stroke", "#777");
      const title = document.createElementNS(ns, "title");
      title.textContent = `${String.fromCharCode(97 + c)}${8 - r}: ${TERRAIN_NAME[/** @type {keyof typeof TERRAIN_NAME} */ (t)] || t}`;
      rect.append(title);
      svg.append(rect);
    });
  });
  for (let i = 0; i < 8; i++) {
    const file = document.createElementNS(ns, "text");
    file.setAttribute("x", String(fx(i) + size / 2));
    file.setAttribute("y", String(8 * size + 15));
    file.setAttribute("text-anchor", "middle");
    file.textContent = String.fromCharCode(97 + i);
    const rank = document.createElementNS(ns, "text");
    rank.setAttribute("x", "8");
    rank.setAttribute("y", String(fy(i) + size / 2 + 5));
    rank.textContent = String(8 - i);
    svg.append(file, rank);
  }
  for (const sq of view.redoubts) {
    const p = at(sq);
    const r = document.createElementNS(ns, "rect");
    r.setAttribute("x", String(p.x + 3));
    r.setAttribute("y", String(p.y + 3));
    r.setAttribute("width", String(size - 6));
    r.setAttribute("height", String(size - 6));
    r.setAttribute("fill", "none");
    r.setAttribute("stroke", "#333");
    r.setAttribute("stroke-dasharray", "4 3");
    r.setAttribute("stroke-width", "2");
    svg.append(r);
  }
  for (const u of view.units) {
    if (!u.square) continue;
    const p = at(u.square);
    const g = document.createElementNS(ns, "g");
    const counter = document.createElementNS(ns, "rect");
    counter.setAttribute("x", String(p.x + 8));
    counter.setAttribute("y", String(p.y + 8));
    counter.setAttribute("width", String(size - 16));
    counter.setAttribute("height", String(size - 16));
    counter.setAttribute("rx", "4");
    counter.setAttribute("fill", u.reduced ? "#fff" : SIDE_COLOUR[u.side]);
    counter.setAttribute("stroke", SIDE_COLOUR[u.side]);
    counter.setAttribute("stroke-width", "3");
    const label = document.createElementNS(ns, "text");
    label.setAttribute("x", String(p.x + size / 2));
    label.setAttribute("y", String(p.y + size / 2 + 6));
    label.setAttribute("text-anchor", "middle");
    label.setAttribute("font-size", "18");
    label.setAttribute("font-weight", "bold");
    label.setAttribute("fill", u.reduced ? SIDE_COLOUR[u.side] : "#fff");
    label.textContent = `${u.cavalry ? "C" : "I"}${u.strength}`;
    const title = document.createElementNS(ns, "title");
    title.textContent = `${u.name} (${view.sides[u.side].nation}), ${u.reduced ? "reduced" : "full"} strength ${u.strength}, ${u.square}`;
    g.append(counter, label, title);
    svg.append(g);
  }
  return svg;
}

/** A card table of the CDG Solo System: both displays, the Fate Die, what the table waits for.
 * @param {any} view */
function cardTable(view) {
  const box = el("div", undefined, "card-table");
  const die = view.fate_die ? `Fate Die: ${view.fate_die} (${view.fate_die_title})` : "Fate Die: not rolled yet";
  box.append(el("p", `Turn ${view.turn}. ${die}. Waiting for ${view.waiting_for}.`, "table-line"));
  view.sides.forEach((/** @type {any} */ side, /** @type {number} */ i) => {
    const section = el("section", undefined, "display" + (view.active === i ? " active" : ""));
    section.append(el("h3", `${side.name}${view.active === i ? " (active)" : ""}: ${side.cards_remaining} cards to play, hand size ${side.max_hand_size}`));
    const row = el("div", undefined, "slots");
    for (const slot of ["A", "B", "C", "D", "E"]) {
      const cell = el("div", undefined, "slot");
      cell.append(el("div", slot, "slot-name"));
      /** @type {(number | null)[]} */
      let cards = side.slots[slot] || [];
      if (slot === "C") {
        const deck = (view.decks || []).find((/** @type {any} */ d) => d.owner === side.name) || (view.decks || [])[0];
        cards = deck ? [deck.face_up_top === null ? null : deck.face_up_top] : [];
        cell.title = deck ? `the deck: ${deck.cards} cards` : "the deck";
      }
      for (const c of cards) cell.append(el("span", c === null ? "face down" : `#${c}`, c === null ? "card back" : "card"));
      row.append(cell);
    }
    section.append(row);
    if (side.beside && side.beside.length) section.append(el("p", `Beside the display: ${side.beside.map((/** @type {any} */ c) => `#${c}`).join(", ")}`));
    box.append(section);
  });
  if (view.reminders && view.reminders.length) {
    const list = el("ul", undefined, "reminders");
    for (const r of view.reminders) list.append(el("li", typeof r === "string" ? r : JSON.stringify(r)));
    box.append(list);
  }
  return box;
}

/** @param {number} id */
async function showGame(id) {
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("hint-box").replaceChildren();
  const [game, legal] = await Promise.all([api(`/api/games/${id}`), api(`/api/games/${id}/legal`)]);
  $("where").textContent = game.name;
  $("hint").hidden = game.status.game !== "manoeuvre" || game.status.over;
  const status = game.status;
  // Against a bot the page shows the person's own seat; hotseat, the seat of whoever is to move.
  const seats = game.seats || [null, null];
  const human = seats[0] === null ? 0 : 1;
  const bot = seats[0] !== null || seats[1] !== null;
  const player = bot ? human : (status.to_move && status.to_move.player !== undefined ? status.to_move.player : 0);
  const seen = await api(`/api/games/${id}/observe/${player}`);
  const view = seen.observation || seen;
  if (status.over) {
    $("status").textContent = `The game is over: ${status.result ? status.result.reason : ""}`;
  } else {
    $("status").textContent = `${status.to_move ? status.to_move.name : ""} to decide` + (view.phase ? ` (${view.phase}, turn ${view.turn})` : "");
  }
  const drawn = view.terrain && view.terrain.length ? board(view) : view.slots === undefined && view.sides && view.sides[0] && view.sides[0].slots ? cardTable(view) : el("pre", JSON.stringify(view, null, 1));
  $("board").replaceChildren(drawn);
  const hand = view.sides && view.sides[player] ? view.sides[player].hand : [];
  $("hand").replaceChildren(...(hand || []).map((/** @type {any} */ c) => el("span", c.label, "card")));
  const buttons = (/** @type {any[]} */ list) => list.map((a) => {
    const b = el("button", a.label);
    b.dataset.action = a.id;
    b.onclick = () => act(id, a.id, status.steps);
    return b;
  });
  const plain = legal.actions.filter((/** @type {any} */ a) => !a.tool);
  const tools = legal.actions.filter((/** @type {any} */ a) => a.tool);
  $("actions").replaceChildren(el("h3", "What you may do"), ...buttons(plain));
  $("tools-box").hidden = tools.length === 0;
  $("tools").replaceChildren(...buttons(tools));
}

/** Sends one change of the game (an action, an undo), then shows the table and, once it shows the
 * new position, the log line the answer makes; an error stays on screen until the next change.
 * @param {number} id @param {string} path @param {any} body @param {(answer: any) => HTMLElement} line */
async function change(id, path, body, line) {
  $("table-error").textContent = "";
  /** @type {HTMLElement | null} */
  let entry = null;
  try {
    entry = line(await api(`/api/games/${id}/${path}`, "POST", body));
  } catch (e) {
    $("table-error").textContent = String(/** @type {Error} */ (e).message);
  }
  await showGame(id);
  if (entry) $("log").prepend(entry);
}

/** @param {number} id @param {string} action @param {number} step */
function act(id, action, step) {
  return change(id, "actions", { action, step }, (done) => {
    const entry = el("li", done.label);
    if (done.events.length) entry.append(el("div", done.events.join(" "), "events"));
    for (const m of done.bot_moves || []) {
      const line = el("div", `${m.label} [${m.bot}]`, "bot");
      if (m.events.length) line.append(el("div", m.events.join(" "), "events"));
      entry.append(line);
    }
    return entry;
  });
}

$("undo").addEventListener("click", () => {
  const id = Number(location.hash.split("/")[1]);
  change(id, "undo", undefined, (undone) => el("li", `Undone: ${undone.undone}`));
});

$("hint").addEventListener("click", async () => {
  const id = Number(location.hash.split("/")[1]);
  $("hint-box").textContent = "Thinking from what you can see...";
  try {
    const hint = await api(`/api/games/${id}/hint`);
    const list = el("ol");
    for (const m of hint.moves) {
      const odds = m.win_rate === null ? "the only move" : `${Math.round(100 * m.share)}% of the search, wins ${Math.round(100 * m.win_rate)}%`;
      list.append(el("li", `${m.label}: ${odds}`));
    }
    $("hint-box").replaceChildren(el("p", `A search of ${hint.iterations} playouts from your own seat suggests:`), list);
  } catch (e) {
    $("hint-box").textContent = String(/** @type {Error} */ (e).message);
  }
});

function route() {
  const m = location.hash.match(/^#game\/(\d+)$/);
  if (m) {
    $("log").replaceChildren();
    showGame(Number(m[1])).catch((e) => { $("table-error").textContent = String(e.message); });
  } else {
    showLobby().catch((e) => { $("lobby-error").textContent = String(e.message); });
  }
}
window.addEventListener("hashchange", route);
route();
