// The lobby: a new game (game, seed, armies, who plays each side) and the saved games.
import { api, $, el, loneSteps, botWords } from "./dom.js";
import { setUpManoeuvreRows, manoeuvreRequest } from "./manoeuvre-lobby.js";

/** The catalog's games by id, for the card-table rows. @type {Map<string, any>} */
const catalogGames = new Map();

/** The rows of a card-table game (made once, after Manoeuvre's rows): first the deck, then the
 * scenario and the hand sizes. */
function tableRows() {
  const existing = document.getElementById("table-rows");
  if (existing) return existing;
  const rows = el("div");
  rows.id = "table-rows";
  // The deck comes first: it decides how every later instruction names the cards.
  const deck = el("fieldset", undefined, "deck-choice");
  deck.id = "deck-choice";
  deck.append(el("legend", "Your deck"));
  /** @param {string} value @param {string} title @param {string} line */
  const choice = (value, title, line) => {
    const label = el("label", undefined, "check");
    label.id = `deck-${value}`;
    const radio = /** @type {HTMLInputElement} */ (el("input"));
    radio.type = "radio";
    radio.name = "deck";
    radio.value = value;
    radio.checked = value === "physical";
    const words = el("span");
    words.append(el("strong", title), el("span", ` ${line}`, "deck-line"));
    label.append(radio, words);
    return label;
  };
  deck.append(
    choice("physical", "I shuffle my own cards", "and tell cdgsolo which card turns up."),
    choice("virtual", "cdgsolo shuffles:", "keep your deck sorted by number and take each card it names (you will know the face-down ones)."),
  );
  const scenario = el("label", "Scenario ");
  scenario.append(el("select"));
  /** @type {HTMLElement} */ (scenario.lastChild).id = "scenario";
  const hands = el("label", "Hand sizes (leave empty for the sheet's) ");
  for (const id of ["hand-a", "hand-b"]) {
    const input = /** @type {HTMLInputElement} */ (el("input"));
    input.id = id;
    input.inputMode = "numeric";
    input.size = 3;
    hands.append(input, el("span", id === "hand-a" ? " " : "", "hand-side"));
  }
  rows.append(deck, scenario, hands);
  $("manoeuvre-rows").after(rows);
  return rows;
}

/** The text of the file chosen in a file input, or null. @param {string} id */
async function chosenFile(id) {
  const files = /** @type {HTMLInputElement} */ ($(id)).files;
  return files && files.length ? files[0].text() : null;
}

/** The options of a new game of Invaders from its rows. */
async function invadersOptions() {
  const text = /** @type {HTMLInputElement} */ ($("invaders-hand")).value.trim();
  const hand = text === "" ? 0 : Number(text);
  if (!Number.isInteger(hand) || hand < 0 || hand > 20) throw new Error("Starting hands: a whole number of cards from 0 to 20");
  /** @type {any} */
  const options = {
    first: /** @type {HTMLSelectElement} */ ($("invaders-first")).value,
    starting_hand: hand,
    display: /** @type {HTMLSelectElement} */ ($("invaders-display")).value,
  };
  // With the player's own deck and die, every draw, drain, turned card and roll is asked.
  if (/** @type {HTMLSelectElement} */ ($("invaders-chance")).value === "manual") options.chance = "manual";
  const manifest = await chosenFile("invaders-manifest");
  if (manifest !== null) options.manifest = manifest;
  return options;
}

/** The options of a new miniatures sequence: the roster file, if one was chosen. */
async function miniaturesOptions() {
  const roster = await chosenFile("miniatures-roster");
  return roster === null ? {} : { roster };
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
  scenario.replaceChildren(none, ...game.scenario_titles.map((/** @type {any} */ s) => {
    const o = /** @type {HTMLOptionElement} */ (el("option", s.title));
    o.value = s.id;
    o.title = s.summary;
    return o;
  }));
  /** @type {HTMLElement} */ (scenario.parentElement).hidden = game.scenarios.length === 0;
  // The program can shuffle for the player only where the card list names every card.
  const offered = Boolean(game.manifest && game.manifest.names_every_card);
  $("deck-virtual").hidden = !offered;
  const radios = /** @type {NodeListOf<HTMLInputElement>} */ (rows.querySelectorAll("input[name=deck]"));
  if (!offered) for (const r of radios) r.checked = r.value === "physical";
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
  // The built-in card list names the cards in both ways of playing.
  if (game && game.manifest) options.manifest = "builtin";
  const chosen = /** @type {HTMLInputElement | null} */ (document.querySelector("input[name=deck]:checked"));
  if (!chosen || chosen.value === "physical") options.physical = true;
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
  $("to-lobby").hidden = true;
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
    $("invaders-rows").hidden = choice.value !== "invaders";
    $("miniatures-rows").hidden = choice.value !== "miniatures";
    showTableRows(choice.value);
  };
  choice.onchange = armies;
  armies();
  // A Card Display is dealt one card a slot: five starting cards, unless the player chose a number.
  const display = /** @type {HTMLSelectElement} */ ($("invaders-display"));
  display.onchange = () => {
    const hand = /** @type {HTMLInputElement} */ ($("invaders-hand"));
    if (display.value !== "none" && hand.value.trim() === "0") hand.value = "5";
  };
  const saved = await api("/api/games");
  $("saved").replaceChildren(...saved.games.map((/** @type {any} */ g) => {
    const li = el("li");
    // Where the game stands, as the server last saved it.
    const st = g.standing;
    const where = g.devices ? "on two devices" : !st ? "" : st.over ? `finished${st.result ? `: ${st.result}` : ""}` : st.to_move ? `in progress, ${st.to_move} to decide` : "in progress";
    // A card table says whose shuffled cards it follows.
    const deck = st && st.deck ? `, ${st.deck}` : "";
    const open = el("button", `${g.name}${where ? ` (${where}${deck})` : deck ? ` (${deck.slice(2)})` : ""}, last played ${g.updated}`);
    open.onclick = () => { location.hash = `#game/${g.id}`; };
    const remove = el("button", "Delete");
    remove.setAttribute("aria-label", `Delete ${g.name}`);
    remove.onclick = async () => {
      if (!confirm(`Delete ${g.name}?`)) return;
      await api(`/api/games/${g.id}`, "DELETE");
      showLobby();
    };
    const rename = el("button", "Rename");
    rename.setAttribute("aria-label", `Rename ${g.name}`);
    rename.onclick = async () => {
      const name = prompt("A new name for this game:", g.name);
      if (!name || name === g.name) return;
      await api(`/api/games/${g.id}`, "PATCH", { name }).catch((e) => { $("lobby-error").textContent = String(e.message); });
      showLobby();
    };
    // The record as a file: the same JSON the protocol's export gives, loadable by Import here, by
    // the terminal's --resume FILE, or by the protocol.
    const file = el("a", "Export", "button-link small");
    file.setAttribute("href", `/api/games/${g.id}/export`);
    file.setAttribute("download", `${g.name.replace(/[^\w.-]+/g, "-")}.json`);
    file.setAttribute("aria-label", `Export ${g.name} as a file`);
    // A game on two devices is its players' now: this screen may only take it back (on its page).
    if (g.devices) li.append(open);
    else li.append(open, rename, file, remove);
    return li;
  }));
  if (saved.games.length === 0) $("saved").append(el("li", "None yet."));
  const picker = /** @type {HTMLInputElement} */ ($("import-file"));
  picker.value = "";
  picker.onchange = async () => {
    const chosen = picker.files && picker.files[0];
    if (!chosen) return;
    $("lobby-error").textContent = "";
    try {
      const record = JSON.parse(await chosen.text());
      const made = await api("/api/games/import", "POST", record);
      location.hash = `#game/${made.id}`;
    } catch (e) {
      $("lobby-error").textContent = `${chosen.name}: ${String(/** @type {Error} */ (e).message)}`;
    }
  };
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
    if (game === "manoeuvre") {
      manoeuvreRequest(request);
      request.lone_steps = loneSteps();
    }
  } catch (e) {
    $("lobby-error").textContent = String(/** @type {Error} */ (e).message);
    return;
  }
  const start = /** @type {HTMLButtonElement} */ ($("new-game").querySelector("button[type=submit]"));
  start.disabled = true;
  $("lobby-working").textContent = request.bots && request.bots[0] ? `Starting: ${botWords(request.bots[0])} makes the first move...` : "Starting...";
  try {
    if (catalogGames.get(game) && catalogGames.get(game).kind === "card-table") request.options = tableOptions(game);
    if (game === "invaders") request.options = await invadersOptions();
    if (game === "miniatures") request.options = await miniaturesOptions();
    const created = await api("/api/games", "POST", request);
    location.hash = `#game/${created.id}`;
  } catch (e) {
    $("lobby-error").textContent = String(/** @type {Error} */ (e).message);
  } finally {
    start.disabled = false;
    $("lobby-working").textContent = "";
  }
});

