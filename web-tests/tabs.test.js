// Many tabs of one browser: each game tab follows its game live, yet the browser keeps its six
// connections to the server free, because the tabs share one stream (a SharedWorker). Ten game tabs,
// then the lobby opens and a decision goes through in two of them, and a second tab of a game
// follows it live.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness, shownSteps, movedOn } = require("./harness.js");

const env = harness();

/** Starts a game of Manoeuvre against the rule-based player through the API; answers its id.
 * @param {number} seed */
async function newGame(seed) {
  const response = await fetch(`${env.base}/api/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "manoeuvre", seed, options: { quick_start: true }, bots: [null, "rules"] }),
  });
  assert.equal(response.status, 201);
  return (await response.json()).id;
}

/** Makes the first decision the page offers. @param {import("playwright-core").Page} page */
async function decide(page) {
  const before = await shownSteps(page);
  const button = page.locator("#actions .discard-go, #actions > button").first();
  if (await button.count()) await button.click();
  else await page.locator("#board .target").first().click();
  await movedOn(page, before);
}

test("ten game tabs leave the app working: the lobby opens, decisions go through, a tab follows live", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const ids = [];
  for (let i = 0; i < 10; i++) ids.push(await newGame(100 + i));
  const tabs = [];
  for (const id of ids) {
    const page = await context.newPage();
    await page.goto(`${env.base}/#game/${id}`);
    await page.waitForSelector("#log[data-filled]", { timeout: 15000 });
    tabs.push(page);
  }
  const lobby = await context.newPage();
  await lobby.goto(`${env.base}/`);
  await lobby.waitForFunction(() => document.querySelectorAll("#saved li").length >= 10, undefined, { timeout: 15000 });

  // Every game tab hears the changes live, through the one stream the tabs share.
  for (const page of tabs) await page.waitForFunction(() => document.body.dataset.live === "true", undefined, { timeout: 15000 });

  // A decision in each of two tabs goes through, with the bot's answer.
  for (const page of [tabs[0], tabs[7]]) await decide(page);

  // Another tab on the first game follows it live while the first plays on.
  const second = await context.newPage();
  await second.goto(`${env.base}/#game/${ids[0]}`);
  await second.waitForSelector("#log[data-filled]");
  await second.waitForTimeout(300);
  await decide(tabs[0]);
  const steps = await shownSteps(tabs[0]);
  await second.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === n, steps, { timeout: 15000 });
  await context.close();
});
