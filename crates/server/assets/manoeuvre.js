// Manoeuvre's table: the battlefield as SVG, the hand or display, and what the player may do.
import { $, el, showActions } from "./dom.js";

const TERRAIN = { C: "#e9e4c9", H: "#c9b27c", T: "#b9a3a3", W: "#8fb87a", M: "#9fc3c0", F: "#e8d68a", L: "#6fa0d8" };
const TERRAIN_NAME = { C: "clear", H: "hills", T: "town", W: "woods", M: "marsh", F: "field", L: "lake" };
const SIDE_COLOUR = ["#1f4e9c", "#b03a2e"];

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


/** Draws Manoeuvre's table: the battlefield, the hand, the actions. @param {import("./dom.js").TableContext} ctx */
export function renderManoeuvre(ctx) {
  const view = ctx.view;
  $("board").replaceChildren(view.terrain && view.terrain.length ? board(view) : el("p", "The battlefield is not laid out yet."));
  const hand = view.sides && view.sides[ctx.player] ? view.sides[ctx.player].hand : [];
  $("hand").replaceChildren(...(hand || []).map((/** @type {any} */ c) => el("span", c.label, "card")));
  showActions(ctx);
}
