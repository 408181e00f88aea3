// Scratch: screenshots for looking at the page (not a test).
const { chromium } = require("playwright-core");
const { CHROMIUM_ARGS } = require("./harness.js");
(async () => {
  const [url, out, w, h, script] = process.argv.slice(2);
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: Number(w), height: Number(h) } });
  page.on("console", (m) => console.log("console:", m.text()));
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  await page.goto(url);
  await page.waitForTimeout(800);
  if (script) await eval(`(async () => { ${script} })()`);
  await page.waitForTimeout(500);
  await page.screenshot({ path: out, fullPage: process.env.FULL !== "0" });
  await browser.close();
})();
