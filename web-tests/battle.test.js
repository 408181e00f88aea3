// A whole stretch of Manoeuvre in the browser against the rule-based bot, played the way a person
// plays it: deploy by clicking squares, move by clicking a unit and then its target, fight an
// Assault from the battlefield, undo, and find the game again after a reload.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { harness, docsImages, shownSteps, movedOn, startManoeuvre, distance } = require("./harness.js");

const env = harness();


/** GET from the API inside the page (same origin, same token). @param {import("playwright-core").Page} page @param {string} url */
const get = (page, url) => page.evaluate(async (u) => (await fetch(u)).json(), url);



test("deploy, move, fight an Assault against the rule-based bot, undo and reload", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 1000 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const id = await startManoeuvre(page, env.base, { seed: "21", armies: ["FR", "AU"], opponent: "rules", quick: false });
  await page.waitForSelector("#board svg");

  // Deployment: each unit is placed by clicking one of the lit squares.
  let deployed = 0;
  while ((await get(page, `/api/games/${id}/legal`)).actions.some((/** @type {any} */ a) => a.id.startsWith("deploy-"))) {
    const before = await shownSteps(page);
    await page.locator("#board .target").first().click();
    await movedOn(page, before);
    deployed += 1;
  }
  assert.equal(deployed, 8, "the person placed all eight French units");

  // Play on until an Assault has been fought: assault when one is offered, else move the unit that
  // gets closest to the enemy, else take the first plain action.
  let fought = false;
  let moved = false;
  for (let i = 0; i < 200 && !fought; i++) {
    const legal = (await get(page, `/api/games/${id}/legal`)).actions;
    const seen = await get(page, `/api/games/${id}/observe/0`);
    const view = seen.observation || seen;
    const before = await shownSteps(page);
    const assault = legal.find((/** @type {any} */ a) => a.id.startsWith("assault-"));
    const moves = legal.filter((/** @type {any} */ a) => a.id.startsWith("move-"));
    if (assault) {
      const [, unit, square] = assault.id.split("-");
      await page.click(`#board g.unit[data-unit="${unit}"]`);
      await page.click(`#board .target[data-target="${square}"]`);
      if (await page.locator("#choice button").count()) await page.locator("#choice button").first().click();
      fought = true;
    } else if (moves.length) {
      const enemies = view.units.filter((/** @type {any} */ u) => u.side === 1 && u.square).map((/** @type {any} */ u) => u.square);
      const gap = (/** @type {string} */ sq) => Math.min(...enemies.map((/** @type {string} */ e) => distance(sq, e)));
      const best = moves.reduce((/** @type {any} */ a, /** @type {any} */ b) => (gap(b.id.split("-")[2]) < gap(a.id.split("-")[2]) ? b : a));
      const [, unit, square] = best.id.split("-");
      await page.click(`#board g.unit[data-unit="${unit}"]`);
      assert.ok((await page.locator("#board .target").count()) > 0, "picking a unit lights its moves");
      await page.click(`#board .target[data-target="${square}"]`);
      moved = true;
    } else {
      const button = page.locator("#actions > button, #actions .discard-go").first();
      if (await button.count()) await button.click();
      else await page.locator("#board .target").first().click();
    }
    await movedOn(page, before);
  }
  assert.ok(moved, "a unit was moved from the battlefield");
  assert.ok(fought, "an Assault was started from the battlefield");
  // Fight it out: answer whatever the combat asks until its result is told.
  for (let i = 0; i < 30 && !/Assault: attack \d+ \(dice \d+\) against defence \d+/.test(await page.locator("#log").textContent()); i++) {
    const before = await shownSteps(page);
    const button = page.locator("#actions > button, #actions .discard-go").first();
    if (await button.count()) await button.click();
    else await page.locator("#board .target").first().click();
    await movedOn(page, before);
  }
  assert.match(await page.locator("#log").textContent(), /Assault: attack \d+ \(dice \d+\) against defence \d+/);
  await page.screenshot({ path: path.join(docsImages, "web-manoeuvre.png"), fullPage: true });

  // Undo takes back the person's last decision; when dice were thrown or cards drawn since, the
  // button is greyed instead.
  const { steps, undo } = (await get(page, `/api/games/${id}`)).status;
  assert.equal(await page.locator("#undo").isEnabled(), undo, "the button is greyed exactly when an undo would be refused");
  if (undo) {
    await page.click("#undo");
    await page.waitForFunction(() => /Undone/.test(document.querySelector("#log").textContent));
    assert.ok((await get(page, `/api/games/${id}`)).status.steps < steps, "an undo goes back");
  }

  // A reload finds the same position.
  const after = (await get(page, `/api/games/${id}`)).status.steps;
  const status = await page.locator("#status").textContent();
  await page.reload();
  await page.waitForSelector("#board svg");
  await page.waitForSelector("#log[data-filled]");
  assert.equal(await page.locator("#status").textContent(), status);
  assert.equal((await get(page, `/api/games/${id}`)).status.steps, after, "the reload finds the game as it was left");
  assert.deepEqual(errors, [], "no script error on the page");
  await page.close();
});
