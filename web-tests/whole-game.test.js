// A whole game of Manoeuvre against a bot, played through the page as a person plays it (units and
// squares clicked on the battlefield, cards ticked in the Discard phase, buttons for the rest), to
// its end screen. It counts the person's decisions: the steps that were the only choice are taken
// for the person, so nearly every click is a move, an attack, a card or a real choice.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness } = require("./harness.js");

const env = harness();

/** Steps that only end a phase or answer "nothing": a click on one of these decides nothing new
 * when it is the only thing offered, and is counted apart even when it is not. */
const PHASE_ENDS = new Set(["end-discard", "end-draw", "end-movement", "no-combat", "end-restoration", "done-attacking",
  "done-defending", "done-support", "let-it-stand", "stand", "stay-put", "keep-display"]);

/** Squares apart (king moves). @param {string} a @param {string} b */
const distance = (a, b) => Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a[1]) - Number(b[1])));

test("a whole game against a bot through the page: lone steps are taken, most clicks decide something", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  /** Every decision the page sent, as the ids it carried. @type {string[][]} */
  const sent = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && /\/api\/games\/\d+\/actions$/.test(r.url())) {
      const body = JSON.parse(r.postData() || "{}");
      sent.push(body.actions || [body.action]);
    }
  });
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "manoeuvre");
  await page.fill("#seed", "31");
  await page.selectOption("#army-a", "FR");
  await page.selectOption("#army-b", "AU");
  await page.selectOption("#opponent", "rules");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#board svg");
  await page.waitForSelector("#log[data-filled]");
  const id = Number(new URL(page.url()).hash.split("/")[1]);
  const get = (/** @type {string} */ url) => page.evaluate(async (u) => (await fetch(u)).json(), url);

  let turnsDiscarding = 0;
  let over = false;
  for (let i = 0; i < 1500 && !over; i++) {
    const game = await get(`/api/games/${id}`);
    if (game.status.over) {
      over = true;
      break;
    }
    const legal = (await get(`/api/games/${id}/legal`)).actions;
    // Never a lone step that hides nothing left for the person to click.
    if (legal.length === 1) {
      assert.ok(/^(flip-|spy-|dig-in)/.test(legal[0].id), `a lone step was left to the person: ${legal[0].id}`);
    }
    const seen = await get(`/api/games/${id}/observe/0`);
    const view = seen.observation || seen;
    const steps = game.status.steps;
    const attack = legal.find((/** @type {any} */ a) => /^(assault|bombard|volley)-/.test(a.id));
    const moves = legal.filter((/** @type {any} */ a) => a.id.startsWith("move-"));
    if (attack) {
      const [, unit, square] = attack.id.split("-");
      await page.click(`#board g.unit[data-unit="${unit}"]`);
      await page.click(`#board .target[data-target="${square}"]`);
      if (await page.locator("#choice button").count()) await page.locator("#choice button").first().click();
    } else if (moves.length) {
      const enemies = view.units.filter((/** @type {any} */ u) => u.side === 1 && u.square).map((/** @type {any} */ u) => u.square);
      const gap = (/** @type {string} */ sq) => Math.min(...enemies.map((/** @type {string} */ e) => distance(sq, e)));
      const best = moves.reduce((/** @type {any} */ a, /** @type {any} */ b) => (gap(b.id.split("-")[2]) < gap(a.id.split("-")[2]) ? b : a));
      const [, unit, square] = best.id.split("-");
      await page.click(`#board g.unit[data-unit="${unit}"]`);
      await page.click(`#board .target[data-target="${square}"]`);
    } else if (await page.locator("#actions .discard-go").count()) {
      // Every third Discard phase, let the first card go.
      turnsDiscarding += 1;
      if (turnsDiscarding % 3 === 0) await page.locator("#actions .discard-card input").first().check();
      await page.click("#actions .discard-go");
    } else {
      const button = page.locator("#actions > button").first();
      if (await button.count()) await button.click();
      else await page.locator("#board .target").first().click();
    }
    // The page is drawn again once the answer is in: the status moved on and nothing is busy.
    await page.waitForFunction(
      async ([gid, before]) => {
        const r = await fetch(`/api/games/${gid}`);
        const g = await r.json();
        return g.status.steps !== before && !document.querySelector("#table.busy");
      },
      [id, steps],
    );
  }
  assert.ok(over, "the game reached its end");
  await page.waitForSelector("#end .end h2");
  assert.match(await page.locator("#end .end h2").textContent(), /wins|over/);

  // What the person's clicks were.
  const phaseEnds = sent.filter((ids) => ids.length === 1 && PHASE_ENDS.has(ids[0]));
  const keepHand = phaseEnds.filter((ids) => ids[0] === "end-discard").length;
  const deciding = sent.length - phaseEnds.length;
  const share = deciding / sent.length;
  // Keeping the whole hand is the Discard phase's decision about the cards; the other phase ends
  // are counted as deciding nothing, even where something else could have been done.
  const withHand = (deciding + keepHand) / sent.length;
  console.log(`${sent.length} decisions sent; ${deciding} moves, attacks, cards and choices (${Math.round(100 * share)}%), ` +
    `${keepHand} 'keep my whole hand', ${phaseEnds.length - keepHand} other phase ends; with the hand kept as a card decision ${Math.round(100 * withHand)}%`);
  assert.ok(share >= 0.7, `${Math.round(100 * share)}% of the clicks decided something, counting 'keep my whole hand' as nothing`);
  const log = await page.locator("#log").textContent();
  assert.match(log, /the only choice, taken for you/, "the steps taken for the person are in the log");
  assert.deepEqual(errors, [], "no script errors");
  await page.close();
});
