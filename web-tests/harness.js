// Shared start-up of the browser tests: each test file starts `cdgsolo serve` on a free port with a
// fresh database and one headless Debian chromium driven by playwright-core, kept off the network.
"use strict";

const { before, after } = require("node:test");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");

const root = path.resolve(__dirname, "..");
const binary = process.env.CDGSOLO_BIN || path.join(root, "target", "debug", "cdgsolo");

/** The chromium flags that keep a headless browser off the network. */
const CHROMIUM_ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];

/** Starts `cdgsolo serve` on a free port and waits for the URL it prints.
 * @param {string} db @param {string} [program] the cdgsolo binary (the debug build by default) */
function startServer(db, program = binary) {
  return new Promise((resolve, reject) => {
    const child = spawn(program, ["serve", "--port", "0", "--db", db], { stdio: ["ignore", "pipe", "inherit"] });
    child.on("error", reject);
    child.stdout.on("data", (chunk) => {
      const m = String(chunk).match(/http:\/\/[0-9.:]+/);
      if (m) resolve({ child, url: m[0] });
    });
  });
}

/** Registers before/after hooks and returns an object whose `base`, `browser` and `work` (a temporary
 * directory) are set once the hooks have run. */
function harness() {
  const env = { base: "", browser: null, work: fs.mkdtempSync(path.join(os.tmpdir(), "cdgsolo-web-")), server: null };
  before(async () => {
    const started = await startServer(path.join(env.work, "games.sqlite"));
    env.server = started.child;
    env.base = started.url;
    env.browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: CHROMIUM_ARGS });
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.server) env.server.kill();
    fs.rmSync(env.work, { recursive: true, force: true });
  });
  return env;
}

/** Where the tests put the screenshots the docs show: docs/images itself only when asked for with
 * CDGSOLO_SHOTS=1 (`npm run shots`), so that an ordinary run (`npm test`) rewrites no tracked file;
 * otherwise a temporary directory, removed when the test file's process ends. */
const docsImages = process.env.CDGSOLO_SHOTS === "1" ? path.join(root, "docs", "images") : scratchShots();

/** A fresh temporary directory for the screenshots of an ordinary run. */
function scratchShots() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cdgsolo-shots-"));
  process.on("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The step the table on the page shows. @param {import("playwright-core").Page} page */
const shownSteps = (page) => page.evaluate(() => document.querySelector("#table")?.getAttribute("data-steps") || "");

/** Waits until the table shows another step than `before`, drawn and no longer busy.
 * @param {import("playwright-core").Page} page @param {string} before */
const movedOn = (page, before) =>
  page.waitForFunction((b) => {
    const table = document.querySelector("#table");
    return table && table.getAttribute("data-steps") !== b && !table.classList.contains("busy");
  }, before);

/** Starts a game of Manoeuvre from the lobby as a person does and waits for its table; answers the
 * game's id. `opponent` is the lobby's value ("" for hotseat, "rules", "mcts:easy"...).
 * @param {import("playwright-core").Page} page @param {string} base
 * @param {{ seed: string, armies?: [string, string], opponent: string, quick?: boolean }} how */
async function startManoeuvre(page, base, how) {
  await page.goto(base + "/");
  await page.selectOption("#game-choice", "manoeuvre");
  await page.fill("#seed", how.seed);
  if (how.armies) {
    await page.selectOption("#army-a", how.armies[0]);
    await page.selectOption("#army-b", how.armies[1]);
  }
  await page.selectOption("#opponent", how.opponent);
  if (how.quick === false) await page.uncheck("#quick");
  await page.click("#new-game button[type=submit]");
  if (how.opponent === "") {
    await page.waitForSelector("#pass:not([hidden])");
    await page.click("#pass-ready");
  }
  await page.waitForSelector("#log[data-filled]");
  return Number(new URL(page.url()).hash.split("/")[1]);
}

/** Squares apart (king moves). @param {string} a @param {string} b */
const distance = (a, b) => Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a[1]) - Number(b[1])));

/** Makes one decision on the page as a player out to win: an attack when one is offered (unit, then
 * square), else the move that ends closest to the enemy, else the Discard phase's button (after
 * ticking the cards `discard` picks), else the first action. `view` is the deciding seat's
 * observation and `legal` its legal actions.
 * @param {import("playwright-core").Page} page @param {any} view @param {any[]} legal
 * @param {(ticks: import("playwright-core").Locator[]) => Promise<void>} [discard] */
async function decideLikeAPlayer(page, view, legal, discard) {
  const attack = legal.find((a) => /^(assault|bombard|volley)-/.test(a.id));
  const moves = legal.filter((a) => a.id.startsWith("move-"));
  if (attack) {
    const [, unit, square] = attack.id.split("-");
    await page.click(`#board g.unit[data-unit="${unit}"]`);
    await page.click(`#board .target[data-target="${square}"]`);
    if (await page.locator("#choice button").count()) await page.locator("#choice button").first().click();
  } else if (moves.length) {
    const enemies = view.units.filter((/** @type {any} */ u) => u.side !== view.player && u.square).map((/** @type {any} */ u) => u.square);
    const gap = (/** @type {string} */ sq) => Math.min(...enemies.map((/** @type {string} */ e) => distance(sq, e)));
    const best = moves.reduce((a, b) => (gap(b.id.split("-")[2]) < gap(a.id.split("-")[2]) ? b : a));
    const [, unit, square] = best.id.split("-");
    await page.click(`#board g.unit[data-unit="${unit}"]`);
    await page.click(`#board .target[data-target="${square}"]`);
  } else if (await page.locator("#actions .discard-go").count()) {
    if (discard) await discard(await page.locator("#hand input.discard-tick").all());
    await page.click("#actions .discard-go");
  } else {
    const button = page.locator("#actions > button").first();
    if (await button.count()) await button.click();
    else await page.locator("#board .target").first().click();
  }
}

module.exports = { harness, startServer, CHROMIUM_ARGS, root, docsImages, shownSteps, movedOn, startManoeuvre, decideLikeAPlayer, distance };
