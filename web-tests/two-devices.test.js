// Two players on two devices: a hotseat game hands each seat to a browser of its own by a link;
// each page shows only its own seat, says when its turn has come, skips the pass-the-device screen,
// and follows the other's moves live. Played to the end of the game (both players discard their whole
// hand each turn, so the decks run out and nightfall comes within the test's time).
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness } = require("./harness.js");

const env = harness();

/** Squares apart (king moves). @param {string} a @param {string} b */
const distance = (a, b) => Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a[1]) - Number(b[1])));

test("two devices play a hotseat game to its end, each seeing only its own seat", async () => {
  // The game is started at one screen, as hotseat, and its seats handed out from the table.
  const host = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await host.goto(env.base + "/");
  await host.selectOption("#game-choice", "manoeuvre");
  await host.fill("#seed", "44");
  await host.selectOption("#army-a", "FR");
  await host.selectOption("#army-b", "AU");
  await host.selectOption("#opponent", "");
  await host.click("#new-game button[type=submit]");
  await host.waitForSelector("#pass:not([hidden])");
  await host.click("#pass-ready");
  await host.waitForSelector("#log[data-filled]");
  const id = Number(new URL(host.url()).hash.split("/")[1]);
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

    // Decide like a player: attack, else close in, else the Discard button or the first action.
    const legal = (await get(`/api/games/${id}/legal`)).actions;
    const attack = legal.find((/** @type {any} */ a) => /^(assault|bombard|volley)-/.test(a.id));
    const moves = legal.filter((/** @type {any} */ a) => a.id.startsWith("move-"));
    if (attack) {
      const [, unit, square] = attack.id.split("-");
      await page.click(`#board g.unit[data-unit="${unit}"]`);
      await page.click(`#board .target[data-target="${square}"]`);
      if (await page.locator("#choice button").count()) await page.locator("#choice button").first().click();
    } else if (moves.length) {
      const enemies = mine.units.filter((/** @type {any} */ u) => u.side !== seat && u.square).map((/** @type {any} */ u) => u.square);
      const gap = (/** @type {string} */ sq) => Math.min(...enemies.map((/** @type {string} */ e) => distance(sq, e)));
      const best = moves.reduce((/** @type {any} */ a, /** @type {any} */ b) => (gap(b.id.split("-")[2]) < gap(a.id.split("-")[2]) ? b : a));
      const [, unit, square] = best.id.split("-");
      await page.click(`#board g.unit[data-unit="${unit}"]`);
      await page.click(`#board .target[data-target="${square}"]`);
    } else if (await page.locator("#actions .discard-go").count()) {
      // Both players let their whole hand go each turn: the decks run out and nightfall ends the
      // battle within the test's time.
      for (const tick of await page.locator("#hand input.discard-tick").all()) await tick.check();
      await page.click("#actions .discard-go");
    } else {
      const button = page.locator("#actions > button").first();
      if (await button.count()) await button.click();
      else await page.locator("#board .target").first().click();
    }
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
