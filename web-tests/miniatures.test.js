// Browser test of the miniatures turn sequence (docs/miniatures.md) at phone width: started from the
// lobby with the example roster, the initiative rolled, a unit activated, and each roll told die by
// die with its meaning, right above the actions.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness, shownSteps, movedOn } = require("./harness.js");

const env = harness();

test("the miniatures sequence on a phone: initiative, an activation, and what each roll means", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 860 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "miniatures");
  await page.fill("#seed", "4");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#log[data-filled]");
  // No hand is secret: no pass screen.
  assert.equal(await page.locator("#pass").isVisible(), false);
  assert.equal(await page.locator(".mroster").count(), 2);
  // The initiative: each side's die with its CO's LV and who won.
  const initiative = page.locator(".mstep .mdie");
  assert.equal(await initiative.count(), 2);
  assert.match(await initiative.nth(0).textContent(), /^[1-6]Blue \+2 = \d+(wins|loses)$/);
  assert.match(await initiative.nth(1).textContent(), /^[1-6]Red \+1 = \d+(wins|loses)$/);
  for (const words of ["Repositioning done", "No more disengaging", "Line command done", "Activate ", "Roll 2 activation", "No leadership"]) {
    const before = await shownSteps(page);
    await page.locator("#actions > button", { hasText: words }).first().click();
    await movedOn(page, before);
  }
  assert.match(await page.locator(".mstep").textContent(), /Activation of .*: 2 dice against QV \d, \d success/);
  // Each activation die is shown on its own, its face with its verdict.
  const dice = page.locator(".mstep .mdie");
  assert.equal(await dice.count(), 2);
  for (let i = 0; i < 2; i++) assert.match(await dice.nth(i).textContent(), /^[1-6].*(success|miss)/);
  // On the phone the actions follow the roll at once; the rosters come after them.
  const top = async (selector) => (await page.locator(selector).first().boundingBox())?.y ?? NaN;
  assert.ok((await top(".mstep")) < (await top("#actions > button")), "the roll above the actions");
  assert.ok((await top("#actions > button")) < (await top(".mroster")), "the rosters after the actions");
  assert.match(await page.locator("#log > li").first().textContent(), /Activation of .*, die 2 of 2: the die shows \d/);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 400), "no sideways scrolling");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a roster of one's own is read from a file chosen in the lobby", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "miniatures");
  assert.equal(await page.locator("#miniatures-rows").isVisible(), true);
  const fs = require("node:fs");
  const path = require("node:path");
  const example = fs.readFileSync(path.join(__dirname, "..", "crates", "miniatures", "rosters", "example.toml"), "utf8");
  await page.setInputFiles("#miniatures-roster", { name: "mine.toml", mimeType: "text/plain", buffer: Buffer.from(example.replace("Grenadiers", "Old Guard")) });
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#log[data-filled]");
  assert.match(await page.locator(".mroster").nth(1).textContent(), /Old Guard/);
  await page.close();
});
