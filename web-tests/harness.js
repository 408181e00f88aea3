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

module.exports = { harness, startServer, CHROMIUM_ARGS, root, docsImages, shownSteps, movedOn };
