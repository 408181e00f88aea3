// Going back and looking back in the browser: roll a game against the rule-based bot back to the
// start of an earlier turn, step through a replay with the buttons and the keys, and finish a game to
// see its end screen and open its replay from there.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { harness, docsImages } = require("./harness.js");

const env = harness();

/** A JSON call to the API from the test itself. @param {string} url @param {any} [body] */
async function call(url, body) {
  const response = await fetch(env.base + url, {
    method: body === undefined ? "GET" : "POST",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${url}: ${data.error}`);
  return data;
}

/** Plays one plain action a step through the API (attacks first, so that games end sooner) until the
 * game turn reaches `turn` or the game ends. @param {number} id @param {number} turn */
async function playTo(id, turn) {
  for (let i = 0; i < 3000; i++) {
    const { status } = await call(`/api/games/${id}`);
    if (status.over) return;
    const player = status.to_move.player;
    const seen = await call(`/api/games/${id}/observe/${player}`);
    if ((seen.observation || seen).turn >= turn) return;
    const legal = (await call(`/api/games/${id}/legal`)).actions.filter((/** @type {any} */ a) => !a.tool);
    const pick = legal.find((/** @type {any} */ a) => /^(assault|bombard)-/.test(a.id)) || legal[legal.length - 1];
    await call(`/api/games/${id}/actions`, { action: pick.id, step: status.steps });
  }
  throw new Error("the game never got there");
}

test("roll back to the start of an earlier turn, then step through the replay", async () => {
  const created = await call("/api/games", {
    game: "manoeuvre", seed: 33, options: { armies: ["RU", "OT"], quick_start: true }, bots: [null, "rules"],
  });
  const id = created.id;
  await playTo(id, 3);
  const before = (await call(`/api/games/${id}`)).status.steps;
  const past = await call(`/api/games/${id}/history/0`);
  const second = past.turns.find((/** @type {any} */ t) => t.turn === 2);
  assert.ok(second, "the history knows where turn 2 began");

  const page = await env.browser.newPage({ viewport: { width: 1200, height: 1000 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("dialog", (d) => d.accept());
  await page.goto(`${env.base}/#game/${id}`);
  await page.waitForSelector("#log[data-filled]");
  await page.click("#rollback-box summary");
  // The page says why going back cannot fish for better dice.
  assert.match(await page.locator("#rollback-box").textContent(), /cannot change the dice/);
  const back = page.locator("#rollback-list button", { hasText: `start of turn 2 (${second.active})` });
  await back.click();
  await page.waitForFunction(() => /Went back/.test(document.querySelector("#log").textContent));
  const after = (await call(`/api/games/${id}`)).status.steps;
  assert.ok(after < before, `the game went back (${before} steps, now ${after})`);
  assert.ok(after >= second.step, "not further than the start of turn 2");
  assert.match(await page.locator("#status").textContent(), /turn 2/);
  const kept = await call(`/api/games/${id}/history/0`);
  assert.equal(kept.rollbacks.length, 1, "the rollback is kept in the game's history");
  assert.equal(kept.rollbacks[0].from, before);

  // The replay: the first step, then forward with the button and the keys, and a jump to a turn.
  await page.goto(`${env.base}/#game/${id}/replay/0`);
  await page.waitForSelector("#replay:not([hidden])");
  await page.waitForFunction(() => /The start/.test(document.querySelector("#replay-where").textContent));
  assert.match(await page.locator("#replay-where").textContent(), /The start: step 0 of \d+/);
  await page.click("#replay-next");
  await page.waitForFunction(() => /Step 1 of/.test(document.querySelector("#replay-where").textContent));
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => /Step 2 of/.test(document.querySelector("#replay-where").textContent));
  await page.keyboard.press("End");
  await page.waitForFunction((n) => new RegExp(`Step ${n} of ${n}`).test(document.querySelector("#replay-where").textContent), after);
  await page.selectOption(".replay-controls select", String(second.step));
  await page.waitForFunction((n) => new RegExp(`Step ${n} of`).test(document.querySelector("#replay-where").textContent), second.step);
  await page.click("#replay-exit");
  await page.waitForSelector("#table:not([hidden]) #board svg");
  assert.deepEqual(errors, [], "no script error on the page");
  await page.close();
});

test("a finished game shows who won and how, and opens its replay", async () => {
  const created = await call("/api/games", { game: "manoeuvre", seed: 31, options: { armies: ["FR", "PR"], quick_start: true } });
  const id = created.id;
  await playTo(id, 1000);
  const { status } = await call(`/api/games/${id}`);
  assert.ok(status.over, "the game is over");
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 1000 } });
  await page.goto(`${env.base}/#game/${id}`);
  await page.waitForSelector("#end .end");
  const winner = status.result.winner === 0 ? "France" : "Prussia";
  assert.match(await page.locator("#end h2").textContent(), new RegExp(`${winner} wins`));
  assert.match(await page.locator("#end").textContent(), /Victory (at nightfall|by attrition)/);
  assert.match(await page.locator("#end table").textContent(), /enemy units eliminated/);
  await page.screenshot({ path: path.join(docsImages, "web-end.png") });
  await page.click("text=Step through the replay");
  await page.waitForSelector("#replay:not([hidden])");
  await page.waitForFunction(() => /The start/.test(document.querySelector("#replay-where").textContent));
  assert.match(await page.locator("#replay-where").textContent(), /The start: step 0 of \d+/);
  await page.keyboard.press("End");
  await page.waitForFunction((n) => new RegExp(`Step ${n} of ${n}`).test(document.querySelector("#replay-where").textContent), status.steps);
  await page.screenshot({ path: path.join(docsImages, "web-replay.png") });
  await page.close();
});
