// The lobby's Manoeuvre rows: the two armies with their flags, who holds each side (a person with a
// hand or a CDG Solo display, or a bot and its level), the battlefield (four sections drawn at random,
// or picked from their pictures), and quick start or deploying one's own units.
import { $, el, svgEl } from "./dom.js";

/** Simple flags, drawn as stripes, a cross or a plain field with a mark.
 * @type {Record<string, {stripes?: string[], vertical?: boolean, cross?: [string, string], field?: string, mark?: string, canton?: string}>} */
const FLAGS = {
  FR: { stripes: ["#1f4e9c", "#fff", "#c0392b"], vertical: true },
  AU: { stripes: ["#c0392b", "#fff", "#c0392b"] },
  PR: { stripes: ["#111", "#fff"] },
  RU: { stripes: ["#fff", "#1f4e9c", "#c0392b"] },
  BR: { cross: ["#1f3a7a", "#c0392b"] },
  SP: { stripes: ["#c0392b", "#f1c40f", "#f1c40f", "#c0392b"] },
  OT: { field: "#c0392b", mark: "☾" },
  US: { stripes: ["#c0392b", "#fff", "#c0392b", "#fff", "#c0392b", "#fff", "#c0392b"], canton: "#1f3a7a" },
  SW: { cross: ["#2d6fb7", "#f1c40f"] },
  IN: { field: "#e67e22", mark: "✦" },
  QI: { field: "#f1c40f", mark: "◉" },
  TO: { field: "#fff", mark: "●" },
};

/** A small flag for a nation code. @param {string} code */
export function flag(code) {
  const f = FLAGS[code] || { field: "#999" };
  const svg = svgEl("svg", { viewBox: "0 0 30 20", width: 30, height: 20, class: "flag", "aria-hidden": "true" });
  if (f.stripes) {
    const n = f.stripes.length;
    f.stripes.forEach((c, i) => {
      svg.append(svgEl("rect", f.vertical ? { x: (30 / n) * i, y: 0, width: 30 / n + 0.2, height: 20, fill: c } : { x: 0, y: (20 / n) * i, width: 30, height: 20 / n + 0.2, fill: c }));
    });
    if (f.canton) svg.append(svgEl("rect", { x: 0, y: 0, width: 12, height: 11, fill: f.canton }));
  } else if (f.cross) {
    svg.append(svgEl("rect", { x: 0, y: 0, width: 30, height: 20, fill: f.cross[0] }));
    svg.append(svgEl("rect", { x: 9, y: 0, width: 4, height: 20, fill: f.cross[1] }), svgEl("rect", { x: 0, y: 8, width: 30, height: 4, fill: f.cross[1] }));
  } else {
    svg.append(svgEl("rect", { x: 0, y: 0, width: 30, height: 20, fill: f.field || "#999" }));
    if (f.mark) {
      const t = svgEl("text", { x: 15, y: 15, "text-anchor": "middle", "font-size": 13, fill: f.field === "#fff" ? "#b0261c" : "#fff" });
      t.textContent = f.mark;
      svg.append(t);
    }
  }
  svg.append(svgEl("rect", { x: 0.5, y: 0.5, width: 29, height: 19, fill: "none", stroke: "#555" }));
  return svg;
}

const TERRAIN = { C: "#e9e4c9", H: "#c9b27c", T: "#b9a3a3", W: "#8fb87a", M: "#9fc3c0", F: "#e8d68a", L: "#6fa0d8" };
const TERRAIN_NAME = { C: "clear", H: "hills", T: "town", W: "woods", M: "marsh", F: "field", L: "lake" };

/** The sections picked so far, in the order they are laid out. @type {number[]} */
let picked = [];

/** A map section as a small picture. @param {any} section */
function sectionPicture(section) {
  const svg = svgEl("svg", { viewBox: "0 0 40 40", width: 72, height: 72, "aria-hidden": "true" });
  section.terrain.forEach((/** @type {string} */ row, /** @type {number} */ r) => {
    [...row].forEach((t, c) => svg.append(svgEl("rect", { x: c * 10, y: r * 10, width: 10, height: 10, fill: TERRAIN[/** @type {keyof typeof TERRAIN} */ (t)] || "#ccc", stroke: "#888", "stroke-width": 0.3 })));
  });
  return svg;
}

/** Words for what a section holds, for its button's name. @param {any} section */
function sectionWords(section) {
  /** @type {Record<string, number>} */
  const count = {};
  for (const row of section.terrain) for (const t of row) count[t] = (count[t] || 0) + 1;
  const words = Object.entries(count).filter(([t]) => t !== "C").map(([t, n]) => `${n} ${TERRAIN_NAME[/** @type {keyof typeof TERRAIN_NAME} */ (t)] || t}`);
  return `section ${section.number}: ${words.length ? words.join(", ") : "all clear"}`;
}

const PLACES = ["top left", "top right", "bottom left", "bottom right"];

function drawSections(/** @type {any[]} */ sections) {
  const box = $("sections");
  const note = el("p", picked.length === 4 ? `Picked: ${picked.join(", ")}.` : `Pick four sections: the next one goes ${PLACES[picked.length]}.`, "note");
  const grid = el("div", undefined, "section-grid");
  for (const s of sections) {
    const b = /** @type {HTMLButtonElement} */ (el("button", undefined, "section" + (picked.includes(s.number) ? " picked" : "")));
    b.type = "button";
    b.setAttribute("aria-pressed", String(picked.includes(s.number)));
    b.setAttribute("aria-label", sectionWords(s));
    b.title = sectionWords(s);
    b.append(sectionPicture(s), el("span", picked.includes(s.number) ? `${s.number} (${PLACES[picked.indexOf(s.number)]})` : String(s.number)));
    b.onclick = () => {
      picked = picked.includes(s.number) ? picked.filter((n) => n !== s.number) : picked.length < 4 ? [...picked, s.number] : picked;
      drawSections(sections);
    };
    grid.append(b);
  }
  box.replaceChildren(note, grid);
}

/** Fills the Manoeuvre rows from the catalog. @param {any} catalog */
export function setUpManoeuvreRows(catalog) {
  for (const [id, choice] of [["army-a", "FR"], ["army-b", "AU"]]) {
    const s = /** @type {HTMLSelectElement} */ ($(id));
    // The catalog lists the armies in the order of rule 2.2's last tie-breaker (India ... France);
    // the list reads it from France on, the base game's armies first, then the Distant Lands'.
    const ordered = [...catalog.armies].reverse();
    const group = (/** @type {string} */ label, /** @type {boolean} */ provisional) => {
      const g = /** @type {HTMLOptGroupElement} */ (el("optgroup"));
      g.label = label;
      g.append(...ordered.filter((/** @type {any} */ a) => Boolean(a.provisional) === provisional).map((/** @type {any} */ a) => {
        const o = /** @type {HTMLOptionElement} */ (el("option", a.name));
        o.value = a.code;
        return o;
      }));
      return g;
    };
    s.replaceChildren(group("Manoeuvre", false), group("Distant Lands (provisional values)", true));
    s.value = choice;
    const showFlag = () => $(`${id}-flag`).replaceChildren(flag(s.value));
    s.onchange = showFlag;
    showFlag();
  }
  picked = [];
  const radios = /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll("input[name=map]"));
  const showSections = () => {
    const chosen = [...radios].some((r) => r.checked && r.value === "chosen");
    $("sections").hidden = !chosen;
    if (chosen) drawSections(catalog.sections || []);
  };
  radios.forEach((r) => { r.onchange = showSections; });
  showSections();
}

/** Adds the Manoeuvre options and seats to a new-game request; an error names what is missing.
 * @param {any} request */
export function manoeuvreRequest(request) {
  const value = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id)).value;
  const a = value("army-a");
  const b = value("army-b");
  if (a === b) throw new Error("Pick two different armies: each nation has one set of units and cards.");
  const mine = Number(value("my-side"));
  /** @type {string[]} */
  const modes = [];
  modes[mine] = value("my-cards");
  modes[1 - mine] = value("their-cards");
  /** @type {any} */
  const options = { armies: [a, b], hand_modes: modes, quick_start: /** @type {HTMLInputElement} */ ($("quick")).checked };
  const chosen = /** @type {HTMLInputElement | null} */ (document.querySelector("input[name=map]:checked"));
  if (chosen && chosen.value === "chosen") {
    if (picked.length !== 4) throw new Error(`Pick four map sections (${picked.length} picked so far), or let them be drawn at random.`);
    options.map = { sections: picked, turns: [0, 0, 0, 0], second_player_edge: "bottom" };
  } else {
    options.map = "random";
  }
  request.options = options;
  const opponent = value("opponent");
  if (opponent) request.bots = mine === 0 ? [null, opponent] : [opponent, null];
}
