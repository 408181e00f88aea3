// The table of Invaders (docs/invaders.md): the three invasion zones with each side's column of four
// slots, the card being paid for and the chain of cancels, the hand of the seat shown (or a side's
// Card Display, slots A to E, and its Fate Die roll), both discard piles in order, and the actions
// (the table tools folded away: what a card's text does is the players' call).
import { $, el, showActions } from "./dom.js";

/** "Mankind", "the Invader". @param {string} side */
const sideName = (side) => (side === "Invader" ? "the Invader" : side);

/** A card's costs in words. @param {any} c */
function costs(c) {
  const parts = [];
  if (c.discard) parts.push(`discard ${c.discard}`);
  if (c.drain) parts.push(`drain ${c.drain}`);
  return parts.length ? parts.join(", ") : "no cost";
}

/** A card as a small box: name, power or "one-shot", costs and what kind of card it is.
 * @param {any} c @param {{tokens?: number, turned?: boolean}} [extra] */
function cardBox(c, extra = {}) {
  const box = el("div", undefined, `icard ${c.side === "Invader" ? "invader" : "mankind"}${extra.turned ? " turned" : ""}`);
  box.dataset.card = String(c.id);
  box.append(el("div", c.name, "icard-name"));
  const facts = [];
  facts.push(c.power === undefined ? "one-shot" : `power ${c.power}`);
  facts.push(costs(c));
  if (c.cancels) facts.push("cancels a card");
  if (c.lasting) facts.push("lasting");
  box.append(el("div", facts.join(" · "), "icard-facts"));
  const marks = [];
  if (extra.tokens) marks.push(`${extra.tokens} token${extra.tokens === 1 ? "" : "s"}`);
  if (extra.turned) marks.push("turned: used");
  if (marks.length) box.append(el("div", marks.join(" · "), "icard-marks"));
  return box;
}

/** One zone: the Invader's column above, Mankind's below, four slots each. @param {any} zone */
function zoneBox(zone) {
  const box = el("section", undefined, "izone");
  box.setAttribute("aria-label", zone.name);
  box.append(el("h3", zone.name));
  for (const index of [1, 0]) {
    const column = zone.columns[index];
    const row = el("div", undefined, `icolumn ${index === 1 ? "invader" : "mankind"}`);
    row.append(el("div", `${index === 1 ? "Invader" : "Mankind"} ${column.length}/4`, "icolumn-title"));
    const slots = el("div", undefined, "islots");
    for (let i = 0; i < 4; i++) {
      const p = column[i];
      slots.append(p ? cardBox(p.card, { tokens: p.tokens, turned: p.turned }) : el("div", "free", "islot-free"));
    }
    row.append(slots);
    box.append(row);
  }
  return box;
}

/** What is on the table between the hands: the card being paid for, the chain of cancels. @param {any} view */
function inPlayNow(view) {
  const box = el("section", undefined, "ichain");
  if (view.payment) {
    const p = view.payment;
    const left = [];
    if (p.discard_left) left.push(`${p.discard_left} more card${p.discard_left === 1 ? "" : "s"} to discard from the hand`);
    if (p.drain_left) left.push(`${p.drain_left} more card${p.drain_left === 1 ? "" : "s"} to drain from the draw pile`);
    box.append(el("p", `${sideName(p.payer)} is paying for ${p.card.name}: ${left.join(", ")}.`, "ipaying"));
  }
  if (view.chain.length) {
    const words = view.chain.map((/** @type {any} */ c, /** @type {number} */ i) =>
      i === 0
        ? `${c.side === "Invader" ? "The Invader" : "Mankind"} plays ${c.name}${c.zone_name ? ` into ${c.zone_name}` : ", a one-shot card"}`
        : `${sideName(c.side)} cancels it with ${c.name}`);
    const target = view.chain.length === 1 ? "it" : "the last cancel";
    const waiting = view.phase && view.phase.by ? `; ${sideName(view.phase.by)} may cancel ${target} or let it stand` : "";
    box.append(el("p", `${words.join("; ")}${waiting}.`, "ichain-line"));
  }
  return box.childElementCount ? box : null;
}

/** A side's Card Display: slots A to E side by side, each a stack in the order its cards came; the
 * cards the Fate Die lets the side play now are marked. @param {any} side @param {any} view */
function displayBox(side, view) {
  const box = el("section", undefined, "idisplay");
  box.setAttribute("aria-label", `${sideName(side.side)}'s Card Display`);
  box.append(el("h3", `${sideName(side.side)[0].toUpperCase()}${sideName(side.side).slice(1)}'s Card Display`));
  const allowed = view.fate && view.active === side.side ? new Set(view.fate.allowed) : new Set();
  const row = el("div", undefined, "idisplay-slots");
  for (const slot of side.display) {
    const column = el("div", undefined, "idisplay-slot");
    column.append(el("div", slot.letter, "idisplay-letter"));
    for (const c of slot.cards) {
      if (c === null) {
        column.append(el("div", "face-down", "icard face-down"));
      } else {
        const card = cardBox(c);
        if (allowed.has(c.id)) {
          card.classList.add("allowed");
          card.title = "The Fate Die lets this card be played now";
        }
        column.append(card);
      }
    }
    if (!slot.cards.length) column.append(el("div", "empty", "islot-free"));
    row.append(column);
  }
  box.append(row);
  return box;
}

/** The active display side's roll, in words. @param {any} view */
function fateLine(view) {
  if (!view.fate) return null;
  const f = view.fate;
  const who = sideName(view.active);
  let more = "";
  if (f.flips_left) more = ` ${who[0].toUpperCase()}${who.slice(1)} turns ${f.flips_left} face-down card${f.flips_left === 1 ? "" : "s"} face-up first.`;
  else if (!f.allowed.length && view.phase.step === "main") more = " No card of the roll is left to play.";
  return el("p", `Fate Die: ${f.face}, ${f.title}.${more}`, "ifate");
}

/** A side's piles: draw pile and hand sizes, the discard pile face-up in order. @param {any} side */
function piles(side) {
  const box = el("details", undefined, "ipiles");
  const held = side.display ? "in its display" : "in hand";
  box.append(el("summary", `${side.side}: ${side.deck} in the draw pile, ${side.hand} ${held}, ${side.discard.length} discarded`));
  if (side.discard.length) {
    const list = el("ol", undefined, "idiscard");
    for (const c of side.discard) list.append(el("li", c.name));
    box.append(el("p", "Discard pile, bottom card first:", "note"), list);
  } else {
    box.append(el("p", "The discard pile is empty.", "note"));
  }
  return box;
}

/** Draws the table of a game of Invaders. @param {import("./dom.js").TableContext} ctx */
export function renderInvaders(ctx) {
  const view = ctx.view;
  const board = el("div", undefined, "izones");
  for (const zone of view.zones) board.append(zoneBox(zone));
  const now = inPlayNow(view);
  const fate = fateLine(view);
  $("board").replaceChildren(...(fate ? [fate] : []), ...(now ? [now] : []), board);
  $("choice").replaceChildren();
  const hand = el("section", undefined, "ihand");
  // The Invader's display above Mankind's hand or display, as the zones stand.
  for (const side of [view.sides[1], view.sides[0]]) {
    if (side.display) hand.append(displayBox(side, view));
  }
  /** A hand's cards under a heading. @param {string} title @param {any[]} list */
  const handBox = (title, list) => {
    hand.append(el("h3", `${title}: ${list.length} card${list.length === 1 ? "" : "s"}`));
    const cards = el("div", undefined, "icards");
    for (const c of list) cards.append(cardBox(c));
    if (!list.length) cards.append(el("p", "No cards in hand.", "note"));
    hand.append(cards);
  };
  const mine = view.sides.find((/** @type {any} */ s) => s.side === view.viewer);
  if (!mine.display) handBox(`Your hand (${sideName(view.viewer)})`, view.hand);
  // One person plays a game with a Card Display: the other side's hand is theirs to see too, while
  // the display decides (whether to answer its card with a cancel, say).
  for (const side of view.sides) {
    if (side.side !== view.viewer && side.cards) handBox(`${side.side === "Invader" ? "The Invader" : "Mankind"}'s hand`, side.cards);
  }
  hand.append(piles(view.sides[0]), piles(view.sides[1]));
  $("hand").replaceChildren(hand);
  showActions(ctx);
}
