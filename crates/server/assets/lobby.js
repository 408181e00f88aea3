// The lobby: a new game (game, seed, armies, who plays each side) and the saved games.
import { api, $, el } from "./dom.js";
import { setUpManoeuvreRows, manoeuvreRequest } from "./manoeuvre-lobby.js";

/** The catalog's games by id, for the card-table rows. @type {Map<string, any>} */
const catalogGames = new Map();

/** The rows of a card-table game (made once, after Manoeuvre's rows): scenario, built-in card list,
 * physical deck, hand sizes. */
function tableRows() {
  const existing = document.getElementById("table-rows");
  if (existing) return existing;
  const rows = el("div");
  rows.id = "table-rows";
  const scenario = el("label", "Scenario ");
  scenario.append(el("select"));
  /** @type {HTMLElement} */ (scenario.lastChild).id = "scenario";
  const manifest = el("label", undefined, "check");
  manifest.id = "manifest-row";
  const box = /** @type {HTMLInputElement} */ (el("input"));
  box.type = "checkbox";
  box.id = "builtin-manifest";
  box.checked = true;
  manifest.append(box, el("span", "", "manifest-title"));
  const physical = el("label", undefined, "check");
  const pbox = /** @type {HTMLInputElement} */ (el("input"));
  pbox.type = "checkbox";
  pbox.id = "physical";
  physical.append(pbox, el("span", "Physical deck: I shuffle and draw the real cards and tell the table which card turned up"));
  const hands = el("label", "Hand sizes (leave empty for the sheet's) ");
  for (const id of ["hand-a", "hand-b"]) {
    const input = /** @type {HTMLInputElement} */ (el("input"));
    input.id = id;
    input.inputMode = "numeric";
    input.size = 3;
    hands.append(input, el("span", id === "hand-a" ? " " : "", "hand-side"));
  }
  rows.append(scenario, manifest, physical, hands);
  $("manoeuvre-rows").after(rows);
  return rows;
}

/** Shows the card-table rows for the game chosen, filled from its catalog entry. @param {string} id */
function showTableRows(id) {
  const rows = tableRows();
  const game = catalogGames.get(id);
  rows.hidden = !game || game.kind !== "card-table";
  if (rows.hidden) return;
  const scenario = /** @type {HTMLSelectElement} */ ($("scenario"));
  const none = /** @type {HTMLOptionElement} */ (el("option", "none (the usual deal)"));
  none.value = "";
  scenario.replaceChildren(none, ...game.scenarios.map((/** @type {string} */ s) => {
    const o = /** @type {HTMLOptionElement} */ (el("option", s));
    o.value = s;
    return o;
  }));
  /** @type {HTMLElement} */ (scenario.parentElement).hidden = game.scenarios.length === 0;
  $("manifest-row").hidden = !game.manifest;
  if (game.manifest) {
    const count = game.manifest.cards.length;
    /** @type {HTMLElement} */ (rows.querySelector(".manifest-title")).textContent =
      `Name the cards: ${game.manifest.title || "the built-in card list"} (${count} cards${game.manifest.complete ? "" : ", not every card"})`;
  }
  const sides = rows.querySelectorAll(".hand-side");
  sides[0].textContent = ` ${game.sides[0]}, `;
  sides[1].textContent = ` ${game.sides[1]}`;
}

/** The options of a card-table game from its rows. @param {string} id */
function tableOptions(id) {
  const game = catalogGames.get(id);
  /** @type {any} */
  const options = {};
  const scenario = /** @type {HTMLSelectElement} */ ($("scenario")).value;
  if (scenario) options.scenario = scenario;
  if (game && game.manifest && /** @type {HTMLInputElement} */ ($("builtin-manifest")).checked) options.manifest = "builtin";
  if (/** @type {HTMLInputElement} */ ($("physical")).checked) options.physical = true;
  const hands = ["hand-a", "hand-b"].map((h) => /** @type {HTMLInputElement} */ ($(h)).value.trim());
  if (hands.some((h) => h !== "")) {
    if (hands.some((h) => !/^\d+$/.test(h))) throw new Error("Give both hand sizes as whole numbers, or neither.");
    options.hand_size = hands.map(Number);
  }
  return options;
}

export async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("replay").hidden = true;
  $("pass").hidden = true;
  $("where").textContent = "";
  const catalog = await api("/api/catalog");
  const choice = /** @type {HTMLSelectElement} */ ($("game-choice"));
  choice.replaceChildren(...catalog.games.map((/** @type {any} */ g) => {
    const o = /** @type {HTMLOptionElement} */ (el("option", g.name));
    o.value = g.id;
    return o;
  }));
  setUpManoeuvreRows(catalog);
  catalogGames.clear();
  for (const g of catalog.games) catalogGames.set(g.id, g);
  const armies = () => {
    $("manoeuvre-rows").hidden = choice.value !== "manoeuvre";
    showTableRows(choice.value);
  };
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
  try {
    if (game === "manoeuvre") manoeuvreRequest(request);
  } catch (e) {
    $("lobby-error").textContent = String(/** @type {Error} */ (e).message);
    return;
  }
  try {
    if (catalogGames.get(game) && catalogGames.get(game).kind === "card-table") request.options = tableOptions(game);
    const created = await api("/api/games", "POST", request);
    location.hash = `#game/${created.id}`;
  } catch (e) {
    $("lobby-error").textContent = String(/** @type {Error} */ (e).message);
  }
});

