// Live updates: a second tab on the same game follows it without reloading, and a bot's moves are
// streamed one by one as each seat may know them (Server-Sent Events, GET /api/games/{id}/live/{p}).
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness, shownSteps, movedOn, startManoeuvre } = require("./harness.js");

const env = harness();

test("a second tab follows the game, and the bot's moves stream one by one as the person may know them", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const first = await context.newPage();
  const id = await startManoeuvre(first, env.base, { seed: "5", armies: ["FR", "AU"], opponent: "rules" });

  // The second tab opens the same game and listens to the stream itself too.
  const second = await context.newPage();
  await second.goto(`${env.base}/#game/${id}`);
  await second.waitForSelector("#log[data-filled]");
  await second.evaluate((gid) => {
    const seen = /** @type {any[]} */ ([]);
    /** @type {any} */ (window).streamed = seen;
    const stream = new EventSource(`/api/games/${gid}/live/0`);
    stream.addEventListener("change", (e) => seen.push(JSON.parse(/** @type {MessageEvent} */ (e).data)));
  }, id);
  // Let both streams open before anything is played.
  await second.waitForTimeout(300);

  // The person plays in the first tab until the bot has moved several times.
  for (let i = 0; i < 30; i++) {
    const moves = await second.evaluate(() => /** @type {any} */ (window).streamed.filter((d) => d.move).length);
    if (moves >= 4) break;
    const before = await shownSteps(first);
    const button = first.locator("#actions .discard-go, #actions > button").first();
    if (await button.count()) await button.click();
    else await first.locator("#board .target").first().click();
    await movedOn(first, before);
  }
  const streamed = await second.evaluate(() => /** @type {any} */ (window).streamed);
  const moves = streamed.filter((/** @type {any} */ d) => d.move);
  assert.ok(moves.length >= 4, `the bot's moves came one by one: ${moves.length}`);
  assert.ok(streamed.some((/** @type {any} */ d) => !d.move && typeof d.steps === "number"), "and a change once each request was done");

  // The second tab shows the game where the first left it, without a reload.
  const steps = (await first.evaluate(async (u) => (await fetch(u)).json(), `/api/games/${id}`)).status.steps;
  await second.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === String(n)
    && !document.querySelector("#table.busy"), steps);
  assert.equal(await second.locator("#status").textContent(), await first.locator("#status").textContent());
  assert.ok((await second.locator("#log .bot-line").count()) > 0, "the bot's moves are in the second tab's log");

  // Each streamed move shows the person exactly what the replay from their seat shows at that step.
  for (const d of moves.slice(0, 6)) {
    const replay = await second.evaluate(async (u) => (await fetch(u)).json(), `/api/games/${id}/replay/${d.steps}/0`);
    const live = d.move.observation.observation || d.move.observation;
    assert.deepEqual(live, replay.observation, `step ${d.steps}`);
    assert.ok(typeof d.move.label === "string" && d.move.label.length > 0);
  }
  await context.close();
});
