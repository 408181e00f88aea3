// Browser tests of cdgsolo's pages: the server is started on a free port with a fresh database, and
// Debian's chromium is driven headless by playwright-core, kept off the network.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const root = path.resolve(__dirname, "..");
const binary = process.env.CDGSOLO_BIN || path.join(root, "target", "debug", "cdgsolo");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "cdgsolo-web-"));
let server;
let base;
let browser;

/** Starts `cdgsolo serve` on a free port and waits for the URL it prints. */
function startServer(db) {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["serve", "--port", "0", "--db", db], { stdio: ["ignore", "pipe", "inherit"] });
    child.on("error", reject);
    child.stdout.on("data", (chunk) => {
      const m = String(chunk).match(/http:\/\/[0-9.:]+/);
      if (m) resolve({ child, url: m[0] });
    });
  });
}

before(async () => {
  const started = await startServer(path.join(work, "games.sqlite"));
  server = started.child;
  base = started.url;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: [
      "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync",
    ],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill();
  fs.rmSync(work, { recursive: true, force: true });
});

test("a Manoeuvre game is started, played, and found again after a reload", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.selectOption("#game-choice", "manoeuvre");
  await page.fill("#seed", "12");
  await page.selectOption("#army-a", "FR");
  await page.selectOption("#army-b", "RU");
  await page.selectOption("#opponent", "");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#board svg");
  // Both armies are on the battlefield.
  assert.equal(await page.locator("#board svg g").count(), 16);
  const status = page.locator("#status");
  const steps = [];
  for (let i = 0; i < 6; i++) {
    const first = page.locator("#actions button").first();
    const label = await first.textContent();
    steps.push(label);
    await first.click();
    await page.waitForFunction((n) => document.querySelectorAll("#log li").length >= n, i + 1);
  }
  assert.equal(await page.locator("#log li").count(), 6);
  const before = await status.textContent();
  const board = await page.locator("#board").innerHTML();
  await page.reload();
  await page.waitForSelector("#board svg");
  assert.equal(await status.textContent(), before, "the game is where it was");
  assert.equal(await page.locator("#board").innerHTML(), board);
  await page.screenshot({ path: path.join(work, "manoeuvre.png") });
  // Undo takes the last decision back, or says why it cannot (a card drawn since was seen).
  await page.click("#undo");
  await page.waitForFunction(
    () => /Undone/.test(document.querySelector("#log").textContent) || document.querySelector("#table-error").textContent !== "",
  );
  // The lobby lists the game.
  await page.click("#home");
  await page.waitForSelector("#saved button");
  assert.match(await page.locator("#saved").textContent(), /manoeuvre \(seed 12\)/);
  await page.close();
});

test("a person plays Manoeuvre against the rule-based bot, whose moves show in the log", async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  await page.goto(base + "/");
  await page.selectOption("#game-choice", "manoeuvre");
  await page.fill("#seed", "4");
  await page.selectOption("#army-a", "FR");
  await page.selectOption("#army-b", "RU");
  await page.selectOption("#opponent", "rules");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#board svg");
  for (let i = 0; i < 12 && (await page.locator("#log .bot").count()) === 0; i++) {
    const before = await page.locator("#log li").count();
    await page.locator("#actions button").first().click();
    await page.waitForFunction((n) => document.querySelectorAll("#log li").length > n, before);
  }
  assert.ok((await page.locator("#log .bot").count()) > 0, "the bot's moves are in the log");
  // A hint, searched from the person's own seat, names moves the page offers.
  await page.click("#hint");
  await page.waitForSelector("#hint-box ol li");
  const suggestion = await page.locator("#hint-box ol li").first().textContent();
  const offered = await page.locator("#actions button").allTextContents();
  assert.ok(offered.some((label) => suggestion.startsWith(label)), `${suggestion} is one of the moves offered`);
  assert.match(await page.locator("#log .bot").first().textContent(), /\[rules\]/);
  // Only France's hand is ever on the page.
  assert.match(await page.locator("#status").textContent(), /France|over/);
  await page.screenshot({ path: path.join(work, "against-rules.png") });
  await page.close();
});

test("a card table is played at 400 pixels wide with its tools folded away", async () => {
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  await page.goto(base + "/");
  await page.selectOption("#game-choice", "wilderness-war");
  await page.click("#new-game button[type=submit]");
  await page.waitForSelector("#actions button");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 400, `the page fits 400 pixels (it is ${width} wide)`);
  const box = await page.locator("#actions button").first().boundingBox();
  assert.ok(box && box.height >= 44, "touch targets are at least 44 pixels high");
  await page.locator("#actions button").first().click();
  await page.waitForFunction(() => document.querySelectorAll("#log li").length === 1);
  await page.close();
});

test("a malformed API request gets a 4xx and a message", async () => {
  const response = await fetch(base + "/api/games", { method: "POST", body: "{not json" });
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.match(body.error, /request body/);
});
