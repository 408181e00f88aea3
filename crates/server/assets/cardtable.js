// The assistant's card table (the CDG Solo System): both displays, the Fate Die, the events.
import { $, el, showActions } from "./dom.js";

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


/** Draws a card table: both displays, the die, the actions. @param {import("./dom.js").TableContext} ctx */
export function renderCardTable(ctx) {
  const view = ctx.view;
  $("board").replaceChildren(view.sides && view.sides[0] && view.sides[0].slots ? cardTable(view) : el("pre", JSON.stringify(view, null, 1)));
  $("hand").replaceChildren();
  showActions(ctx);
}
