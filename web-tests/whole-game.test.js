// A whole game of Manoeuvre against a bot, played through the page as a person plays it (units and
// squares clicked on the battlefield, cards ticked in the Discard phase, buttons for the rest), to
// its end screen. It counts the person's decisions: the steps that were the only choice are taken
// for the person, so nearly every click is a move, an attack, a card or a real choice.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness, startManoeuvre, decideLikeAPlayer } = require("./harness.js");

const env = harness();

/** Steps that only end a phase or answer "nothing": a click on one of these decides nothing new
 * when it is the only thing offered, and is counted apart even when it is not. */
const PHASE_ENDS = new Set(["end-discard", "end-draw", "end-movement", "no-combat", "end-restoration", "done-attacking",
  "done-defending", "done-support", "let-it-stand", "stand", "stay-put", "keep-display"]);

/** What a player at a laptop must see without scrolling: the whole battlefield, what may be done,
 * the combat in progress, the own cards and the latest log line. Answers what is out of view.
 * @param {import("playwright-core").Page} page */
async function outOfView(page) {
  return page.evaluate(() => {
    const out = [];
    const height = innerHeight;
    const width = innerWidth;
    const check = (/** @type {string} */ what, /** @type {Element | null} */ e) => {
      if (!e) return;
      const r = e.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > height + 0.5 || r.right > width + 0.5) {
        out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    };
    check("the battlefield", document.querySelector("#board svg"));
    check("the actions", document.querySelector("#actions"));
    check("the combat", document.querySelector("#hand .combat"));
    check("the own cards", document.querySelector("#hand .mcards"));
    // The latest log line starts in view (a long combat's line may run on inside the log's box).
    const line = document.querySelector("#log > li");
    if (line && (line.getBoundingClientRect().top < 0 || line.getBoundingClientRect().top > height - 20)) out.push("the latest log line");
    if (document.documentElement.scrollHeight > height) out.push(`the page scrolls (${document.documentElement.scrollHeight} px)`);
    return out;
  });
}

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
  const id = await startManoeuvre(page, env.base, { seed: "31", armies: ["FR", "AU"], opponent: "rules" });
  const get = (/** @type {string} */ url) => page.evaluate(async (u) => (await fetch(u)).json(), url);

  let turnsDiscarding = 0;
  let combatsSeen = 0;
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
    // Everything a decision needs is in view at 1280x800, combat panels included.
    const hidden = await outOfView(page);
    assert.deepEqual(hidden, [], `out of view at step ${steps}`);
    if (await page.locator("#hand .combat").count()) combatsSeen += 1;
    // Every third Discard phase, let the first card go.
    await decideLikeAPlayer(page, view, legal, async (ticks) => {
      turnsDiscarding += 1;
      if (turnsDiscarding % 3 === 0 && ticks.length) await ticks[0].check();
    });
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
  assert.ok(combatsSeen > 0, "combat panels were shown");
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

test("at 1440x900 everything is in view too, and at 400 px the actions come right after the board", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const id = await startManoeuvre(page, env.base, { seed: "8", opponent: "rules" });
  // On to a Movement phase, where the battlefield asks for clicks.
  for (let i = 0; i < 10 && !(await page.locator("#board .unit.can-act").count()); i++) {
    const steps = (await page.evaluate(async (u) => (await fetch(u)).json(), `/api/games/${id}`)).status.steps;
    await page.locator("#actions .discard-go, #actions > button").first().click();
    await page.waitForFunction(async ([gid, before]) => (await (await fetch(`/api/games/${gid}`)).json()).status.steps !== before
      && !document.querySelector("#table.busy"), [id, steps]);
  }
  assert.deepEqual(await outOfView(page), [], "at 1440x900");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.deepEqual(await outOfView(page), [], "at 1280x800");
  await page.setViewportSize({ width: 400, height: 800 });
  // The resize lays the page out again: read the boxes once all three are shown.
  await page.waitForFunction(() => ["#board svg", "#choice", "#side"].every((s) => {
    const e = document.querySelector(s);
    return e && e.getClientRects().length > 0 && e.getBoundingClientRect().height > 0;
  }));
  // Below the board: the line saying what the battlefield asks for, then the actions.
  const board = await page.locator("#board svg").boundingBox();
  const guide = await page.locator("#choice").boundingBox();
  const actions = await page.locator("#side").boundingBox();
  assert.ok(board && guide && actions, "all drawn");
  assert.ok(guide.y >= board.y + board.height && guide.y - (board.y + board.height) < 30, "the guide follows the board");
  const gap = actions.y - (guide.y + guide.height);
  assert.ok(gap >= 0 && gap < 30, `the actions start ${Math.round(gap)} px below the guide`);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 400, "no sideways scroll");
  await page.close();
});

test("a double click sends one decision, the wait is said above the actions, and an error is cleared with another game", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  /** @type {string[]} */
  const posts = [];
  page.on("request", (r) => { if (r.method() === "POST" && /\/actions$/.test(r.url())) posts.push(r.postData() || ""); });
  await startManoeuvre(page, env.base, { seed: "13", opponent: "mcts:easy" });
  const first = page.locator("#actions .discard-go, #actions > button").first();
  // While the answer is awaited the table says so above the actions and its buttons are greyed.
  const before = await page.locator("#table").getAttribute("data-steps");
  await first.dblclick();
  const said = await page.evaluate(() => ({ busy: document.querySelector("#table")?.classList.contains("busy"), text: document.querySelector("#working")?.textContent }));
  if (said.busy) assert.match(String(said.text), /thinking|Saving/);
  await page.waitForFunction((b) => document.querySelector("#table")?.getAttribute("data-steps") !== b && !document.querySelector("#table.busy"), before);
  assert.equal(posts.length, 1, `one decision sent for a double click: ${posts}`);
  assert.equal(await page.locator("#table-error").textContent(), "", "no error");
  // An error shown on one game is gone on another.
  await page.evaluate(() => { const e = document.querySelector("#table-error"); if (e) e.textContent = "the game has moved on"; });
  const other = await page.evaluate(async () => (await (await fetch("/api/games", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ game: "manoeuvre", seed: 2, options: { quick_start: true } }) })).json()).id);
  await page.evaluate((gid) => { location.hash = `#game/${gid}`; }, other);
  await page.waitForFunction((gid) => document.querySelector("#table")?.getAttribute("data-steps") !== null && location.hash === `#game/${gid}`, other);
  assert.equal(await page.locator("#table-error").textContent(), "");
  await page.close();
});
