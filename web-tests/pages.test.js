// Browser tests of cdgsolo's Manoeuvre pages and the API's error answers.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { harness, docsImages, shownSteps, movedOn, startManoeuvre } = require("./harness.js");

const env = harness();

/** Makes one decision the way a person would: takes the device when the pass screen asks, else
 * presses the first action button, or picks the first highlighted square on the battlefield.
 * Returns whether a decision was sent. @param {import("playwright-core").Page} page */
async function decide(page) {
  if (await page.locator("#pass").isVisible()) {
    await page.click("#pass-ready");
    // The table is drawn for the new player once its actions are back.
    await page.waitForSelector("#table:not([hidden]) #actions h3", { state: "attached" });
    return false;
  }
  const before = await shownSteps(page);
  const button = page.locator("#actions > button, #actions .discard-go").first();
  if (await button.count()) await button.click();
  else await page.locator("#board .target").first().click();
  await movedOn(page, before);
  return true;
}

test("a Manoeuvre game is started, played, and found again after a reload", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "manoeuvre");
  await page.fill("#seed", "12");
  await page.selectOption("#army-a", "FR");
  await page.selectOption("#army-b", "RU");
  await page.selectOption("#opponent", "");
  await page.screenshot({ path: path.join(docsImages, "web-lobby.png") });
  await page.click("#new-game button[type=submit]");
  // Hotseat: nothing of the table shows until the first player takes the device.
  await page.waitForSelector("#pass:not([hidden])");
  assert.match(await page.locator("#pass-title").textContent(), /Pass the device to (France|Russia)/);
  assert.equal(await page.locator("#table").isVisible(), false, "no hand is on screen behind the pass screen");
  await page.click("#pass-ready");
  await page.waitForSelector("#board svg");
  await page.waitForSelector("#log[data-filled]");
  // Both armies are on the battlefield.
  assert.equal(await page.locator("#board svg g").count(), 16);
  const status = page.locator("#status");
  let made = 0;
  while (made < 6) if (await decide(page)) made += 1;
  // The setup folded into one line, then every step since, as the game's history has them.
  const gid = Number(new URL(page.url()).hash.split("/")[1]);
  const past = await page.evaluate(async (u) => (await fetch(u)).json(), `/api/games/${gid}/history/0`);
  const afterSetup = past.entries.filter((/** @type {any} */ e) => e.turn !== null).length;
  assert.ok(afterSetup >= 6, `${afterSetup} steps after the setup`);
  assert.equal(await page.locator("#log > li").count(), afterSetup + 1);
  assert.match(await page.locator("#log > li.setup summary").textContent(), /Setting up the battle: \d+ steps/);
  const before = await status.textContent();
  const board = await page.locator("#board").innerHTML();
  await page.reload();
  await page.waitForSelector("#board svg");
  await page.waitForSelector("#log[data-filled]");
  assert.equal(await status.textContent(), before, "the game is where it was");
  assert.equal(await page.locator("#board").innerHTML(), board);
  await page.screenshot({ path: path.join(env.work, "manoeuvre.png") });
  // Undo takes the last decision back, or is greyed when it cannot (a card drawn since was seen).
  if (await page.locator("#undo").isEnabled()) {
    await page.click("#undo");
    await page.waitForFunction(() => /Undone/.test(document.querySelector("#log").textContent));
  }
  // The lobby lists the game.
  await page.click("#home");
  await page.waitForSelector("#saved button");
  assert.match(await page.locator("#saved").textContent(), /Manoeuvre: France v Russia \(seed 12\) \(in progress, (France|Russia) to decide\)/);
  await page.close();
});

test("the lobby fits a 360 pixel phone, lists the armies in order and names scenarios by title", async () => {
  const page = await env.browser.newPage({ viewport: { width: 360, height: 800 } });
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "manoeuvre");
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360, "no sideways scroll with the armies shown");
  const armies = await page.locator("#army-a option").allTextContents();
  assert.deepEqual(armies.slice(0, 3), ["France", "Great Britain", "Russia"], "rule 2.2's order from France on");
  assert.deepEqual(await page.locator("#army-a optgroup").evaluateAll((gs) => gs.map((g) => g.getAttribute("label"))),
    ["Manoeuvre", "Distant Lands (provisional values)"]);
  await page.selectOption("#game-choice", "cc-napoleonics");
  const scenarios = await page.locator("#scenario option").allTextContents();
  assert.ok(scenarios.includes("Medellin") && !scenarios.includes("medellin"), `titles, not ids: ${scenarios}`);
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 360, "no sideways scroll on a card table's rows");
  await page.close();
});

test("a person plays Manoeuvre against the rule-based bot, whose moves show in the log", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await startManoeuvre(page, env.base, { seed: "4", armies: ["FR", "RU"], opponent: "rules" });
  await page.waitForSelector("#board svg");
  for (let i = 0; i < 12 && (await page.locator("#log .bot-line").count()) === 0; i++) await decide(page);
  assert.ok((await page.locator("#log .bot-line").count()) > 0, "the bot's moves are in the log");
  // A hint, searched from the person's own seat, names moves the page offers.
  await page.click("#hint");
  await page.waitForSelector("#hint-box ol li");
  const suggestion = await page.locator("#hint-box ol li").first().textContent();
  // A discard is offered as a box to tick, with the card's words alone.
  // A discard is offered as a box to tick on the card in the hand ("discard 1st Cuirassiers").
  const offered = (await page.locator("#actions button").allTextContents()).map((l) => l.trim());
  const ticks = await page.locator("#hand input.discard-tick").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label") || ""));
  assert.ok(offered.some((label) => suggestion.startsWith(label)) || ticks.some((t) => suggestion.includes(t)), `${suggestion} is one of the moves offered`);
  // The favourite move is marked where it is made: its button or card, and its squares when it has any.
  assert.ok((await page.locator("#actions .hinted, #hand .hinted").count()) === 1, "the hinted move is marked");
  // The bot is named by its level.
  assert.match(await page.locator("#log .bot-line").first().textContent(), /\[rule-based player\]/);
  // Only France's hand is ever on the page.
  assert.match(await page.locator("#status").textContent(), /France|over/);
  await page.screenshot({ path: path.join(env.work, "against-rules.png") });
  await page.close();
});

test("a card table is played at 400 pixels wide with its tools folded away", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  // With one's own cards the first step names the card that turned up, which is asked once.
  page.on("dialog", (d) => d.accept());
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "wilderness-war");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#actions button");
  await page.waitForSelector("#log[data-filled]");
  const logged = await page.locator("#log > li").count();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 400, `the page fits 400 pixels (it is ${width} wide)`);
  const box = await page.locator("#actions button").first().boundingBox();
  assert.ok(box && box.height >= 44, "touch targets are at least 44 pixels high");
  await page.locator("#actions button").first().click();
  await page.waitForFunction((n) => document.querySelectorAll("#log > li").length > n, logged);
  await page.close();
});

test("a malformed API request gets a 4xx and a message", async () => {
  const headers = { "content-type": "application/json" };
  const response = await fetch(env.base + "/api/games", { method: "POST", headers, body: "{not json" });
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.match(body.error, /request body/);
  // Sent as text, the same body is refused for its kind before it is read.
  const asText = await fetch(env.base + "/api/games", { method: "POST", body: "{not json" });
  assert.equal(asText.status, 415);
  assert.match((await asText.json()).error, /application\/json/);
});

test("a unit is moved with the keyboard alone", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  const id = await startManoeuvre(page, env.base, { seed: "9", armies: ["PR", "SP"], opponent: "rules" });
  await page.waitForSelector("#board svg");
  const get = (/** @type {string} */ url) => page.evaluate(async (u) => (await fetch(u)).json(), url);
  // Through the first phases by keyboard too: Tab to a button and press Enter.
  let move;
  for (let i = 0; i < 20 && !move; i++) {
    const legal = (await get(`/api/games/${id}/legal`)).actions;
    move = legal.find((/** @type {any} */ a) => a.id.startsWith("move-"));
    if (move) break;
    const before = await shownSteps(page);
    await page.locator("#actions > button, #actions .discard-go").first().focus();
    await page.keyboard.press("Enter");
    await movedOn(page, before);
  }
  assert.ok(move, "the Movement phase came");
  const seen = await get(`/api/games/${id}/observe/0`);
  const turned = seen.sides[0].edge === "north";
  const [, unit, target] = move.id.split("-");
  const from = seen.units.find((/** @type {any} */ u) => String(u.id) === unit).square;
  await page.locator("#board svg").focus();
  let cursor = "d4";
  /** Presses arrows from the cursor to `sq`, as the picture is turned. @param {string} sq */
  const walk = async (sq) => {
    const dc = sq.charCodeAt(0) - cursor.charCodeAt(0);
    const dr = Number(sq[1]) - Number(cursor[1]);
    const flip = turned ? -1 : 1;
    for (let i = 0; i < Math.abs(dc); i++) await page.keyboard.press(dc * flip > 0 ? "ArrowRight" : "ArrowLeft");
    for (let i = 0; i < Math.abs(dr); i++) await page.keyboard.press(dr * flip > 0 ? "ArrowUp" : "ArrowDown");
    cursor = sq;
  };
  await walk(from);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`#board g.unit.picked[data-unit="${unit}"]`);
  assert.ok((await page.locator(`#board .target[data-target="${target}"]`).count()) === 1, "the unit's moves are lit");
  await page.keyboard.press("Escape");
  await page.waitForFunction(() => document.querySelectorAll("#board .unit.picked").length === 0);
  await page.keyboard.press("Enter");
  await page.waitForSelector(`#board g.unit.picked[data-unit="${unit}"]`);
  const before = await shownSteps(page);
  await walk(target);
  await page.keyboard.press("Enter");
  await movedOn(page, before);
  assert.match(await page.locator("#log > li").first().textContent(), new RegExp(`from ${from} to ${target}`));
  await page.close();
});

test("a saved game is renamed, exported as a file and imported again from the lobby", async () => {
  const created = await (await fetch(env.base + "/api/games", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "cc-medieval", seed: 5 }),
  })).json();
  const page = await env.browser.newPage({ viewport: { width: 1000, height: 900 }, acceptDownloads: true });
  page.on("dialog", (d) => d.accept(d.type() === "prompt" ? "Hastings practice" : undefined));
  await page.goto(env.base + "/");
  await page.click(`#saved button[aria-label="Rename ${created.name}"]`);
  await page.waitForSelector("#saved button:has-text('Hastings practice')");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#saved a[aria-label='Export Hastings practice as a file']")]);
  const file = path.join(env.work, "exported.json");
  await download.saveAs(file);
  const record = JSON.parse(require("node:fs").readFileSync(file, "utf8"));
  assert.equal(record.seed, 5);
  await page.setInputFiles("#import-file", file);
  await page.waitForFunction((id) => /^#game\/\d+$/.test(location.hash) && location.hash !== `#game/${id}`, created.id);
  await page.waitForSelector("#actions button");
  const list = await (await fetch(env.base + "/api/games")).json();
  assert.equal(list.games.filter((/** @type {any} */ g) => g.game === "cc-medieval").length, 2, "the import is a new saved game");
  await page.close();
});

test("the opponent's hand is a count, with the cards a Scout/Spy showed drawn and counted in its heading", async () => {
  // The opening scenario with one British card seen by France (as after a Spy): France is a
  // person, Britain the rule-based player.
  const france = {
    army: "France",
    hand: ["Napoleon Bonaparte", "Imperial Guard", "Supply", "Forced March", "2nd Regiment Legere"],
    units: [["1st Cuirassiers", "a7"], ["2nd Regiment Legere", "b7"], ["4th Regiment Suisse", "c7"],
      ["8th Regiment Legere", "d7"], ["19th Regiment Legere", "e7"], ["45th Regiment Legere", "f7"],
      ["Guard Cavalry", "g7"], ["Imperial Guard", "d8"]].map(([unit, square]) => ({ unit, square })),
  };
  const britain = {
    army: "BR",
    hand: ["Lord Wellington", "1st Foot Guards", "Supply", "Redoubt", "King's Dragoons Guards"],
    revealed: ["Redoubt"],
    units: [["32nd Regiment of Foot", "b2"], ["4th Regiment of Foot", "c2"], ["1st Foot Guards", "d2"],
      ["42nd Regiment of Foot", "e2"], ["52nd Regiment of Foot", "f2"], ["Dutch-Belgians", "g2"],
      ["9th Queen's Royal Lancers", "h2"], ["King's Dragoons Guards", "c1"]].map(([unit, square]) => ({ unit, square })),
  };
  const scenario = {
    first_player: 0, turn: 1, phase: "discard",
    map: { sections: [1, 2, 3, 4], turns: [0, 0, 0, 0], second_player_edge: "bottom" },
    players: [france, britain],
  };
  const response = await fetch(env.base + "/api/games", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: "manoeuvre", seed: 3, options: { scenario }, bots: [null, "rules"] }),
  });
  const created = await response.json();
  assert.equal(response.status, 201, JSON.stringify(created));
  const page = await env.browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${env.base}/#game/${created.id}`);
  await page.waitForSelector("#board svg");
  const heading = page.locator("h3", { hasText: "Great Britain:" });
  assert.equal(await heading.textContent(), "Great Britain: 5 cards in hand, 1 known to you");
  const shown = heading.locator("xpath=following-sibling::div[1]");
  assert.match(await shown.textContent(), /Redoubt/);
  assert.doesNotMatch(await shown.textContent(), /Wellington|Foot Guards|Supply|Dragoons/, "only the seen card is drawn");
  await page.close();
});
