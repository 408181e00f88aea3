// Manoeuvre's table: the battlefield as SVG (click or use the keys to pick a unit and its target),
// the hand or CDG Solo display drawn as cards, the Fate Die, the combat in progress, and the other
// actions of the moment as buttons.
import { gameAddress } from "./seat.js";
import { $, el, svgEl, showActions, actionButtons } from "./dom.js";

const TERRAIN = { C: "#e9e4c9", H: "#c9b27c", T: "#b9a3a3", W: "#8fb87a", M: "#9fc3c0", F: "#e8d68a", L: "#6fa0d8" };
const TERRAIN_NAME = { C: "clear", H: "hills", T: "town", W: "woods", M: "marsh", F: "field", L: "lake" };
/** A symbol per terrain, so the map reads without colour too. */
const TERRAIN_MARK = { C: "", H: "▲", T: "⌂", W: "♣", M: "≈", F: "✱", L: "~" };
/** Counter colours by nation: the counter's face, its lettering, and the edge a reduced counter keeps. */
const NATION_COLOUR = {
  France: ["#1f4e9c", "#fff", "#1f4e9c"],
  Austria: ["#f2ecd6", "#222", "#8a7a3a"],
  Prussia: ["#2b2b3a", "#fff", "#2b2b3a"],
  Russia: ["#2e6b3a", "#fff", "#2e6b3a"],
  "Great Britain": ["#c0392b", "#fff", "#c0392b"],
  Spain: ["#e3b505", "#222", "#9a7a00"],
  "Ottoman Empire": ["#7b1e3a", "#fff", "#7b1e3a"],
  "United States": ["#7d9cc8", "#111", "#35598a"],
  Sweden: ["#5aa9e6", "#102040", "#2a6fa8"],
  India: ["#e67e22", "#fff", "#b35c0f"],
  "Qing Dynasty": ["#b8860b", "#fff", "#8a6408"],
  "Tokugawa Shogunate": ["#5d4037", "#fff", "#5d4037"],
};
const SIDE_COLOUR = [["#1f4e9c", "#fff", "#1f4e9c"], ["#b03a2e", "#fff", "#b03a2e"]];
/** @param {any} view @param {number} side @returns {string[]} */
const colours = (view, side) => NATION_COLOUR[/** @type {keyof typeof NATION_COLOUR} */ (view.sides[side].nation)] || SIDE_COLOUR[side];
const SIZE = 60;

/** What an action id says about the battlefield: the unit that acts and the square it aims at.
 * @param {string} id @returns {{unit: number | null, square: string | null}} */
export function actionPlace(id) {
  const sq = (/** @type {string} */ s) => (/^[a-h][1-8]$/.test(s) ? s : null);
  const p = id.split("-");
  /** @type {RegExpMatchArray | null} */
  let m;
  if ((m = id.match(/^(move|assault|bombard|volley)-(\d+)-([a-h][1-8])/))) return { unit: Number(m[2]), square: m[3] };
  if ((m = id.match(/^(rockets|grand-battery)-\d+-(\d+)-([a-h][1-8])$/))) return { unit: Number(m[2]), square: m[3] };
  if ((m = id.match(/^(ambush|forced-march)-\d+-([a-h][1-8])$/))) return { unit: null, square: m[2] };
  if ((m = id.match(/^(deploy|retreat-to|skirmish-to)-([a-h][1-8])$/))) return { unit: null, square: m[2] };
  if ((m = id.match(/^(support|advance|committed-hit)-(\d+)$/))) return { unit: Number(m[2]), square: null };
  if ((m = id.match(/^(committed|death-with-honour)-\d+-(\d+)$/))) return { unit: Number(m[2]), square: null };
  return { unit: null, square: sq(p[p.length - 1]) };
}

/** The page's choice on the battlefield, kept while the same position is shown. */
const pick = {
  /** @type {number | null} */ unit: null,
  /** @type {string} */ cursor: "d4",
  /** @type {string} */ position: "",
  /** @type {string[]} */ lit: [],
};

/** Square name of column/row on the layout. @param {number} c @param {number} r */
const squareName = (c, r) => `${String.fromCharCode(97 + c)}${8 - r}`;

/** The battlefield of Manoeuvre as SVG, with the current pick and its targets.
 * @param {any} view @param {import("./dom.js").TableContext} ctx */
function board(view, ctx) {
  const svg = svgEl("svg", { viewBox: `0 0 ${SIZE * 8 + 20} ${SIZE * 8 + 20}`, role: "application", tabindex: 0, class: "battlefield" });
  svg.setAttribute("aria-label", "the battlefield: arrow keys move the cursor, Enter picks a unit or its target, Escape lets go");
  // The viewer's own army at the bottom: a player on the north edge sees the battlefield turned round.
  const turned = view.sides[view.player] && view.sides[view.player].edge === "north";
  const fx = (/** @type {number} */ c) => 20 + (turned ? 7 - c : c) * SIZE;
  const fy = (/** @type {number} */ r) => (turned ? 7 - r : r) * SIZE;
  const at = (/** @type {string} */ sq) => ({ x: fx(sq.charCodeAt(0) - 97), y: fy(8 - Number(sq[1])) });
  const actions = ctx.legal.actions.map((/** @type {any} */ a) => ({ ...a, ...actionPlace(a.id) }));
  const unitAt = new Map(view.units.filter((/** @type {any} */ u) => u.square).map((/** @type {any} */ u) => [u.square, u]));
  const actors = new Set(actions.filter((/** @type {any} */ a) => a.unit !== null).map((/** @type {any} */ a) => a.unit));
  if (pick.unit !== null && !actors.has(pick.unit)) pick.unit = null;
  // Targets: squares the picked unit may act on, or squares an action without a unit names.
  const targets = new Map();
  for (const a of actions) {
    if (a.square === null) continue;
    if (pick.unit !== null ? a.unit === pick.unit : a.unit === null) {
      targets.set(a.square, [...(targets.get(a.square) || []), a]);
    }
  }
  view.terrain.forEach((/** @type {string} */ row, /** @type {number} */ r) => {
    [...row].forEach((t, c) => {
      const name = squareName(c, r);
      const rect = svgEl("rect", { x: fx(c), y: fy(r), width: SIZE, height: SIZE, stroke: "#777", "data-square": name });
      rect.setAttribute("fill", TERRAIN[/** @type {keyof typeof TERRAIN} */ (t)] || "#ccc");
      const title = svgEl("title");
      title.textContent = `${name}: ${TERRAIN_NAME[/** @type {keyof typeof TERRAIN_NAME} */ (t)] || t}`;
      rect.append(title);
      svg.append(rect);
      const mark = TERRAIN_MARK[/** @type {keyof typeof TERRAIN_MARK} */ (t)];
      if (mark) {
        const m = svgEl("text", { x: fx(c) + 2, y: fy(r) + 10, "font-size": 9, fill: "#5a5040", "pointer-events": "none" });
        m.textContent = mark;
        svg.append(m);
      }
    });
  });
  for (let i = 0; i < 8; i++) {
    const file = svgEl("text", { x: fx(i) + SIZE / 2, y: 8 * SIZE + 15, "text-anchor": "middle" });
    file.textContent = String.fromCharCode(97 + i);
    const rank = svgEl("text", { x: 8, y: fy(i) + SIZE / 2 + 5 });
    rank.textContent = String(8 - i);
    svg.append(file, rank);
  }
  for (const sq of view.redoubts) {
    const p = at(sq);
    svg.append(svgEl("rect", { x: p.x + 3, y: p.y + 3, width: SIZE - 6, height: SIZE - 6, fill: "none", stroke: "#333", "stroke-dasharray": "4 3", "stroke-width": 2, class: "redoubt" }));
  }
  for (const u of view.units) {
    if (!u.square) continue;
    const p = at(u.square);
    const g = svgEl("g", { class: "unit" + (actors.has(u.id) ? " can-act" : "") + (pick.unit === u.id ? " picked" : ""), "data-unit": u.id, "data-square": u.square });
    const [face, ink, edge] = colours(view, u.side);
    // A reduced counter is shown turned over: white with its nation's edge, lettered in that edge.
    g.append(
      svgEl("rect", { x: p.x + 8, y: p.y + 8, width: SIZE - 16, height: SIZE - 16, rx: 4, fill: u.reduced ? "#fff" : face, stroke: u.reduced ? edge : "#222", "stroke-width": u.reduced ? 4 : 1.5 }),
    );
    const label = svgEl("text", { x: p.x + SIZE / 2, y: p.y + SIZE / 2 + 6, "text-anchor": "middle", "font-size": 18, "font-weight": "bold", fill: u.reduced ? edge : ink });
    label.textContent = `${u.cavalry ? "C" : "I"}${u.strength}`;
    const title = svgEl("title");
    title.textContent = `${u.name} (${view.sides[u.side].nation}), ${u.cavalry ? "cavalry" : "infantry"}, ${u.reduced ? "reduced" : "full"} strength ${u.strength}, ${u.square}`;
    g.append(label, title);
    svg.append(g);
  }
  for (const [sq, list] of targets) {
    const p = at(sq);
    const kind = list.some((/** @type {any} */ a) => !a.id.startsWith("move-") && !a.id.startsWith("deploy-")) ? "target attack" : "target";
    const ring = svgEl("rect", { x: p.x + 2, y: p.y + 2, width: SIZE - 4, height: SIZE - 4, rx: 6, class: kind, "data-target": sq, "data-square": sq });
    const title = svgEl("title");
    title.textContent = list.map((/** @type {any} */ a) => a.label).join("\n");
    ring.append(title);
    svg.append(ring);
  }
  const cursor = at(pick.cursor);
  if (ctx.legal.actions.length) svg.append(svgEl("rect", { x: cursor.x + 1, y: cursor.y + 1, width: SIZE - 2, height: SIZE - 2, class: "cursor" }));
  for (const sq of pick.lit) {
    if (!/^[a-h][1-8]$/.test(sq)) continue;
    const p = at(sq);
    svg.append(svgEl("rect", { x: p.x + 4, y: p.y + 4, width: SIZE - 8, height: SIZE - 8, class: "lit" }));
  }

  /** Picks what is on `sq`: a target of the picked unit, or a unit that may act. @param {string} sq */
  const choose = (sq) => {
    pick.cursor = sq;
    const here = targets.get(sq);
    if (here) {
      if (here.length === 1) {
        pick.unit = null;
        ctx.act(here[0].id);
      } else {
        offer(here, ctx, `On ${sq}:`);
      }
      return;
    }
    const u = unitAt.get(sq);
    if (u && actors.has(u.id)) {
      pick.unit = pick.unit === u.id ? null : u.id;
      const own = actions.filter((/** @type {any} */ a) => a.unit === u.id && a.square === null);
      renderBoard(ctx, true);
      if (own.length) offer(own, ctx, `${u.name}:`);
      return;
    }
    pick.unit = null;
    renderBoard(ctx, true);
  };
  svg.addEventListener("click", (event) => {
    const target = /** @type {Element} */ (event.target).closest("[data-square]");
    const sq = target && target.getAttribute("data-square");
    if (sq) choose(sq);
  });
  svg.addEventListener("keydown", (event) => {
    const c = pick.cursor.charCodeAt(0) - 97;
    const r = Number(pick.cursor[1]);
    // Arrow keys follow the picture: with the board turned round, "up" is towards rank 1.
    const step = turned ? -1 : 1;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [0, step], ArrowDown: [0, -step], ArrowLeft: [-step, 0], ArrowRight: [step, 0] };
    const move = moves[event.key];
    if (move) {
      const nc = Math.min(7, Math.max(0, c + move[0]));
      const nr = Math.min(8, Math.max(1, r + move[1]));
      pick.cursor = `${String.fromCharCode(97 + nc)}${nr}`;
      renderBoard(ctx, true);
      event.preventDefault();
    } else if (event.key === "Enter" || event.key === " ") {
      choose(pick.cursor);
      event.preventDefault();
    } else if (event.key === "Escape") {
      pick.unit = null;
      $("choice").replaceChildren();
      renderBoard(ctx, true);
    }
  });
  return svg;
}

/** Offers several actions on one square or unit as buttons beside the board.
 * @param {any[]} list @param {import("./dom.js").TableContext} ctx @param {string} heading */
function offer(list, ctx, heading) {
  const box = $("choice");
  const close = el("button", "Cancel");
  close.onclick = () => { pick.unit = null; box.replaceChildren(); renderBoard(ctx, true); };
  box.replaceChildren(el("p", heading), ...actionButtons(list, ctx), close);
  const first = box.querySelector("button");
  if (first) /** @type {HTMLElement} */ (first).focus();
}

/** Lights the squares a log line names. @param {string[]} squares @param {import("./dom.js").TableContext} ctx */
export function lightSquares(squares, ctx) {
  pick.lit = squares;
  renderBoard(ctx);
}

/** Draws a position read-only (the replay): the battlefield and both sides' cards as `view` shows
 * them. @param {any} view */
export function drawPosition(view) {
  /** @type {import("./dom.js").TableContext} */
  const still = { id: 0, game: { status: { steps: -1 } }, legal: { actions: [] }, view, player: view.player, last: null, act: async () => {} };
  const parts = [];
  parts.push(view.terrain && view.terrain.length ? board(view, still) : el("p", "Before the battle: the battlefield is not laid out yet."));
  if (view.sides && view.sides.length === 2 && view.sides[0].nation) parts.push(sideCards(view, view.player), sideCards(view, 1 - view.player));
  return parts;
}

/** Redraws the battlefield alone (a pick, the cursor). @param {import("./dom.js").TableContext} ctx @param {boolean} [focus] */
function renderBoard(ctx, focus) {
  const view = ctx.view;
  if (!view.terrain || !view.terrain.length) {
    $("board").replaceChildren(el("p", "The battlefield is not laid out yet."));
    return;
  }
  const svg = board(view, ctx);
  $("board").replaceChildren(svg);
  if (focus) svg.focus();
}

/** A card drawn as a card: name, kind and printed values. @param {any} c @param {boolean} [allowed] */
function card(c, allowed) {
  if (c === null) {
    const back = el("div", undefined, "mcard back");
    back.setAttribute("aria-label", "a face-down card");
    back.append(el("span", "face down"));
    return back;
  }
  const box = el("div", undefined, `mcard ${c.kind || ""}${allowed ? " allowed" : ""}`);
  box.append(el("div", c.name || c.label, "mcard-name"));
  if (c.kind === "leader" || c.kind === "hq") box.append(el("div", c.kind === "hq" ? "HQ card" : "leader", "mcard-kind"));
  const values = el("ul", undefined, "mcard-values");
  for (const v of c.values || []) values.append(el("li", v));
  box.append(values);
  box.title = c.label;
  return box;
}

/** The Fate Die line of a side holding its cards in a display. @param {any} view */
function fateLine(view) {
  if (!view.fate) return null;
  const p = el("p", undefined, "fate");
  const die = el("span", String(view.fate.face === 1 ? "!!" : view.fate.face), "die");
  die.setAttribute("aria-label", `Fate Die ${view.fate.face}`);
  p.append(die, ` ${view.sides[view.active].nation}'s Fate Die: ${view.fate.meaning}.`);
  return p;
}

/** A side's cards: the hand, or the CDG Solo display slot by slot with the deck as slot C. The own
 * hand's cards named in `discardable` (discard action ids) carry a box to tick.
 * @param {any} view @param {number} p @param {Set<string>} [discardable] */
function sideCards(view, p, discardable = new Set()) {
  const side = view.sides[p];
  const mine = p === view.player;
  const box = el("section", undefined, "mcards");
  const allowed = new Set(view.fate && view.active === p ? view.fate.allowed : []);
  if (side.mode === "display" && side.display) {
    box.append(el("h3", `${side.nation}: Card Display${mine ? "" : " (the opponent's)"}`));
    const row = el("div", undefined, "mslots");
    const slot = (/** @type {string} */ name, /** @type {any[]} */ cards, /** @type {string} */ note) => {
      const cell = el("div", undefined, "mslot");
      cell.append(el("div", name, "slot-name"));
      for (const c of cards) cell.append(card(c, c !== null && allowed.has(c.card)));
      if (note) cell.append(el("div", note, "slot-note"));
      return cell;
    };
    row.append(slot("A", side.display[0], ""), slot("B", side.display[1], ""));
    row.append(slot("C", [side.deck_top], `deck: ${side.deck_count}`));
    row.append(slot("D", side.display[2], ""), slot("E", side.display[3], ""));
    box.append(row);
  } else if (mine) {
    box.append(el("h3", `Your hand (${side.nation})`));
    const row = el("div", undefined, "mhand");
    for (const c of side.hand) {
      const face = card(c);
      // In the Discard phase a card is ticked on the card itself; the actions' button discards them.
      if (discardable.has(`discard-${c.card}`)) {
        const tick = /** @type {HTMLInputElement} */ (el("input"));
        tick.type = "checkbox";
        tick.className = "discard-tick";
        tick.value = `discard-${c.card}`;
        tick.setAttribute("aria-label", `discard ${c.name || c.label}`);
        const wrap = el("label", undefined, "discard-card");
        wrap.append(tick, face);
        row.append(wrap);
      } else {
        row.append(face);
      }
    }
    box.append(row);
  } else {
    const held = `${side.nation}: ${side.hand_count} ${side.hand_count === 1 ? "card" : "cards"} in hand`;
    // Only the cards the opponent has shown are drawn; the rest is a count, and the heading says
    // how many of the count are drawn so that one card under "5 cards" reads as the one seen.
    const seen = side.hand.length;
    const known = seen < side.hand_count ? `${seen} known to you` : seen === 1 ? "known to you" : "all known to you";
    box.append(el("h3", seen ? `${held}, ${known}` : held));
    if (seen) {
      const row = el("div", undefined, "mhand");
      for (const c of side.hand) row.append(card(c));
      box.append(row);
    }
  }
  const facts = [`deck ${side.deck_count}`, `discards ${side.discard_count}`, `units lost ${side.units_lost}`];
  if (side.discard_top) facts.push(`top discard ${side.discard_top.name || side.discard_top.label}`);
  box.append(el("p", facts.join(" · "), "mside-facts"));
  return box;
}

/** The combat in progress: who fights, the cards and dice so far, the totals. @param {any} view */
function combatInProgress(view) {
  const c = view.combat;
  if (!c) return null;
  const unit = (/** @type {number | null} */ id) => {
    const u = id === null || id === undefined ? null : view.units.find((/** @type {any} */ x) => x.id === id);
    if (!u) return "no unit";
    const where = u.square ? `on ${u.square}` : "off the board";
    return `${u.name} (${view.sides[u.side].nation}, strength ${u.strength}) ${where}`;
  };
  const box = el("section", undefined, "combat");
  box.append(el("h3", `${c.kind} in progress`));
  const rows = [
    ["Attacker", c.attacker === null ? "an Ambush card" : unit(c.attacker)],
    ["Defender", unit(c.defender)],
    ["Supporting", c.supporters.length ? c.supporters.map(unit).join("; ") : "none"],
    ["Attack cards", c.attack_cards.map((/** @type {any} */ x) => x.name || x.label).join(", ") || "none yet"],
    ["Defence cards", c.defense_cards.map((/** @type {any} */ x) => x.name || x.label).join(", ") || "none yet"],
    ["Totals now", `attack ${c.attack_total} against defence ${c.defense_total} (dice so far ${c.dice_total})`],
  ];
  const dl = el("dl");
  for (const [k, v] of rows) dl.append(el("dt", k), el("dd", v));
  box.append(dl);
  return box;
}

/** A unit as the combat report names it. @param {any} u */
const who = (u) => (u ? `${u.name} (${u.nation}) on ${u.square}` : "none");

/** The combat panel: who fought, every card and modifier, the dice as rolled, the totals, the line of
 * the outcome table that applied and what came of it. @param {any} report */
export function combatReport(report) {
  const box = el("details", undefined, "combat report");
  // The outcome in a line; the whole account (cards, modifiers, dice, table) one click away.
  const where = report.defender_square || (report.defender && report.defender.square) || "";
  const head = el("summary");
  head.append(el("strong", `${report.kind} at ${where}: attack ${report.attack_total} against defence ${report.defense_total}`));
  if (report.result && report.result.length) head.append(el("span", ` ${report.result.join(" ")}`, "result-line"));
  box.append(head);
  box.append(el("h3", `${report.kind} at ${where}`));
  const dl = el("dl");
  const row = (/** @type {string} */ k, /** @type {string} */ v) => dl.append(el("dt", k), el("dd", v));
  row("Attacker", report.attacker ? who(report.attacker) : "an Ambush card");
  row("Defender", report.defender ? who(report.defender) : "an empty square");
  if (report.supporters && report.supporters.length) row("Supporting", report.supporters.map(who).join("; "));
  const cards = (/** @type {any[]} */ list) => (list && list.length ? list.map((c) => c.label).join("; ") : "none");
  row("Attack cards", cards(report.attack_cards));
  row("Defence cards", cards(report.defense_cards));
  for (const side of ["attack", "defense"]) {
    const mods = (report.modifiers || []).filter((/** @type {any} */ m) => m.side === side);
    if (mods.length) row(side === "attack" ? "Attack adds" : "Defence adds", mods.map((/** @type {any} */ m) => `${m.what} ${m.value}`).join("; "));
  }
  if (report.dice && report.dice.length) {
    const dice = el("dd");
    for (const d of report.dice) {
      const die = el("span", String(d.value), "die");
      die.title = `d${d.sides}`;
      die.setAttribute("aria-label", `a d${d.sides} showing ${d.value}`);
      dice.append(die, " ");
    }
    dl.append(el("dt", "Dice"), dice);
  }
  row("Totals", `attack ${report.attack_total} against defence ${report.defense_total}`);
  if (report.outcome) row("Outcome table", report.outcome);
  box.append(dl);
  if (report.result && report.result.length) {
    const list = el("ul", undefined, "result");
    for (const line of report.result) list.append(el("li", line));
    box.append(list);
  }
  return box;
}

/** The end of the game: who won, how, and the counts that decided it, with the way to the replay.
 * @param {any} view @param {number} id */
function endScreen(view, id) {
  const v = view.victory;
  const box = el("section", undefined, "end");
  box.append(el("h2", v ? `${v.winner_name} wins` : "The game is over"));
  if (v) {
    box.append(el("p", `${v.kind === "attrition" ? "Victory by attrition" : "Victory at nightfall"}: ${v.reason.replace(/^nightfall: /, "")}.`));
    const table = el("table");
    const head = el("tr");
    head.append(el("th", ""), ...view.sides.map((/** @type {any} */ s) => el("th", s.nation)));
    table.append(head);
    /** @param {string} what @param {number[] | undefined} pair */
    const line = (what, pair) => {
      if (!pair) return;
      const tr = el("tr");
      tr.append(el("th", what), ...pair.map((n) => el("td", String(n))));
      table.append(tr);
    };
    line("enemy units eliminated", v.units_eliminated);
    line("units reduced", v.reduced_units);
    if (v.kind === "nightfall") line("enemy squares controlled", v.control);
    box.append(table);
    if (v.tiebreak) box.append(el("p", `Decided by: ${v.tiebreak}.`));
    if (v.turns) box.append(el("p", `After ${v.turns} game turns.`));
  } else if (view.result) {
    box.append(el("p", view.result));
  }
  const replay = el("a", "Step through the replay", "button-link");
  replay.setAttribute("href", gameAddress(id, "/replay/0"));
  const lobby = el("a", "Back to the games", "button-link");
  lobby.setAttribute("href", "#");
  box.append(replay, " ", lobby);
  return box;
}

/** A line saying what the battlefield asks for now, when it asks for clicks.
 * @param {import("./dom.js").TableContext} ctx @returns {HTMLElement[]} */
function guidance(ctx) {
  const ids = ctx.legal.actions.map((/** @type {any} */ a) => a.id);
  const left = ctx.view.moves_left;
  const moves = left === null || left === undefined ? "" : ` (${left} ${left === 1 ? "move" : "moves"} left)`;
  let text = "";
  if (ids.some((/** @type {string} */ i) => i.startsWith("deploy-"))) {
    const first = ctx.legal.actions.find((/** @type {any} */ a) => a.id.startsWith("deploy-"));
    text = `${first.label.replace(/ on [a-h][1-8]$/, "")}: click a lit square.`;
  } else if (ids.some((/** @type {string} */ i) => /^(move|assault|bombard|volley)-/.test(i))) {
    text = `Click one of your units, then a lit square: green to move, red to attack${moves}. Keys: the arrows and Enter on the battlefield.`;
  } else if (ids.some((/** @type {string} */ i) => /^(retreat-to|skirmish-to)-/.test(i))) {
    text = "Click a lit square to retreat to.";
  }
  return text ? [el("p", text, "guide")] : [];
}

/** Draws Manoeuvre's table: the battlefield, the cards, the actions. @param {import("./dom.js").TableContext} ctx */
export function renderManoeuvre(ctx) {
  const view = ctx.view;
  const position = `${ctx.id}/${ctx.game.status.steps}`;
  if (pick.position !== position) {
    pick.position = position;
    pick.unit = null;
    pick.lit = [];
  }
  $("choice").replaceChildren();
  renderBoard(ctx);
  $("choice").replaceChildren(...guidance(ctx));
  const parts = [];
  $("end").replaceChildren(...(ctx.game.status.over ? [endScreen(view, ctx.id)] : []));
  // The combat just resolved (by this move or a bot's), drawn as a panel.
  const reports = ctx.last ? [ctx.last.combat, ...(ctx.last.bot_moves || []).map((/** @type {any} */ m) => m.combat)].filter(Boolean) : [];
  for (const r of reports) parts.push(combatReport(r));
  const fate = fateLine(view);
  if (fate) parts.push(fate);
  // A combat still in the view after its report is only waiting for its follow-ups (advance,
  // retreat): the report says all there is.
  const combat = reports.length ? null : combatInProgress(view);
  if (combat) parts.push(combat);
  const discardable = new Set(ctx.legal.actions.map((/** @type {any} */ a) => a.id).filter((/** @type {string} */ i) => i.startsWith("discard-")));
  if (view.sides && view.sides.length === 2 && view.sides[0].nation) {
    parts.push(sideCards(view, view.player, ctx.actMany ? discardable : undefined), sideCards(view, 1 - view.player));
  }
  $("hand").replaceChildren(...parts);
  // Actions the battlefield offers by click stay as buttons too: the keyboard and screen readers
  // reach every one of them.
  // Moves and deployments are made on the battlefield; when there are many they are folded into
  // one list (still reachable from the keyboard), every other action stays a button.
  const spatial = (/** @type {any} */ a) => /^(move|deploy|retreat-to|skirmish-to)-/.test(a.id);
  const many = ctx.legal.actions.filter(spatial).length > 3;
  // A Discard phase is one decision: the cards to let go are ticked, then one button discards them
  // and ends the phase (or keeps the whole hand).
  const discarding = ctx.actMany && ctx.legal.actions.some((/** @type {any} */ a) => a.id === "end-discard");
  const inPanel = (/** @type {any} */ a) => discarding && (a.id === "end-discard" || a.id.startsWith("discard-"));
  showActions(ctx, many ? spatial : undefined, inPanel);
  if (discarding) $("actions").querySelector("h3")?.after(discardPanel(ctx));
}

/** The Discard phase as one decision: the cards are ticked in the hand itself, and one button
 * discards the ticked cards and ends the phase (or keeps the whole hand).
 * @param {import("./dom.js").TableContext} ctx */
function discardPanel(ctx) {
  const box = el("div", undefined, "discard");
  box.append(el("p", "Discard phase: tick the cards to let go in your hand below, then draw.", "guide"));
  const ticks = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll("#hand input.discard-tick")]);
  const go = el("button", "", "discard-go");
  const say = () => {
    const n = ticks.filter((t) => t.checked).length;
    go.textContent = n === 0 ? "Keep my whole hand and draw" : `Discard ${n} ${n === 1 ? "card" : "cards"} and draw`;
  };
  for (const tick of ticks) tick.addEventListener("change", say);
  go.dataset.action = "end-discard";
  go.onclick = () => {
    const chosen = ticks.filter((t) => t.checked).map((t) => t.value);
    if (chosen.length === 0) ctx.act("end-discard");
    else if (ctx.actMany) ctx.actMany([...chosen, "end-discard"]);
  };
  say();
  box.append(go);
  return box;
}
