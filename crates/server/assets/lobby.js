// The lobby: a new game (game, seed, armies, who plays each side) and the saved games.
import { api, $, el } from "./dom.js";
import { setUpManoeuvreRows, manoeuvreRequest } from "./manoeuvre-lobby.js";

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
  try {
    if (game === "manoeuvre") manoeuvreRequest(request);
  } catch (e) {
    $("lobby-error").textContent = String(/** @type {Error} */ (e).message);
    return;
  }
  try {
    const created = await api("/api/games", "POST", request);
    location.hash = `#game/${created.id}`;
  } catch (e) {
    $("lobby-error").textContent = String(/** @type {Error} */ (e).message);
  }
});

