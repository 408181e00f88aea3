// How long cdgsolo's pages take to become usable: the release server is started on a free port with a
// fresh database, Debian's chromium (headless, kept off the network, the browser tests' flags) loads
// each page many times in a fresh browser context (so nothing is cached), and the time from the start
// of navigation to the moment the page can be used is read from the page's own clock.
//
// Not a test (no timing is ever asserted): `cargo build --release && node web-tests/bench-pages.js
// [--loads N] [--json]`. CDGSOLO_BIN and CHROMIUM override the binary and the browser.
"use strict";

const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const { chromium } = require("playwright-core");
const { startServer, CHROMIUM_ARGS } = require("./harness.js");

const root = path.resolve(__dirname, "..");
const binary = process.env.CDGSOLO_BIN || path.join(root, "target", "release", "cdgsolo");
const args = process.argv.slice(2);
const loadsAt = args.indexOf("--loads");
const loads = loadsAt >= 0 ? Number(args[loadsAt + 1]) : 20;
const asJson = args.includes("--json");

/** @param {string} url @param {string} method @param {any} [body] */
async function call(url, method, body) {
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${data.error}`);
  return data;
}

// When each page counts as usable, checked in the page after every change of its document. The
// lobby: the game choices filled in, the saved games listed, the Start button enabled. A table: its
// board drawn and the buttons of the decisions there.
const READY = {
  lobby: `!document.getElementById("lobby").hidden
    && document.querySelector("#game-choice option") !== null
    && document.querySelector("#saved li button") !== null
    && document.querySelector("#new-game button[type=submit]") !== null
    && !document.querySelector("#new-game button[type=submit]").disabled`,
  manoeuvre: `!document.getElementById("table").hidden
    && document.querySelector("#board svg") !== null
    && document.querySelector("#actions button") !== null`,
  table: `!document.getElementById("table").hidden
    && document.querySelector("#hand .card-table") !== null
    && document.querySelector("#actions button") !== null`,
};

/** Installed before the page's own script: notes performance.now() (milliseconds since navigation
 * started) the first time `ready` holds. @param {string} ready */
function watcher(ready) {
  return `(() => {
    const check = () => {
      if (window.__interactive === undefined && document.getElementById("lobby") && (${ready})) {
        window.__interactive = performance.now();
      }
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  })();`;
}

/** The nearest-rank percentile of sorted numbers. @param {number[]} sorted @param {number} p */
function percentile(sorted, p) {
  return sorted[Math.max(0, Math.ceil((sorted.length * p) / 100) - 1)];
}

async function measure(browser, url, ready, count = loads) {
  const times = [];
  const script = watcher(ready);
  for (let i = 0; i < count; i++) {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    await context.addInitScript(script);
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction(() => window.__interactive !== undefined, null, { timeout: 10_000 });
    times.push(await page.evaluate(() => window.__interactive));
    await context.close();
  }
  times.sort((a, b) => a - b);
  // The page's clock ticks in steps of a tenth of a millisecond or coarser.
  const tenth = (/** @type {number} */ ms) => Math.round(ms * 10) / 10;
  return {
    loads: times.length,
    p50_ms: tenth(percentile(times, 50)),
    p95_ms: tenth(percentile(times, 95)),
    max_ms: tenth(times[times.length - 1]),
  };
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "cdgsolo-bench-pages-"));
  const { child, url: base } = await startServer(path.join(work, "games.sqlite"), binary);
  let browser;
  try {
    // A lobby with a few saved games, a Manoeuvre game against the rule-based player some decisions in
    // (a hotseat game would open on its pass-the-device screen), and a card table.
    const manoeuvre = await call(`${base}/api/games`, "POST", {
      game: "manoeuvre", seed: 12, options: { armies: ["FR", "RU"], quick_start: true }, bots: [null, "rules"],
    });
    for (let i = 0; i < 20; i++) {
      const legal = await call(`${base}/api/games/${manoeuvre.id}/legal`, "GET");
      const status = (await call(`${base}/api/games/${manoeuvre.id}`, "GET")).status;
      const move = legal.actions.find((a) => !a.tool);
      if (!move || status.over) break;
      await call(`${base}/api/games/${manoeuvre.id}/actions`, "POST", { action: move.id, step: status.steps });
    }
    const table = await call(`${base}/api/games`, "POST", { game: "wilderness-war", seed: 3 });
    await call(`${base}/api/games`, "POST", { game: "manoeuvre", seed: 5, options: { quick_start: true } });
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    });
    // One load first, not counted: the browser's own start-up is not the page's.
    await measure(browser, `${base}/`, READY.lobby, 1);
    const results = {
      lobby: await measure(browser, `${base}/`, READY.lobby),
      manoeuvre: await measure(browser, `${base}/#game/${manoeuvre.id}`, READY.manoeuvre),
      "wilderness-war": await measure(browser, `${base}/#game/${table.id}`, READY.table),
    };
    if (asJson) {
      console.log(JSON.stringify(results, null, 2));
    } else {
      console.log(`From navigation start to usable, ${loads} loads each, a fresh browser context per load:`);
      console.log(`${"page".padEnd(24)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}`);
      for (const [name, r] of Object.entries(results)) {
        console.log(`${name.padEnd(24)} ${r.p50_ms.toFixed(1).padStart(8)} ${r.p95_ms.toFixed(1).padStart(8)} ${r.max_ms.toFixed(1).padStart(8)}`);
      }
    }
  } finally {
    if (browser) await browser.close();
    child.kill();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
