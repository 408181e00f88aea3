// The miniatures turn sequence (docs/miniatures.md): the step of the sequence, the last roll with
// what it means (first and biggest: the player is at the table with the figures), both rosters,
// and the actions, with the casualty markers and "let a die decide" among the table tools.
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

/** Draws the sequence's table. @param {import("./dom.js").TableContext} ctx */
export function renderMiniatures(ctx) {
  const view = ctx.view;
  const parts = [];
  const step = el("section", undefined, "mstep");
  step.append(el("p", `Turn ${view.turn}: ${view.step_words}`, "mstep-words"));
  if (view.said) {
    step.append(el("p", view.said.roll, "mroll"));
    step.append(el("p", view.said.meaning, "mmeaning"));
  }
  parts.push(step);
  const rosters = el("div", undefined, "mrosters");
  rosters.append(roster(view, 0), roster(view, 1));
  parts.push(rosters);
  $("board").replaceChildren(...parts);
  $("choice").replaceChildren();
  $("hand").replaceChildren();
  showActions(ctx);
}
