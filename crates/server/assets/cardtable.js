// The assistant's card table (the CDG Solo System) for a board game played on the real table, on a
// phone beside the board: what to do with the real cards now (the events of the last step) comes
// first and biggest, then the Fate Die and the cards it allows, then both displays with their
// markers, the decks, the cards held aside and the reminders. A physical deck names the card that
// turned up through a filter box instead of a button per card of the manifest.
import { api, $, el, showActions } from "./dom.js";

/** "Nixon's", "Allied Powers'". @param {string} name */
const whose = (name) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

/** The printed name of a table card when the manifest gives one ("#14 The Cold War"), else its
 * table number ("card 14"). @param {any} view @param {number} card */
function cardName(view, card) {
  const named = view.cards && view.cards[String(card)];
  // A physical deck's card with no printed name to show is called what the table calls it: its
  // table number is printed on no real card.
  if (!named) return (view.labels && view.labels[String(card)]) || `card ${card}`;
  return named.number === undefined ? named.name : `#${named.number} ${named.name}`;
}

/** The inactive side's possible answers now, set by renderCardTable for the chips. @type {Set<number>} */
let answers = new Set();

/** A face-up card as a chip: its name, its value when known, marked when the die allows it now.
 * @param {any} view @param {number} card @param {Set<number>} allowed */
function cardChip(view, card, allowed) {
  const answer = !allowed.has(card) && answers.has(card);
  const chip = el("span", undefined, "card" + (allowed.has(card) ? " allowed" : answer ? " answer" : ""));
  chip.dataset.card = String(card);
  chip.append(el("span", cardName(view, card), "card-name"));
  const facts = view.facts && view.facts[String(card)];
  if (facts && facts.value !== undefined && facts.value !== null) chip.append(el("span", String(facts.value), "card-value"));
  if (allowed.has(card)) chip.append(el("span", "allowed now", "card-allowed"));
  else if (answer) chip.append(el("span", "may answer", "card-allowed"));
  return chip;
}

/** A play's action id: its kind and the table card it plays. */
const PLAY = /^(play|play-beside|dig-play|inactive-play)-(\d+)-/;

/** The table cards the actions now offer the active side to play (the cards the Fate Die allows, a
 * card beside the display, a card turned up by a dig), or with `inactive` the inactive side's
 * possible answers. @param {any[]} actions @param {boolean} [inactive] */
function allowedCards(actions, inactive = false) {
  const cards = new Set();
  for (const a of actions) {
    const m = PLAY.exec(a.id);
    if (m && (m[1] === "inactive-play") === inactive) cards.add(Number(m[2]));
  }
  return cards;
}

/** What a face of the Fate Die lets the side do, in a sentence (the sheet's own title is shown next
 * to it). @param {any} view */
function faceMeaning(view) {
  const face = view.fate_die;
  const manoeuvre = view.game === "manoeuvre";
  if (face === 1) {
    return manoeuvre
      ? "Slot C is turned face-up; any face-up unit card may be played. The !! face blocks the inactive side's answer."
      : `Slot C is turned face-up; its card, or the lowest face-up card of slots A, B, D and E, may be played.${view.bang_words ? ` !!: ${view.bang_words}` : ""}`;
  }
  if (face === 2) {
    return manoeuvre
      ? "Turn face-down cards up until two are face-up; any face-up unit card may be played."
      : "Turn face-down cards up until two are face-up; a face-up card of the type the title names, or the lowest face-up card, may be played.";
  }
  const slots = { 3: ["A", "B", "C"], 4: ["A", "B"], 5: ["C", "D", "E"], 6: ["D", "E"] }[/** @type {3|4|5|6} */ (face)];
  if (!slots) return "";
  const list = slots.length === 2 ? slots.join(" and ") : `${slots.slice(0, -1).join(", ")} and ${slots[slots.length - 1]}`;
  return `The face-down cards of slots ${list} are turned face-up, and the cards in those slots may be played.`;
}

/** The Fate Die box: the face, its title and meaning, what the table waits for, the cards allowed.
 * @param {any} view @param {Set<number>} allowed */
function dieBox(view, allowed) {
  const box = el("section", undefined, "fate");
  box.setAttribute("aria-label", "Fate Die");
  const face = el("div", view.fate_die ? String(view.fate_die) : "?", "die-face" + (view.fate_die ? "" : " unrolled"));
  face.setAttribute("aria-hidden", "true");
  const words = el("div", undefined, "die-words");
  if (view.fate_die) {
    words.append(el("p", `Fate Die ${view.fate_die}: ${view.fate_die_title}`, "die-title"));
    words.append(el("p", faceMeaning(view), "die-meaning"));
  } else {
    words.append(el("p", "Fate Die: not rolled this turn", "die-title"));
  }
  const active = view.sides[view.active] ? view.sides[view.active].name : "";
  // The turn as the board game names it; the active side added where those words leave it out.
  const turn = view.turn_words || `Side turn ${view.turn}`;
  const who = active && !turn.includes(active) ? `, ${active} active` : "";
  words.append(el("p", `${turn}${who}. Waiting for ${view.waiting_for}.`, "die-waiting"));
  if (allowed.size) {
    words.append(el("p", `Allowed now: ${[...allowed].map((c) => cardName(view, c)).join("; ")}.`, "die-allowed"));
  }
  box.append(face, words);
  return box;
}

/** One display: each slot as a row of cards (face-down ones as backs), the deck standing in for a
 * Dual Deck's slot C, the side's markers and the cards beside it.
 * @param {any} view @param {any} side @param {number} index @param {Set<number>} allowed @param {boolean} front */
function display(view, side, index, allowed, front) {
  const active = front && view.active === index;
  const section = el("section", undefined, "display" + (active ? " active" : ""));
  section.dataset.side = String(index);
  section.append(el("h3", `${side.name}${active ? " (active)" : ""}`));
  const markers = [];
  if (side.cards_remaining !== null && side.cards_remaining !== undefined) markers.push(`Cards Remaining ${side.cards_remaining}`);
  if (side.max_hand_size !== null && side.max_hand_size !== undefined) markers.push(`Max Hand Size ${side.max_hand_size}`);
  if (front) {
    for (const m of view.shown_markers || []) if (m.values.length === 2) markers.push(`${m.name} ${m.values[index]}`);
  }
  if (markers.length) {
    const row = el("ul", undefined, "markers");
    for (const m of markers) row.append(el("li", m));
    section.append(row);
  }
  const asking = view.identifying && front && view.identifying.side === index ? view.identifying.slot : undefined;
  const slots = el("ol", undefined, "slots");
  const deck = (view.decks || []).length > 1 ? view.decks[index] : null;
  for (const name of ["A", "B", "C", "D", "E"]) {
    /** @type {(number | null)[] | undefined} */
    const cards = side.slots[name];
    const row = el("li", undefined, "slot");
    row.dataset.slot = name;
    row.append(el("span", name, "slot-name"));
    const stack = el("span", undefined, "stack");
    if (cards === undefined) {
      if (name !== "C" || !deck || !front) continue;
      // A Dual Deck: the side's own deck is slot C, its top card face-up once a roll turned it.
      row.classList.add("deck-slot");
      if (deck.face_up_top !== null) stack.append(cardChip(view, deck.face_up_top, allowed));
      else if (view.identifying && view.identifying.side === index && view.identifying.slot === null) stack.append(el("span", "turned up: say which card", "card asking"));
      stack.append(el("span", `the deck: ${deck.cards} cards`, "deck-count"));
    } else if (cards.length === 0) {
      stack.append(el("span", "empty", "empty"));
    } else {
      // Physical deck: face-up cards not named yet come as unknown too; the view lists where.
      let unnamed = front
        ? (view.unnamed || []).filter((/** @type {any} */ u) => u.side === index && u.slot === name).length
        : 0;
      let askedShown = false;
      for (const c of cards) {
        if (c !== null) stack.append(cardChip(view, c, allowed));
        else if (asking === name && !askedShown) {
          askedShown = true;
          unnamed -= 1;
          stack.append(el("span", "turned up: say which card", "card asking"));
        } else if (unnamed > 0) {
          unnamed -= 1;
          stack.append(el("span", "face-up, not named yet", "card unnamed"));
        } else stack.append(el("span", "face down", "card back"));
      }
    }
    row.append(stack);
    slots.append(row);
  }
  section.append(slots);
  if (side.beside && side.beside.length) {
    const beside = el("p", "Beside the display: ", "beside");
    for (const c of side.beside) beside.append(cardChip(view, c, allowed));
    section.append(beside);
  }
  return section;
}

/** The shared deck or each side's deck: size, face-up top, discard pile and its top, shuffles. @param {any} view */
function deckLines(view) {
  return (view.decks || []).map((/** @type {any} */ d) => {
    const owner = d.owner === "shared" ? "The deck" : `${whose(d.owner)} deck`;
    const top = d.face_up_top !== null && view.decks.length === 1 ? `, face-up top ${cardName(view, d.face_up_top)}` : "";
    const last = d.discard.length ? d.discard[d.discard.length - 1] : undefined;
    const pile = d.discard.length === 0
      ? "discard pile empty"
      : `discard pile ${d.discard.length} (top ${last === null ? "face-down" : cardName(view, /** @type {number} */ (last))})`;
    const shuffled = d.shuffles ? `, shuffled ${d.shuffles} time${d.shuffles === 1 ? "" : "s"}` : "";
    return `${owner}: ${d.cards} cards${top}; ${pile}${shuffled}.`;
  });
}

/** Cards a game rule keeps aside, one line per side and place; a whole part of a deck by its count. @param {any} view */
function heldLines(view) {
  /** @type {Map<string, {side: string, place: string, cards: string[]}>} */
  const groups = new Map();
  for (const h of view.held || []) {
    const key = `${h.side & 1}/${h.place}`;
    if (!groups.has(key)) groups.set(key, { side: view.sides[h.side & 1].name, place: h.place, cards: [] });
    /** @type {any} */ (groups.get(key)).cards.push(cardName(view, h.card));
  }
  return [...groups.values()].map((g) => g.cards.length > 8 || (g.place === "waiting to join the deck" && g.cards.length > 1)
    ? `${g.side} holds ${g.cards.length} cards (${g.place}).`
    : `${g.side} holds ${g.cards.join(", ")} (${g.place}).`);
}

/** Markers, decks, held cards, the inactive side's last answer and the reminders, as sentences. @param {any} view */
function notes(view) {
  const box = el("section", undefined, "table-notes");
  const lines = [];
  for (const m of view.shown_markers || []) if (m.values.length === 1) lines.push(`${m.name[0].toUpperCase()}${m.name.slice(1)}: ${m.values[0]}.`);
  lines.push(...deckLines(view), ...heldLines(view));
  if (view.last_inactive_play) {
    const [card, played] = view.last_inactive_play;
    lines.push(`The inactive side's ${cardName(view, card)} ${played ? "was played" : "was blocked by the Fate Die (!!)"}.`);
  }
  const list = el("ul", undefined, "table-lines");
  for (const l of lines) list.append(el("li", l));
  box.append(list);
  if (view.reminders && view.reminders.length) {
    box.append(el("h3", "Reminders"));
    const reminders = el("ul", undefined, "reminders");
    for (const r of view.reminders) reminders.append(el("li", String(r)));
    box.append(reminders);
  }
  return box;
}

/** The main text: what to do with the real cards after the last step. The answer of the change just
 * made carries its events; after a reload (or a new game) they are read from the game's events: the
 * setup and deal, or what followed the last decision. @param {import("./dom.js").TableContext} ctx */
function nowBox(ctx) {
  const box = el("section", undefined, "now");
  box.id = "table-now";
  box.setAttribute("aria-live", "polite");
  const heading = el("h2", "Do this with the real cards");
  const list = el("ol", undefined, "steps");
  const after = el("p", "", "after");
  box.append(heading, list, after);
  /** @param {string[]} events @param {string} title @param {string} note */
  const fill = (events, title, note) => {
    heading.textContent = title;
    list.replaceChildren(...events.map((e) => el("li", e)));
    list.classList.toggle("many", events.length > 5);
    if (!events.length) list.append(el("li", "Nothing to do with the cards.", "nothing"));
    after.textContent = note;
  };
  const last = ctx.last;
  if (last && last.went_back !== undefined) {
    // Going back answers the whole way back at once: every card to its place and facing, every
    // marker to its value, in order.
    const back = Array.isArray(last.events) ? last.events : [];
    fill(back, "Went back: put the table back", String(last.went_back));
    if (!back.length) list.replaceChildren(el("li", "Nothing moved at the table, so nothing to put back.", "nothing"));
  } else if (last && last.undone !== undefined) {
    // An undo answers the way back at the table, step by step, and the words of what it took back.
    const back = Array.isArray(last.events) ? last.events : [];
    fill(back, "Undone: put the table back", last.label ? `Taken back: ${last.label}` : "");
    if (!back.length) list.replaceChildren(el("li", "Nothing moved at the table, so nothing to put back.", "nothing"));
  } else if (last && Array.isArray(last.events)) {
    fill(last.events, "Do this with the real cards", `After: ${last.label}`);
  } else {
    list.append(el("li", "Reading the table...", "nothing"));
    api(`/api/games/${ctx.id}/events`).then((seen) => {
      const steps = seen.steps || [];
      let at = -1;
      steps.forEach((/** @type {any} */ s, /** @type {number} */ i) => { if (s.by !== "chance") at = i; });
      if (at < 0) {
        const setup = [...(seen.setup || []), ...steps.flatMap((/** @type {any} */ s) => s.events)];
        fill(setup, "Set up the table", "");
      } else {
        fill(steps.slice(at).flatMap((/** @type {any} */ s) => s.events), "Do this with the real cards", "(the last decision's steps)");
      }
    }).catch((e) => fill([String(e.message)], "The table's events could not be read", ""));
  }
  return box;
}

/** Physical deck: which real card turned up, picked through a filter box over the manifest's cards
 * (by number or name), a few matches at a time, instead of a button per card.
 * @param {import("./dom.js").TableContext} ctx @param {any[]} identify */
function identifyBox(ctx, identify) {
  const view = ctx.view;
  const box = el("div", undefined, "identify");
  const where = view.identifying;
  const side = where ? view.sides[where.side].name : "";
  const place = !where ? "" : where.slot === null ? `the top of ${whose(side)} deck` : `slot ${where.slot} of ${whose(side)} display`;
  box.append(el("h3", `Which card turned up in ${place}?`));
  const options = identify.map((a) => {
    const text = String(a.label).replace(/^.*? the card turned up in .*? is /, "");
    return { id: a.id, text, key: text.toLowerCase() };
  });
  // A catalogue of kinds (Commands & Colors: no printed numbers) is searched by words alone.
  const numbered = options.some((o) => o.key.startsWith("#"));
  const label = el("label", numbered
    ? `Type its number or a word of its name (${options.length} cards it may be)`
    : `Type a word of its name (${options.length} kinds of card)`, "identify-label");
  const input = /** @type {HTMLInputElement} */ (el("input"));
  input.type = "search";
  input.id = "identify-filter";
  input.autocomplete = "off";
  input.placeholder = numbered ? "e.g. 12 or poll" : "e.g. probe left";
  label.append(input);
  const list = el("div", undefined, "identify-list");
  const SHOWN = 8;
  const show = () => {
    const q = input.value.trim().toLowerCase().replace(/^#/, "");
    const number = /^\d+$/.test(q) ? q : null;
    // The one answer for every card the manifest does not name stays in sight whatever is typed.
    const unnamed = options.filter((o) => o.key.startsWith("not one"));
    // Every typed word must be in the name, in any order ("left 2" finds "... left ... 2 units"), as
    // in the terminal.
    const words = q.split(/\s+/).filter(Boolean);
    let hits = options.filter((o) => !unnamed.includes(o) && (!q || (number ? o.key.startsWith(`#${number}`) : words.every((w) => o.key.includes(w)))));
    // An exact number first ("#1 ..." before "#12 ...").
    if (number) hits.sort((a, b) => Number(!a.key.startsWith(`#${number} `)) - Number(!b.key.startsWith(`#${number} `)));
    const buttons = [...hits.slice(0, SHOWN), ...unnamed].map((o) => {
      const b = /** @type {HTMLButtonElement} */ (el("button", o.text));
      b.type = "button";
      b.dataset.action = o.id;
      // A card named stays named (undo stops there): one tap is asked once.
      b.onclick = () => {
        if (confirm(`The card that turned up in ${place} is ${o.text}? Once named, it cannot be undone.`)) ctx.act(o.id);
      };
      return b;
    });
    list.replaceChildren(...buttons);
    if (hits.length > SHOWN) list.append(el("p", `${hits.length - SHOWN} more: type to narrow the list.`, "identify-more"));
    if (!hits.length) list.append(el("p", "No card of the list matches.", "identify-more"));
  };
  input.oninput = show;
  show();
  box.append(label, list);
  return box;
}

/** Draws a card table: the main text, the die, the actions, both displays, the notes.
 * @param {import("./dom.js").TableContext} ctx */
export function renderCardTable(ctx) {
  const view = ctx.view;
  if (!(view.sides && view.sides[0] && view.sides[0].slots)) {
    $("board").replaceChildren(el("p", "This game's table cannot be drawn here."));
    $("hand").replaceChildren();
    showActions(ctx);
    return;
  }
  const allowed = allowedCards(ctx.legal.actions);
  answers = allowedCards(ctx.legal.actions, true);
  $("board").replaceChildren(nowBox(ctx), dieBox(view, allowed));
  const tables = el("div", undefined, "card-table");
  const front = el("div", undefined, "displays");
  view.sides.forEach((/** @type {any} */ s, /** @type {number} */ i) => front.append(display(view, s, i, allowed, true)));
  if (view.other_pair) {
    tables.append(el("h3", `${view.other_pair.front} displays (in use)`, "pair-title"));
    tables.append(front);
    tables.append(el("h3", `${view.other_pair.waiting} displays (waiting)`, "pair-title"));
    const waiting = el("div", undefined, "displays waiting");
    view.other_pair.sides.forEach((/** @type {any} */ s, /** @type {number} */ i) => waiting.append(display(view, s, i, allowed, false)));
    tables.append(waiting);
  } else {
    tables.append(front);
  }
  tables.append(notes(view));
  $("hand").replaceChildren(tables);
  showActions(ctx);
  const plain = ctx.legal.actions.filter((/** @type {any} */ a) => !a.tool);
  if (plain.length > 0 && plain.every((/** @type {any} */ a) => a.id.startsWith("identify-"))) {
    $("actions").replaceChildren(identifyBox(ctx, plain));
  } else {
    groupPlays();
  }
  guardRandomTools(ctx);
}

/** A card's plays for several purposes become one entry: the card and where it is, then a button
 * per purpose (the terminal letters them the same way), so a phone lists cards, not card x purpose. */
function groupPlays() {
  /** @type {Map<string, HTMLButtonElement[]>} */
  const groups = new Map();
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ ($("actions").querySelectorAll("button[data-action]"))) {
    const m = PLAY.exec(b.dataset.action || "");
    const at = (b.textContent || "").lastIndexOf(" for ");
    if (!m || at < 0) continue;
    const key = `${m[1]}-${m[2]}`;
    if (!groups.has(key)) groups.set(key, []);
    /** @type {HTMLButtonElement[]} */ (groups.get(key)).push(b);
  }
  for (const buttons of groups.values()) {
    if (buttons.length < 2) continue;
    const text = buttons[0].textContent || "";
    const entry = el("div", undefined, "play-group");
    entry.append(el("p", `${text.slice(0, text.lastIndexOf(" for "))}, for:`, "play-card"));
    const row = el("div", undefined, "purposes");
    buttons[0].before(entry);
    for (const b of buttons) {
      const label = b.textContent || "";
      b.setAttribute("aria-label", label);
      b.title = label;
      b.textContent = label.slice(label.lastIndexOf(" for ") + 5);
      row.append(b);
    }
    entry.append(row);
  }
}

/** A step that shuffles, picks at random (a random discard, a game's random pick) or names a card
 * for good cannot be undone: the server marks it (`asks_first`), and the page asks once before it,
 * as the terminal does. @param {import("./dom.js").TableContext} ctx */
function guardRandomTools(ctx) {
  const asking = new Set(ctx.legal.actions.filter((/** @type {any} */ a) => a.asks_first).map((/** @type {any} */ a) => a.id));
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#actions button[data-action], #tools button[data-action]"))) {
    const id = b.dataset.action || "";
    if (!asking.has(id) || b.closest(".identify-list")) continue;
    b.onclick = () => {
      const what = b.getAttribute("aria-label") || b.textContent;
      if (confirm(`${what}: this shuffles or picks at random, and cannot be undone. Go ahead?`)) ctx.act(id);
    };
  }
}
