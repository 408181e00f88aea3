// Two players on two devices: a hotseat game is handed to two browsers, each by its seat's link with
// a secret of its own; each page shows only its own seat, keeps the seat in its address, says when
// its turn has come, skips the pass-the-device screen, and follows the other's moves live. Played to
// the end of the game (both players discard their whole hand each turn, so the decks run out and
// nightfall comes within the test's time). Then: what the waiting device's Hint and Undo do, a link
// copied to another browser, and a link revoked by taking the game back to one screen.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { harness, startManoeuvre, decideLikeAPlayer } = require("./harness.js");

const env = harness();

/** Starts a hotseat game at one screen and hands it to two devices from its table, as a person
 * does; answers the game's id and the two seats' links.
 * @param {string} seed */
async function handOut(seed) {
  const host = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const id = await startManoeuvre(host, env.base, { seed, armies: ["FR", "AU"], opponent: "" });
  await host.click("#devices summary");
  await host.click("#devices-list button");
  await host.waitForSelector("#seat-links a.seat-link");
  const links = await host.locator("#seat-links a.seat-link").evaluateAll((as) => as.map((a) => /** @type {HTMLAnchorElement} */ (a).href));
  assert.equal(links.length, 2, `a link per seat: ${links}`);
  // The screen that handed the game out shows it no more.
  assert.match(await host.locator("#notice-title").textContent(), /two devices/);
  assert.equal(await host.locator("#table").isVisible(), false);
  await host.close();
  return { id, links };
}

/** Each link's secret. @param {string} link */
const secretOf = (link) => link.split("/").pop() || "";

/** Opens a seat's link in a browser context of its own (a device). @param {string} link */
async function device(link) {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  /** @type {string[]} */
  const asked = [];
  page.on("request", (r) => asked.push(new URL(r.url()).pathname));
  await page.goto(link);
  await page.waitForSelector("#log[data-filled]");
  return { page, asked };
}

test("two devices play a hotseat game to its end, each seeing only its own seat", async () => {
  const { id, links } = await handOut("44");
  /** @type {{ page: import("playwright-core").Page, seat: number, asked: string[] }[]} */
  const devices = [];
  for (const seat of [0, 1]) devices.push({ seat, ...(await device(links[seat])) });
  // Each keeps its seat in the address.
  for (const { page, seat } of devices) assert.match(page.url(), new RegExp(`#game/${id}/seat/${seat}/[0-9a-f]{32}$`));
  const keys = links.map(secretOf);
  // The test's own reads go straight to the server, not through either device's page, each with
  // the secret of the seat it reads.
  const get = async (/** @type {string} */ url, /** @type {number} */ seat) =>
    (await fetch(env.base + url, { headers: { "x-cdgsolo-seat": keys[seat] } })).json();
  // Without a secret nothing of the game is served.
  assert.equal((await fetch(`${env.base}/api/games/${id}`)).status, 403);

  let decisions = 0;
  let over = false;
  for (let i = 0; i < 2000 && !over; i++) {
    const game = await get(`/api/games/${id}`, 0);
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
    const seen = await get(`/api/games/${id}/observe/${seat}`, seat);
    const mine = seen.observation || seen;
    const cards = await page.locator("#hand .mcards").first().locator(".mcard .mcard-name").allTextContents();
    assert.deepEqual(cards, mine.sides[seat].hand.map((/** @type {any} */ c) => c.name || c.label), "the own hand");
    assert.equal(await page.locator("#hand .mcards").nth(1).locator(".mcard:not(.back)").count(), mine.sides[1 - seat].hand.length,
      "of the other seat, only the cards it has shown");

    // Decide like a player; both players let their whole hand go each turn, so the decks run out
    // and nightfall ends the battle within the test's time.
    const legal = (await get(`/api/games/${id}/legal`, seat)).actions;
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
  // Each device's replay is its own seat's, its address keeping the seat.
  for (const { page, seat } of devices) {
    await page.click("#end a.button-link[href*='/replay/']");
    await page.waitForSelector("#replay:not([hidden])");
    await page.waitForFunction(() => /^The start/.test(document.querySelector("#replay-where")?.textContent || ""));
    assert.match(page.url(), new RegExp(`#game/${id}/seat/${seat}/[0-9a-f]{32}/replay/0$`));
    await page.click("#replay-next");
    await page.waitForFunction(() => /^Step 1 of/.test(document.querySelector("#replay-where")?.textContent || ""));
  }
  // Neither device ever asked for the other seat's view, history, stream or replay.
  for (const { seat, asked } of devices) {
    const theirs = asked.filter((p) => new RegExp(`/api/games/${id}/(observe|history|live)/${1 - seat}$`).test(p)
      || new RegExp(`/api/games/${id}/replay/\\d+/${1 - seat}$`).test(p));
    assert.deepEqual(theirs, [], `seat ${seat} asked for the other seat's view`);
  }
  for (const { page } of devices) await page.context().close();
});

test("at the waiting device Hint and Undo do nothing to the other seat and show nothing of it", async () => {
  const { id, links } = await handOut("45");
  const keys = links.map(secretOf);
  const devices = [await device(links[0]), await device(links[1])];
  /** The status as seat `p` reads it. @param {number} p */
  const statusFor = async (p) => (await (await fetch(`${env.base}/api/games/${id}`, { headers: { "x-cdgsolo-seat": keys[p] } })).json()).status;
  const status = () => statusFor(0);
  // Play on (first actions, at the pages) until the seat to decide has a decision of its own it may
  // take back: the other device waits meanwhile.
  let now = await status();
  for (let i = 0; i < 80; i++) {
    const p = now.to_move.player;
    if ((await statusFor(p)).undo === true) break;
    const { page } = devices[p];
    await page.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === String(n)
      && !document.querySelector("#table.busy"), now.steps);
    const button = page.locator("#actions .discard-go, #actions > button").first();
    if (await button.count()) await button.click();
    else await page.locator("#board .target").first().click();
    await page.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") !== String(n)
      && !document.querySelector("#table.busy"), now.steps);
    now = await status();
  }
  assert.equal((await statusFor(now.to_move.player)).undo, true, "a seat to decide with a decision of its own to take back");
  const seat = now.to_move.player;
  const deciding = devices[seat].page;
  const waiting = devices[1 - seat].page;
  await waiting.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === String(n), now.steps);
  await deciding.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === String(n)
    && !document.querySelector("#table.busy"), now.steps);
  assert.equal(await deciding.locator("#undo").isDisabled(), false, "the deciding seat may take back its own decision");

  // The waiting device: no Hint button, Undo disabled, and its keys do nothing.
  assert.equal(await waiting.locator("#hint").isVisible(), false, "no hint while the other player decides");
  assert.equal(await waiting.locator("#undo").isDisabled(), true, "nothing of its own to take back");
  const asked = devices[1 - seat].asked.length;
  await waiting.keyboard.press("h");
  await waiting.keyboard.press("u");
  await waiting.waitForTimeout(300);
  const sent = devices[1 - seat].asked.slice(asked).filter((p) => /\/(hint|undo)$/.test(p));
  assert.deepEqual(sent, [], "neither key sent anything");
  assert.equal((await status()).steps, now.steps, "the game is where it was");
  // Asked straight from the waiting page, the server refuses both, and the legal list.
  for (const [path, method] of [["hint", "GET"], ["undo", "POST"], ["legal", "GET"]]) {
    const code = await waiting.evaluate(async ([p, m, k]) => (await fetch(p, { method: m, headers: { "x-cdgsolo-seat": k, "content-type": "application/json" } })).status,
      [`/api/games/${id}/${path}`, method, keys[1 - seat]]);
    assert.equal(code, 403, `${path} from the waiting device`);
  }
  // Nothing of the deciding seat's hand is on the waiting page.
  const view = (await (await fetch(`${env.base}/api/games/${id}/observe/${seat}`, { headers: { "x-cdgsolo-seat": keys[seat] } })).json());
  const hand = (view.observation || view).sides[seat].hand.map((/** @type {any} */ c) => c.name || c.label);
  const theirs = await waiting.locator("#hand .mcards").nth(1).locator(".mcard:not(.back) .mcard-name").allTextContents();
  assert.deepEqual(theirs, [], `the waiting page shows none of ${hand.join(", ")}`);

  // The deciding device takes its decision back: the waiting one says so in its log.
  await deciding.click("#undo");
  await waiting.waitForSelector("#log li.undone-line");
  assert.match(await waiting.locator("#log li.undone-line").first().textContent(), /took back: /);
  for (const { page } of devices) await page.context().close();
});

test("a copied seat link opens the seat again; a revoked or wrong one gets a page saying so", async () => {
  const { id, links } = await handOut("46");
  const first = await device(links[0]);
  // The address as the device shows it, opened in another browser, is the same seat.
  const copied = await device(first.page.url());
  assert.match(await copied.page.locator("#status").textContent(), /^(Your turn|Waiting for)/);
  assert.equal(await copied.page.locator("#pass").isVisible(), false);
  // A wrong secret: a page saying so, not the pass screen.
  const wrong = await env.browser.newContext();
  const page = await wrong.newPage();
  await page.goto(links[1].replace(/[0-9a-f]{32}$/, "0".repeat(32)));
  await page.waitForSelector("#notice:not([hidden])");
  assert.match(await page.locator("#notice-title").textContent(), /no longer opens a seat/);
  assert.equal(await page.locator("#pass").isVisible(), false);
  // Opened without any secret: the game is on two devices, and can be taken back to one screen.
  await page.goto(`${env.base}/#game/${id}`);
  await page.waitForSelector("#notice:not([hidden])");
  assert.match(await page.locator("#notice-title").textContent(), /played on two devices/);
  page.on("dialog", (d) => d.accept());
  await page.click("#notice-actions button");
  await page.waitForSelector("#pass:not([hidden]), #table:not([hidden])");
  // Both devices are told, and show the link's page.
  for (const { page: shown } of [first, copied]) {
    await shown.waitForSelector("#notice:not([hidden])");
    assert.match(await shown.locator("#notice-title").textContent(), /no longer opens a seat/);
    assert.match(await shown.locator("#notice-text").textContent(), /taken back to one screen/);
  }
  for (const c of [first.page.context(), copied.page.context(), wrong]) await c.close();
});

test("without live updates (no shared worker, no event streams) the waiting device still sees the move", async () => {
  const { id, links } = await handOut("47");
  const keys = links.map(secretOf);
  const game = await (await fetch(`${env.base}/api/games/${id}`, { headers: { "x-cdgsolo-seat": keys[0] } })).json();
  const mover = game.status.to_move.player;
  const deciding = await device(links[mover]);
  // The waiting device's browser has neither way of following the game live.
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    delete (/** @type {any} */ (window)).SharedWorker;
    delete (/** @type {any} */ (window)).EventSource;
  });
  const waiting = await context.newPage();
  await waiting.goto(links[1 - mover]);
  await waiting.waitForSelector("#log[data-filled]");
  assert.equal(await waiting.evaluate(() => document.body.dataset.live), "false");
  const before = game.status.steps;
  const button = deciding.page.locator("#actions .discard-go, #actions > button").first();
  if (await button.count()) await button.click();
  else await deciding.page.locator("#board .target").first().click();
  await deciding.page.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") !== String(n)
    && !document.querySelector("#table.busy"), before);
  const now = await deciding.page.evaluate(() => document.querySelector("#table")?.getAttribute("data-steps"));
  await waiting.waitForFunction((n) => document.querySelector("#table")?.getAttribute("data-steps") === n, now, { timeout: 20000 });
  await deciding.page.context().close();
  await context.close();
});
