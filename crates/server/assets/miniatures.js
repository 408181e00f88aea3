// The miniatures turn sequence (docs/miniatures.md): the step of the sequence, the last roll with
// each of its dice and what it means (first and biggest: the player is at the table with the
// figures), the actions right under it, with the casualty markers and "let a die decide" among the
// table tools, and both rosters after them.
import { $, el, showActions } from "./dom.js";

/** One side's roster: its CO and each wing with its FO and units. @param {any} view @param {number} s */
function roster(view, s) {
  const side = view.sides[s];
  const box = el("section", undefined, `mroster${view.phasing === s ? " phasing" : ""}`);
  box.append(el("h3", `${side.name}${view.phasing === s ? " (in its phase)" : ""}`));
  box.append(el("p", `CO ${side.co.name}, LV ${side.co.lv}`, "mofficer"));
  side.wings.forEach((/** @type {any} */ wing, /** @type {number} */ w) => {
    const part = el("div", undefined, "mwing");
    part.append(el("h4", wing.fo ? `${wing.name}: FO ${wing.fo.name}, LV ${wing.fo.lv}` : wing.name));
    const table = el("table", undefined, "munits");
    const head = el("tr");
    for (const h of ["unit", "pieces", "disrupted", "QV", "CV"]) head.append(el("th", h));
    table.append(head);
    for (const u of view.units.filter((/** @type {any} */ x) => x.side === s && x.wing === w)) {
      const row = el("tr", undefined, u.removed ? "removed" : u.disrupted >= u.casualty_value && u.pieces > 0 ? "morale" : "");
      row.append(el("td", u.removed ? `${u.name} (removed)` : `${u.name}${u.activated ? " (activated)" : ""}`));
      row.append(el("td", `${u.pieces} of ${u.pieces + u.casualties}`));
      row.append(el("td", String(u.disrupted)));
      row.append(el("td", String(u.qv)));
      row.append(el("td", String(u.casualty_value)));
      table.append(row);
    }
    part.append(table);
    box.append(part);
  });
  return box;
}

/** Each die of the last roll: its face, what was added, and what that die says (success, removed...);
 * fire and close combat dice carry no verdict: their totals go to the game's charts. Dice of two
 * sides rolled together (close combat) come in a row per side, named.
 * @param {any[]} dice @returns {HTMLElement[]} */
function diceShown(dice) {
  /** @type {HTMLElement[]} */
  const rows = [];
  /** @type {HTMLElement | null} */
  let list = null;
  /** @type {string | null | undefined} */
  let group;
  for (const d of dice) {
    if (!list || d.group !== group) {
      group = d.group;
      if (group) rows.push(el("p", `${group}:`, "mgroup"));
      list = el("ul", undefined, "mdice");
      rows.push(list);
    }
    const item = el("li", undefined, `mdie ${d.tone}`);
    item.append(el("span", String(d.face), "mface"));
    const words = el("span", undefined, "mdie-words");
    words.append(el("span", d.sum ? `${d.what} ${d.sum}` : d.what, "mwhat"));
    words.append(el("span", d.verdict || `total ${d.total}`, "mverdict"));
    item.append(words);
    item.title = `${d.what}: d6 ${d.face}${d.sum ? ` ${d.sum}` : ""}${d.verdict ? `, ${d.verdict}` : ""}`;
    list.append(item);
  }
  return rows;
}

/** Draws the sequence's table. @param {import("./dom.js").TableContext} ctx */
export function renderMiniatures(ctx) {
  const view = ctx.view;
  const step = el("section", undefined, "mstep");
  step.append(el("p", `Turn ${view.turn}: ${view.step_words}`, "mstep-words"));
  if (view.said) {
    // The dice stand for themselves: the roll's heading, then each die, then what it all means.
    const dice = view.said.dice || [];
    step.append(el("p", dice.length ? view.said.head : view.said.roll, "mroll"));
    step.append(...diceShown(dice));
    step.append(el("p", view.said.meaning, "mmeaning"));
  }
  // On a phone the actions come right after the roll; the rosters follow them.
  const rosters = el("div", undefined, "mrosters");
  rosters.append(roster(view, 0), roster(view, 1));
  $("board").replaceChildren(step);
  $("choice").replaceChildren();
  $("hand").replaceChildren(rosters);
  showActions(ctx);
}
