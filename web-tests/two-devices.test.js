// Two players on two devices: a hotseat game hands each seat to a browser of its own by a link;
// each page shows only its own seat, says when its turn has come, skips the pass-the-device screen,
// and follows the other's moves live. Played to the end of the game (both players discard their whole
// hand each turn, so the decks run out and nightfall comes within the test's time).
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness, startManoeuvre, decideLikeAPlayer } = require("./harness.js");

const env = harness();

test("two devices play a hotseat game to its end, each seeing only its own seat", async () => {
  // The game is started at one screen, as hotseat, and its seats handed out from the table.
  const host = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const id = await startManoeuvre(host, env.base, { seed: "44", armies: ["FR", "AU"], opponent: "" });
  await host.click("#devices summary");
  await host.waitForSelector("#devices a.seat-link");
  const links = await host.locator("#devices a.seat-link").evaluateAll((as) => as.map((a) => /** @type {HTMLAnchorElement} */ (a).href));
  assert.equal(links.length, 2, `a link per seat: ${links}`);
  await host.close();

  // Two devices: two browser contexts (no shared storage), each opening its seat's link.
  /** @type {{ page: import("playwright-core").Page, seat: number, asked: string[] }[]} */
  const devices = [];
  for (const seat of [0, 1]) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    /** @type {string[]} */
    const asked = [];
    page.on("request", (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(links[seat]);
    await page.waitForSelector("#log[data-filled]");
    devices.push({ page, seat, asked });
  }
  // The test's own reads go straight to the server, not through either device's page.
  const get = async (/** @type {string} */ url) => (await fetch(env.base + url)).json();

  let decisions = 0;
  let over = false;
  for (let i = 0; i < 2000 && !over; i++) {
    const game = await get(`/api/games/${id}`);
    if (game.status.over) {
      over = true;
      break;
    }
    const seat = game.status.to_move.player;
    const { page } = devices[seat];
    const other = devices[1 - seat].page;
    // The device whose turn it is says so and offers actions; the other waits, with none.
    await page.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === String(n)
      && !document.querySelector("#table.busy"), game.status.steps);
    assert.match(await page.locator("#status").textContent(), /^Your turn: /);
    assert.equal(await page.title(), "Your turn - cdgsolo");
    assert.equal(await page.locator("#pass").isVisible(), false, "no pass-the-device screen");
    await other.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === String(n), game.status.steps);
    assert.match(await other.locator("#status").textContent(), /^Waiting for /);
    assert.equal(await other.locator("#actions button").count(), 0, "the waiting device offers nothing");
    // Each page shows its own hand as the server shows that seat, and of the other only a count.
    const seen = await get(`/api/games/${id}/observe/${seat}`);
    const mine = seen.observation || seen;
    const cards = await page.locator("#hand .mcards").first().locator(".mcard .mcard-name").allTextContents();
    assert.deepEqual(cards, mine.sides[seat].hand.map((/** @type {any} */ c) => c.name || c.label), "the own hand");
    assert.equal(await page.locator("#hand .mcards").nth(1).locator(".mcard:not(.back)").count(), mine.sides[1 - seat].hand.length,
      "of the other seat, only the cards it has shown");

    // Decide like a player; both players let their whole hand go each turn, so the decks run out
    // and nightfall ends the battle within the test's time.
    const legal = (await get(`/api/games/${id}/legal`)).actions;
    await decideLikeAPlayer(page, mine, legal, async (ticks) => {
      for (const tick of ticks) await tick.check();
    });
    await page.waitForFunction((before) => document.querySelector("#table")?.getAttribute("data-steps") !== String(before)
      && !document.querySelector("#table.busy"), game.status.steps);
    decisions += 1;
  }
  assert.ok(over, `the game reached its end after ${decisions} decisions`);
  for (const { page } of devices) {
    await page.waitForSelector("#end .end h2");
  }
  // Neither device ever asked for the other seat's view, history, stream or replay.
  for (const { seat, asked } of devices) {
    const theirs = asked.filter((p) => new RegExp(`/api/games/${id}/(observe|history|live)/${1 - seat}$`).test(p)
      || new RegExp(`/api/games/${id}/replay/\\d+/${1 - seat}$`).test(p));
    assert.deepEqual(theirs, [], `seat ${seat} asked for the other seat's view`);
  }
  for (const { page } of devices) await page.context().close();
});
