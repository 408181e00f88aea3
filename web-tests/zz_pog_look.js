"use strict";
const { startServer, CHROMIUM_ARGS } = require("./harness.js");
const { chromium } = require("playwright-core");
(async () => {
  const { child, url } = await startServer("/tmp/look.sqlite");
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 400, height: 800 } });
  await page.goto(url + "/");
  await page.selectOption("#game-choice", "pursuit-of-glory");
  await page.fill("#seed", "5");
  await page.click("#new-game button[type=submit]");
  for (const q of ["12", "kitchener", "jihad", "goeben"]) {
    await page.waitForSelector("#identify-filter");
    await page.fill("#identify-filter", q);
    await page.click("#actions .identify-list button >> nth=0");
    await page.waitForTimeout(400);
  }
  await page.click("#actions button[data-action=roll]");
  await page.waitForTimeout(500);
  for (let i = 0; i < 3 && (await page.locator("#identify-filter").count()) > 0; i++) {
    await page.click("#actions .identify-list button >> nth=0");
    await page.waitForTimeout(400);
  }
  const play = page.locator("#actions button[data-action$=-operations]").first();
  if (await play.count()) { await play.click(); await page.waitForTimeout(500); }
  await page.screenshot({ path: "/tmp/pog_look.png", fullPage: false });
  console.log(await page.locator("#actions").innerText());
  await browser.close(); child.kill();
})();
