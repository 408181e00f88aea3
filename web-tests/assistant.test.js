// Browser tests of the assistant's card table: on a phone (400 px) the events of each step are the
// main text and match what the API answered; the tools open from one button; undo; a physical deck
// names a card through the filter box; a laptop (1200 px) shows both displays side by side. The
// last two screenshots go to docs/images for the docs.
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const path = require("node:path");
const { harness, docsImages } = require("./harness.js");

const env = harness();

/** Starts a card-table game from the lobby. @param {any} page @param {string} game @param {object} [opts] */
async function startTable(page, game, opts = {}) {
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", game);
  if (opts.seed !== undefined) await page.fill("#seed", String(opts.seed));
  // The deck is the first question of a card table: the player's own shuffled cards by default.
  if (opts.deck) await page.check(`input[name=deck][value=${opts.deck}]`);
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#table-now li:not(.nothing)");
}

/** Clicks an action button and returns the API's answer to it. @param {any} page @param {string} selector */
async function act(page, selector) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && /\/api\/games\/\d+\/actions$/.test(r.url())),
    page.click(selector),
  ]);
  assert.equal(response.status(), 200);
  const answer = await response.json();
  // The table is drawn again once the answer is in: wait for the main text to say it, and for the
  // page to be done with the change (its buttons come back then).
  await page.waitForFunction((label) => document.querySelector("#table-now .after")?.textContent === `After: ${label}`
    && !document.querySelector("#table.busy"), answer.label);
  return answer;
}

/** The main text's steps as the page shows them. @param {any} page */
const mainSteps = (page) => page.locator("#table-now .steps li").allTextContents();

test("an assistant table on a phone: roll, play, the events as the main text, the tools, undo", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  // The deck is asked first: your own shuffled cards by default; 1960's list names every card, so
  // cdgsolo may shuffle for you too.
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "1960");
  assert.ok(await page.locator("input[name=deck][value=physical]").isChecked(), "your own deck by default");
  assert.match(await page.locator("#deck-physical").textContent(), /I shuffle my own cards/);
  assert.ok(await page.locator("#deck-virtual").isVisible(), "1960's card list names every card");
  await startTable(page, "1960", { seed: 3, deck: "virtual" });
  assert.equal(await page.locator("#table-now h2").textContent(), "Set up the table");
  const setup = await mainSteps(page);
  assert.ok(setup.some((s) => /Sort the deck by number \(97 cards\)/.test(s)), `the setup is told: ${setup}`);
  assert.ok(setup.some((s) => /^Take #\d+ from the sorted deck and put it face-down into slot C/.test(s)), "a face-down card is named by its number");
  // Nothing to take back before the first decision: Undo is greyed, with the reason on it.
  assert.ok(await page.locator("#undo").isDisabled(), "Undo is greyed on a new table");
  assert.match(await page.locator("#undo").getAttribute("title"), /Nothing to undo/);

  const roll = await act(page, "#actions button[data-action=roll]");
  assert.ok(roll.events.length > 0, "a roll does something at the table");
  assert.deepEqual(await mainSteps(page), roll.events, "the main text is what the API said");
  // The die's face with its title and meaning.
  const face = /Fate Die shows (\d)/.exec(roll.events[0]);
  assert.ok(face, roll.events[0]);
  assert.equal(await page.locator(".die-face").textContent(), face[1]);
  assert.match(await page.locator(".die-title").textContent(), new RegExp(`^Fate Die ${face[1]}: `));
  assert.notEqual(await page.locator(".die-meaning").textContent(), "");
  // The main text comes first and is larger than the action labels.
  const now = await page.locator("#table-now").boundingBox();
  const firstAction = await page.locator("#actions button").first().boundingBox();
  assert.ok(now && firstAction && now.y < firstAction.y, "the events are above the actions");
  const size = (/** @type {string} */ sel) => page.locator(sel).first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
  assert.ok((await size("#table-now .steps li")) > (await size("#actions button")), "the events are the big text");

  // The cards allowed now are named and marked in the display; play the first.
  const play = page.locator("#actions button[data-action^=play-]").first();
  const playId = await play.getAttribute("data-action");
  const card = /^play-(\d+)-/.exec(String(playId))[1];
  const chip = page.locator(`.display .card[data-card="${card}"]`);
  assert.match(await chip.getAttribute("class"), /allowed/);
  const name = await chip.locator(".card-name").textContent();
  assert.match(name, /^#\d+ /, "the manifest's name, not the table's number");
  assert.match(await page.locator(".die-allowed").textContent(), new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  // A card's purposes share one entry: the card once, a button per purpose.
  const group = page.locator(".play-group", { has: page.locator(`button[data-action="${playId}"]`) });
  assert.match(await group.locator(".play-card").textContent(), new RegExp(`play ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} from slot .*, for:`));
  assert.deepEqual(await group.locator("button").allTextContents(), ["Campaign Points", "Event"]);
  const played = await act(page, `#actions button[data-action="${playId}"]`);
  assert.ok(played.events.length > 0);
  assert.deepEqual(await mainSteps(page), played.events);
  assert.ok(played.events.some((e) => e.includes(name)), `the events name the card played: ${played.events}`);
  assert.equal(await page.locator(`.display .card[data-card="${card}"]`).count(), 0, "the played card left the display");

  // At 400 px: no sideways scrolling, and every control is a finger's size.
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 400, "no horizontal scroll");
  for (const sel of ["#actions button", "#undo", "#tools-box summary"]) {
    for (const box of await page.locator(sel).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) {
      assert.ok(box >= 44, `${sel} is ${box} px high`);
    }
  }
  await page.screenshot({ path: path.join(docsImages, "web-assistant-phone.png"), fullPage: true });

  // The table tools sit behind one button; a tool's steps are the main text too.
  assert.equal(await page.locator("#tools button").first().isVisible(), false, "folded away at first");
  await page.click("#tools-box summary");
  assert.ok(await page.locator("#tools button").first().isVisible(), "the tools open");
  const momentum = await act(page, "#tools button[data-action=\"1960-momentum-up-kennedy\"]");
  assert.deepEqual(await mainSteps(page), momentum.events);
  assert.match(momentum.events.join(" "), /momentum marker to 1/);
  assert.match(await page.locator('.display[data-side="0"] .markers').textContent(), /momentum 1/);

  // Undo takes the tool back (a play that drew a card cannot be: the draw was seen).
  assert.ok(await page.locator("#undo").isEnabled(), "a marker move can be taken back");
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelector("#table-now h2")?.textContent === "Undone: put the table back");
  // The way back is the step turned round, in the same words.
  const back = await mainSteps(page);
  assert.equal(back.length, 1, back.join(" | "));
  assert.match(back[0], /^Move Kennedy's momentum marker back to 0$/i);
  assert.match(await page.locator("#table-now .after").textContent(), /Taken back: Kennedy: gain 1 momentum/);
  assert.match(await page.locator('.display[data-side="0"] .markers').textContent(), /momentum 0/);
  // The log is fetched again after the table is drawn, so its note on the undo comes a moment later.
  await page.waitForFunction(() => /Undone/.test(document.querySelector("#log")?.textContent ?? ""));

  // After a reload the main text is read from the game: the steps that followed the last decision.
  await page.reload();
  await page.waitForFunction(() => document.querySelector("#table-now h2")?.textContent === "Do this with the real cards"
    && !document.querySelector("#table-now .nothing"));
  assert.deepEqual(await mainSteps(page), played.events);
  await page.close();
});

test("a physical deck with the built-in card list: the card that turned up is named through the page", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  await startTable(page, "1960", { seed: 8 });
  await page.waitForSelector("#identify-filter");
  assert.match(await page.locator("#actions .identify h3").textContent(), /Which card turned up in slot A of Kennedy's display\?/);
  assert.equal(await page.locator('.display[data-side="0"] [data-slot=A] .card').textContent(), "turned up: say which card");
  assert.equal(await page.locator('.display[data-side="1"] [data-slot=B] .card').textContent(), "face-up, not named yet");
  assert.equal(await page.locator('.display[data-side="1"] [data-slot=C] .card').textContent(), "face down");
  // Not a button per card: a few at a time, narrowed by the filter.
  const listed = await page.locator("#actions .identify-list button").count();
  assert.ok(listed > 0 && listed <= 8, `${listed} buttons shown`);
  await page.fill("#identify-filter", "12");
  assert.match(await page.locator("#actions .identify-list button").first().textContent(), /^#12 /, "a number finds its card first");
  await page.fill("#identify-filter", "gallup");
  const hits = await page.locator("#actions .identify-list button").allTextContents();
  assert.deepEqual(hits, ["#3 Gallup Poll"]);
  const box = await page.locator("#actions .identify-list button").first().boundingBox();
  assert.ok(box && box.height >= 44);
  // One tap is not final: the page asks first, and a "no" names nothing.
  let asked = "";
  page.once("dialog", (d) => { asked = d.message(); d.dismiss(); });
  await page.click("#actions .identify-list button");
  await page.waitForFunction(() => !document.querySelector("#table.busy"));
  assert.match(asked, /^The card that turned up in slot A of Kennedy's display is #3 Gallup Poll\? Once named, it cannot be undone\.$/);
  assert.equal(await page.locator('.display[data-side="0"] [data-slot=A] .card').textContent(), "turned up: say which card");
  page.on("dialog", (d) => d.accept());
  const answer = await act(page, "#actions .identify-list button");
  assert.match(answer.label, /the card turned up in slot A is #3 Gallup Poll/);
  // The display shows the real card's name; the next card to name is slot B.
  assert.match(await page.locator('.display[data-side="0"] [data-slot=A]').textContent(), /#3 Gallup Poll/);
  await page.waitForFunction(() => /slot B of Kennedy/.test(document.querySelector("#actions .identify h3")?.textContent || ""));
  assert.equal(await page.inputValue("#identify-filter"), "", "a fresh filter for the next card");
  const id = /#game\/(\d+)/.exec(page.url())[1];
  const seen = await (await fetch(`${env.base}/api/games/${id}/observe/0`)).json();
  const view = seen.observation || seen;
  assert.equal(view.identifying.slot, "B");
  assert.ok(Object.values(view.cards).some((c) => c.name === "Gallup Poll"));
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 400, "no horizontal scroll");
  await page.close();
});

test("on a laptop both displays stand side by side; the Manoeuvre card table has no card list to offer", async () => {
  const page = await env.browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "manoeuvre-table");
  assert.equal(await page.locator("#deck-virtual").isVisible(), false, "no card list names the Manoeuvre cards");
  assert.ok(await page.locator("input[name=deck][value=physical]").isChecked());
  assert.equal(await page.locator("#manoeuvre-rows").isVisible(), false);
  await startTable(page, "1960", { seed: 3, deck: "virtual" });
  await act(page, "#actions button[data-action=roll]");
  const [first, second] = await page.locator(".display").evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width };
  }));
  assert.equal(first.y, second.y, "the displays share a row");
  assert.ok(second.x >= first.x + first.width, "the second display is beside the first");
  // The actions stand in a column of their own beside the main text.
  const now = await page.locator("#table-now").boundingBox();
  const actions = await page.locator("#actions").boundingBox();
  assert.ok(now && actions && actions.x >= now.x + now.width, "the actions are beside the main text");
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 1200);
  await page.screenshot({ path: path.join(docsImages, "web-assistant-wide.png"), fullPage: true });
  await page.close();
});

test("the deck comes first, and a Commands & Colors card is named by its kind on a phone", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  // Each naming is asked once (a card named stays named): yes each time here.
  page.on("dialog", (d) => d.accept());
  await page.goto(env.base + "/");
  await page.selectOption("#game-choice", "cc-napoleonics");
  // Only your own shuffled deck: the card list is a catalogue of kinds, not every card.
  assert.ok(await page.locator("#deck-physical").isVisible());
  assert.equal(await page.locator("#deck-virtual").isVisible(), false, "cdgsolo cannot shuffle a deck it cannot name");
  const deck = await page.locator("#deck-choice").boundingBox();
  const scenario = await page.locator("#scenario").boundingBox();
  assert.ok(deck && scenario && deck.y < scenario.y, "the deck is the first question");
  await page.selectOption("#game-choice", "pursuit-of-glory");
  assert.ok(await page.locator("#deck-virtual").isVisible(), "Pursuit of Glory's list names every card");
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 400, "no horizontal scroll");
  await page.locator("#new-game").screenshot({ path: path.join(docsImages, "web-new-table.png") });

  await startTable(page, "cc-napoleonics", { seed: 4 });
  await page.waitForSelector("#identify-filter");
  assert.match(await page.locator("#actions .identify-label").textContent(), /kinds of card/);
  await page.fill("#identify-filter", "probe left");
  // The one match, and the answer for a card of no listed kind, always in sight.
  assert.deepEqual(await page.locator("#actions .identify-list button").allTextContents(), ["Probe Left Flank", "not one of these kinds"]);
  const named = await act(page, "#actions .identify-list button >> nth=0");
  assert.match(named.label, /the card turned up in slot A is Probe Left Flank/);
  assert.match(await page.locator('.display[data-side="0"] [data-slot=A]').textContent(), /Probe Left Flank/);
  // Every word counts, in any order, as in the terminal: "center 4" finds the Section card the
  // list lacks.
  await page.waitForSelector("#identify-filter");
  await page.fill("#identify-filter", "center 4");
  assert.deepEqual(await page.locator("#actions .identify-list button").allTextContents(),
    ["another center Section card ordering 4 units", "not one of these kinds"]);
  // Name the rest as they come, each by a kind, until the table waits for a roll.
  for (let i = 0; i < 6 && (await page.locator("#identify-filter").count()) > 0; i++) {
    await page.fill("#identify-filter", i % 2 ? "bayonet" : "attack center");
    await act(page, "#actions .identify-list button >> nth=0");
  }
  const text = await page.locator("body").innerText();
  assert.doesNotMatch(text, /\bcard \d+\b/, "no table number anywhere on the page");
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 400, "no horizontal scroll");
  await page.screenshot({ path: path.join(docsImages, "web-assistant-cc-phone.png"), fullPage: true });
  await page.close();
});

test("undo takes a play back with the card then drawn face-down; a die that was seen stands, and the page says so", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  await startTable(page, "1960", { seed: 3, deck: "virtual" });
  await act(page, "#actions button[data-action=roll]");
  // The die has been seen: Undo is greyed, and the page says which step stands.
  assert.ok(await page.locator("#undo").isDisabled());
  assert.match(await page.locator("#undo-why").textContent(), /^Undo is not possible now: .*stands: Fate Die shows \d/);
  const play = page.locator("#actions button[data-action^=play-]").first();
  const playId = String(await play.getAttribute("data-action"));
  const played = await act(page, `#actions button[data-action="${playId}"]`);
  assert.ok(played.events.some((e) => /face-down into slot/.test(e)), `the slot is refilled face-down: ${played.events}`);
  // The refill was seen by nobody: the play and the refill are taken back together.
  assert.ok(await page.locator("#undo").isEnabled(), "a play followed by a face-down refill can be taken back");
  assert.equal(await page.locator("#undo-why").textContent(), "");
  await page.click("#undo");
  await page.waitForFunction(() => document.querySelector("#table-now h2")?.textContent === "Undone: put the table back");
  const back = await mainSteps(page);
  assert.ok(back.some((s) => /^Put the face-down card you just put in slot [A-E] of .* back into the deck, in its number order$/.test(s)), back.join(" | "));
  assert.ok(back.some((s) => /back to slot [A-E] of .*, face-up$/.test(s)), back.join(" | "));
  await page.waitForSelector(`#actions button[data-action="${playId}"]`);
  await page.close();
});

test("going back to an earlier decision lists every card and marker to put back, in table words", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  await startTable(page, "1960", { seed: 3, deck: "virtual" });
  await act(page, "#actions button[data-action=roll]");
  const playId = String(await page.locator("#actions button[data-action^=play-]").first().getAttribute("data-action"));
  await act(page, `#actions button[data-action="${playId}"]`);
  page.on("dialog", (d) => d.accept());
  await page.click("#rollback-box summary");
  await page.locator("#rollback-list button", { hasText: "Back to before:" }).first().click();
  await page.waitForFunction(() => document.querySelector("#table-now h2")?.textContent === "Went back: put the table back");
  const back = await mainSteps(page);
  assert.ok(back.some((s) => /in its number order$/.test(s)), back.join(" | "));
  assert.ok(back.some((s) => /back to slot [A-E] of .*, face-up$/.test(s)), back.join(" | "));
  assert.match(await page.locator("#table-now .after").textContent(), /^Back to before: /);
  await page.close();
});

test("a table and the saved games say whose shuffled cards the table follows", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  await startTable(page, "wilderness-war", { seed: 8, deck: "physical" });
  await page.waitForFunction(() => /· your own cards$/.test(document.querySelector("#where")?.textContent || ""));
  await startTable(page, "1960", { seed: 8, deck: "virtual" });
  await page.waitForFunction(() => /· cdgsolo shuffles$/.test(document.querySelector("#where")?.textContent || ""));
  await page.goto(env.base + "/");
  await page.waitForSelector("#saved li");
  const saved = await page.locator("#saved li button:first-child").allTextContents();
  assert.ok(saved.some((t) => /^Wilderness War.*your own cards/.test(t)), saved.join(" | "));
  assert.ok(saved.some((t) => /^1960.*cdgsolo shuffles/.test(t)), saved.join(" | "));
  await page.close();
});

test("a tool that picks at random asks once before it happens, and a no leaves the table alone", async () => {
  const page = await env.browser.newPage({ viewport: { width: 400, height: 800 } });
  await startTable(page, "1960", { seed: 3, deck: "virtual" });
  await page.click("#tools-box summary");
  const tool = page.locator("#tools button[data-action^=random-discard]").first();
  assert.ok(await tool.count(), "1960 has a random discard");
  const steps = await page.evaluate(() => document.querySelector("#table")?.getAttribute("data-steps"));
  let asked = "";
  page.once("dialog", (d) => { asked = d.message(); d.dismiss(); });
  await tool.click();
  await page.waitForTimeout(200);
  assert.match(asked, /picks at random, and cannot be undone\. Go ahead\?$/);
  assert.equal(await page.evaluate(() => document.querySelector("#table")?.getAttribute("data-steps")), steps, "nothing happened");
  // Said yes, it happens.
  page.once("dialog", (d) => d.accept());
  await act(page, "#tools button[data-action^=random-discard] >> nth=0");
  await page.close();
});
