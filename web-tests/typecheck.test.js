// The page's JavaScript is checked against its JSDoc types by the TypeScript compiler (no build step:
// the checked files are the ones the server embeds).
"use strict";

const { test } = require("node:test");
const assert = require("node:assert/strict");
const { spawnSync } = require("node:child_process");
const path = require("node:path");

test("the page's scripts type-check against their JSDoc annotations", () => {
  const tsc = path.join(__dirname, "node_modules", "typescript", "bin", "tsc");
  const run = spawnSync(process.execPath, [tsc, "-p", path.join(__dirname, "tsconfig.json")], { encoding: "utf8" });
  assert.equal(run.status, 0, `tsc found problems:\n${run.stdout}${run.stderr}`);
});
