// Browser tests of the Invaders table (docs/invaders.md) at phone width: a hotseat game started from
// the lobby, a card played into a zone through the other side's chance to cancel, and each seat's
// log told from that seat (the pass screen hides the last player's draws too).
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { harness, docsImages, shownSteps, movedOn } = require("./harness.js");

const env = harness();

/** Takes the device at the pass screen and waits for the table and its log. @param {import("playwright-core").Page} page @param {RegExp} who */
async function takeDevice(page, who) {
  await page.waitForSelector("#pass:not([hidden])");
  assert.match(await page.locator("#pass-title").textContent(), who);
  assert.equal(await page.locator("#table").isVisible(), false, "nothing of the table behind the pass screen");
  assert.equal(await page.locator("#log li").count(), 0, "the last player's log left the page with its hand");
  await page.click("#pass-ready");
  await page.waitForSelector("#log[data-filled]");
}

test("a hotseat game of Invaders on a phone: a card played, let stand, and each log told from its own seat", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 860 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "invaders");
  assert.equal(await page.locator("#invaders-rows").isVisible(), true, "the lobby asks who starts and the starting hands");
  assert.equal(await page.locator("#manoeuvre-rows").isVisible(), false);
  await page.fill("#seed", "5");
  await page.fill("#invaders-hand", "4");
  await page.click("#new-game button[type=submit]");
  await takeDevice(page, /Pass the device to Mankind/);
  assert.equal(await page.locator(".izone").count(), 3, "Pacific rim, Eurasia and Africa");
  assert.deepEqual(await page.locator(".izone h3").allTextContents(), ["Pacific rim", "Eurasia", "Africa"]);
  assert.equal(await page.locator(".ihand .icard").count(), 6, "four dealt and two drawn");
  assert.match(await page.locator("#status").textContent(), /Mankind to decide \(Main phase, turn 1\)/);
  const play = page.locator("#actions > button", { hasText: /^Play .* into Eurasia/ }).first();
  const label = await play.textContent();
  const card = (label.match(/^Play (.*) into Eurasia/) || [])[1];
  await play.click();
  // The Invader may cancel it: the device goes over, and Mankind's draws stay unnamed in its log.
  await takeDevice(page, /Pass the device to Invader/);
  assert.match(await page.locator("#status").textContent(), /a chance to cancel/);
  assert.match(await page.locator(".ichain").textContent(), new RegExp(`Mankind plays ${card} into Eurasia; the Invader may cancel`));
  const log = await page.locator("#log > li").allTextContents();
  assert.ok(log.some((l) => /^a card is drawn that you cannot see/.test(l)), "Mankind's draws are there, unnamed");
  assert.ok(!log.some((l) => /^Mankind draws /.test(l)), `a Mankind draw is named to the Invader: ${log.join(" | ")}`);
  await page.locator("#actions > button", { hasText: `Let ${card} stand` }).click();
  await takeDevice(page, /Pass the device to Mankind/);
  assert.equal(await page.locator(".izone").nth(1).locator(".icolumn.mankind .icard").count(), 1, "the card entered Eurasia");
  assert.match(await page.locator(".izone").nth(1).textContent(), new RegExp(card));
  // Nothing runs off the side of a 400 pixel screen.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 400), "no sideways scrolling");
  assert.deepEqual(errors, []);
  await page.close();
});

test("Invaders against a Card Display: no pass screen, the display slot by slot, the Fate Die's cards marked", async () => {
  for (const width of [1280, 400]) {
    const page = await env.browser.newPage({ viewport: { width, height: width === 400 ? 860 : 800 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(env.base + "/");
    await page.selectOption("#game-choice", "invaders");
    await page.fill("#seed", "4");
    await page.selectOption("#invaders-display", "invader");
    assert.equal(await page.locator("#invaders-hand").inputValue(), "5", "a display is dealt one card a slot");
    await page.click("#new-game button[type=submit]");
    // One person runs both sides: the table shows at once, Mankind's hand below the Invader's display.
    await page.waitForSelector("#log[data-filled]");
    assert.equal(await page.locator("#pass").isVisible(), false, "no device to pass");
    assert.equal(await page.locator(".idisplay").count(), 1);
    assert.deepEqual(await page.locator(".idisplay-letter").allTextContents(), ["A", "B", "C", "D", "E"]);
    assert.equal(await page.locator(".idisplay .icard:not(.face-down)").count(), 2, "A and B dealt face-up");
    assert.equal(await page.locator(".idisplay .icard.face-down").count(), 3);
    assert.match(await page.locator(".ihand h3").nth(1).textContent(), /Your hand \(Mankind\): 7 cards/);
    await page.screenshot({ path: path.join(docsImages, `invaders-display-${width}.png`), fullPage: true });
    // Mankind ends its turn; the Invader draws face-down, rolls, and its allowed cards are marked.
    let before = await shownSteps(page);
    await page.locator("#actions > button", { hasText: /^End the turn$/ }).click();
    await movedOn(page, before);
    assert.match(await page.locator(".ifate").textContent(), /^Fate Die: 4, every card of one slot: A or B\./);
    assert.match(await page.locator("#status").textContent(), /Invader to decide/);
    assert.ok(await page.locator(".idisplay .icard.allowed").count() >= 2, "the cards of A and B are marked");
    const log = await page.locator("#log > li").allTextContents();
    assert.ok(log.some((l) => /The Invader draws cards face-down into slots A and B/.test(l)), log.join(" | "));
    // Playing no card asks which card moves, then where to.
    before = await shownSteps(page);
    await page.locator("#actions > button", { hasText: /^Play no card this turn/ }).click();
    await movedOn(page, before);
    assert.ok(await page.locator("#actions > button", { hasText: /^Move a face-down card from slot C/ }).count() === 1);
    assert.ok(await page.locator("#actions > button", { hasText: /^Move no card; the turn ends$/ }).count() === 1);
    if (width === 400) {
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 400), "no sideways scrolling");
    }
    await page.screenshot({ path: path.join(docsImages, `invaders-display-move-${width}.png`), fullPage: true });
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("Invaders with the player's own cards and die: the Fate Die's face and each card turned are asked", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 860 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "invaders");
  await page.selectOption("#invaders-first", "invader");
  await page.selectOption("#invaders-display", "invader");
  // No starting cards this time: the first Draw phase is the whole display.
  await page.fill("#invaders-hand", "0");
  await page.selectOption("#invaders-chance", "manual");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#log[data-filled]");
  // The Invader's two cards went face-down without a question; the die is asked.
  assert.equal(await page.locator(".idisplay .icard.face-down").count(), 2);
  const faces = await page.locator("#actions > button").allTextContents();
  assert.equal(faces.length, 6, faces.join(" | "));
  assert.match(faces[2], /^The Fate Die shows 3: every card of one slot: A, B or C$/);
  let before = await shownSteps(page);
  await page.locator("#actions > button").nth(3).click();
  await movedOn(page, before);
  // A 4 turns A and B face-up: which card is A's is the player's to say.
  const named = await page.locator("#actions > button").first().textContent();
  assert.match(named, /^The face-down card of the Invader's slot A is /);
  before = await shownSteps(page);
  await page.locator("#actions > button").first().click();
  await movedOn(page, before);
  assert.equal(await page.locator(".idisplay .icard.face-down").count(), 1, "A's card is face-up now");
  // Copies of a card are one answer each: no two buttons say the same.
  const answers = await page.locator("#actions > button").allTextContents();
  assert.equal(new Set(answers).size, answers.length, answers.join(" | "));
  assert.ok(answers.length < 15, `one button per kind of card, not per copy: ${answers.length}`);
  assert.deepEqual(errors, []);
  await page.close();
});

/** Starts a hotseat game with the players' own cards (each card drawn is named by its player).
 * @param {import("playwright-core").Page} page */
async function ownCards(page) {
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "invaders");
  await page.fill("#invaders-hand", "0");
  await page.selectOption("#invaders-chance", "manual");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#pass:not([hidden])");
}

test("Invaders at one screen with the players' own cards: the pass screen names the side whose draws come", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await ownCards(page);
  // The first step is Mankind's Draw phase: the device goes to Mankind, by name.
  await takeDevice(page, /^Pass the device to Mankind$/);
  assert.match(await page.locator("#status").textContent(), /^Mankind: say what turned up \(Draw phase, turn 1\)$/);
  const draws = await page.locator("#actions > button").allTextContents();
  assert.ok(draws.length > 0 && draws.every((b) => /^Mankind draws /.test(b)), draws.join(" | "));
  assert.ok(!/undefined/.test(await page.locator("body").textContent()), "no 'undefined' anywhere on the page");
  assert.deepEqual(errors, []);
  await page.close();
});

test("Invaders at one screen with the players' own cards: a side's hand is hidden while the other names its draws", async () => {
  for (const width of [400, 1280]) {
    const page = await env.browser.newPage({ viewport: { width, height: 800 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await ownCards(page);
    await takeDevice(page, /^Pass the device to /);
    for (let i = 0; i < 2; i++) {
      const before = await shownSteps(page);
      await page.locator("#actions > button").first().click();
      await movedOn(page, before);
    }
    assert.equal(await page.locator(".ihand .icards .icard").count(), 2, "Mankind holds the two cards it named");
    await page.locator("#actions > button", { hasText: /^End the turn$/ }).click();
    // The Invader's Draw phase: its player names its cards, so the device goes over first and
    // Mankind's hand leaves the page.
    await page.waitForSelector("#pass:not([hidden])", { timeout: 5000 });
    assert.equal(await page.locator(".ihand").count(), 0, "Mankind's hand left the page with the table");
    await takeDevice(page, /^Pass the device to Invader$/);
    assert.match(await page.locator("#status").textContent(), /^Invader: say what turned up \(Draw phase, turn 1\)$/);
    assert.match(await page.locator(".ihand h3").first().textContent(), /^Your hand \(the Invader\): 0 cards$/);
    assert.equal(await page.locator(".ihand .icards .icard").count(), 0, "none of Mankind's cards on the page");
    const buttons = await page.locator("#actions > button").allTextContents();
    assert.ok(buttons.every((b) => /^The Invader draws /.test(b)), buttons.join(" | "));
    const log = await page.locator("#log > li").allTextContents();
    assert.ok(!log.some((l) => /^Mankind draws /.test(l)), `Mankind's draws are named to the Invader: ${log.join(" | ")}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test("Invaders at one screen: a side that holds no card is not handed the device to let a card stand", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 860 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "invaders");
  await page.fill("#seed", "5");
  await page.fill("#invaders-hand", "0");
  await page.click("#new-game button[type=submit]");
  await takeDevice(page, /Pass the device to Mankind/);
  // The Invader has drawn nothing yet: it cannot cancel, and everyone can see that.
  assert.match(await page.locator("#hand").textContent(), /Invader: \d+ in the draw pile, 0 in hand/);
  const play = page.locator("#actions > button", { hasText: /^Play .* into Eurasia/ }).first();
  const card = ((await play.textContent()).match(/^Play (.*) into Eurasia/) || [])[1];
  const before = await shownSteps(page);
  await play.click();
  await movedOn(page, before);
  assert.equal(await page.locator("#pass").isVisible(), false, "the device stays with Mankind");
  assert.match(await page.locator("#status").textContent(), /^Mankind to decide \(Main phase, turn 1\)$/);
  assert.match(await page.locator(".izone").nth(1).locator(".icolumn.mankind").textContent(), new RegExp(card));
  const log = await page.locator("#log > li").first().textContent();
  assert.match(log, /The Invader holds no card: it cannot cancel\./);
  assert.deepEqual(errors, []);
  await page.close();
});

test("Invaders against a Card Display: the display is asked to cancel only when it shows a face-up cancel", async () => {
  // Seed 3 deals the Invader no cancel face-up; seed 4 deals it a Counter-Signal in B.
  for (const [seed, width] of [["3", 1280], ["3", 400], ["4", 1280]]) {
    const page = await env.browser.newPage({ viewport: { width, height: 800 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(env.base + "/");
    await page.selectOption("#game-choice", "invaders");
    await page.fill("#seed", seed);
    await page.selectOption("#invaders-display", "invader");
    await page.click("#new-game button[type=submit]");
    await page.waitForSelector("#log[data-filled]");
    const faceUp = await page.locator(".idisplay .icard:not(.face-down)").allTextContents();
    const cancel = faceUp.some((c) => /cancels a card/.test(c));
    assert.equal(cancel, seed === "4", faceUp.join(" | "));
    const play = page.locator("#actions > button", { hasText: /^Play .* into Africa/ }).first();
    const card = ((await play.textContent()).match(/^Play (.*) into Africa/) || [])[1];
    const before = await shownSteps(page);
    await play.click();
    await movedOn(page, before);
    await page.waitForFunction(() => !document.querySelector(".ipaying"));
    const stand = page.locator("#actions > button", { hasText: `Let ${card} stand` });
    if (cancel) {
      // The display could cancel: the one person at the table answers for it.
      assert.match(await page.locator("#status").textContent(), /^Invader to decide \(a chance to cancel/);
      assert.equal(await stand.count(), 1);
      assert.equal(await page.locator("#actions > button", { hasText: /^Cancel / }).count(), 1);
    } else {
      assert.equal(await stand.count(), 0, "nothing to let stand");
      assert.match(await page.locator("#status").textContent(), /^Mankind to decide \(Main phase/);
      assert.match(await page.locator(".izone").nth(2).locator(".icolumn.mankind").textContent(), new RegExp(card));
      const log = (await page.locator("#log > li").allTextContents()).join(" | ");
      assert.match(log, /The Invader's display shows no face-up cancel it could pay for now\./);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});
