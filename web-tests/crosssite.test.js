// Other pages must not drive the server: a page served from another port of 127.0.0.1 (what any web
// page could make a browser do, or a page of another local program) tries every way a browser allows
// to create, import, play, undo, roll back, rename and delete a saved game, and nothing may change.
// The server's own answers to such requests (415, 403, 421) are checked without a browser too, and
// the same requests made properly must still work.
//
// What a browser can send without asking the server first (no preflight): GET, HEAD and POST with a
// "simple" content type (text/plain, a form's encodings), by fetch in mode "no-cors" or by a form
// posted into an iframe. PATCH and DELETE, and any JSON content type, always take a preflight (a
// fetch in mode "no-cors" refuses those methods outright), so they are tried in mode "cors".
// Note: 127.0.0.1 on another port is the same *site* for the browser, so what it sends as
// Sec-Fetch-Site here is "same-site", not "cross-site"; only the Origin tells the ports apart.
"use strict";

const { test, before, after } = require("node:test");
const assert = require("node:assert/strict");
const http = require("node:http");
const { harness } = require("./harness.js");

const env = harness();

/** The attacker's server, on another port of 127.0.0.1, and its origin. */
const attacker = { server: /** @type {http.Server | null} */ (null), origin: "" };

/** The attacker's page: nothing but a body to put forms and iframes in. */
const ATTACK_PAGE = "<!doctype html><meta charset=utf-8><title>Another page</title><p>Nothing to see here.</p>";

before(async () => {
  const server = http.createServer((request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(ATTACK_PAGE);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  attacker.server = server;
  attacker.origin = `http://127.0.0.1:${address.port}`;
});

after(async () => {
  const server = attacker.server;
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  }
});

/** A JSON call to the API from the test itself, made properly (application/json, no Origin).
 * @param {string} url @param {string} [method] @param {any} [body] */
async function call(url, method = "GET", body) {
  const response = await fetch(env.base + url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(20000),
  });
  const data = await response.json();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${data.error}`);
  return data;
}

/** A request with exactly the headers given (fetch would not let the test set Host), to the
 * server's address whatever the Host says.
 * @param {string} method @param {string} url @param {Record<string, string>} headers @param {string} [body]
 * @returns {Promise<{ status: number, text: string }>} */
function raw(method, url, headers, body) {
  const { port } = new URL(env.base);
  const all = body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path: url, headers: all, timeout: 20000 }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode || 0, text }));
    });
    request.on("timeout", () => request.destroy(new Error(`${method} ${url} timed out`)));
    request.on("error", reject);
    request.end(body);
  });
}

/** Asserts that an answer is a refusal: one of `statuses`, with a JSON `{"error": "..."}` saying why.
 * @param {{ status: number, text: string }} answer @param {number[]} statuses @param {string} what */
function assertRefused(answer, statuses, what) {
  assert.ok(statuses.includes(answer.status), `${what}: expected ${statuses.join(" or ")}, got ${answer.status} ${answer.text.slice(0, 200)}`);
  /** @type {any} */
  let data;
  assert.doesNotThrow(() => (data = JSON.parse(answer.text)), `${what}: the refusal's body is JSON (${answer.text.slice(0, 200)})`);
  assert.equal(typeof data.error, "string", `${what}: the refusal says why in "error"`);
  assert.ok(data.error.trim().length > 0, `${what}: the refusal's message is not empty`);
}

/** Plain (non-tool) actions of the game, the first of them a decision to take. @param {number} id */
async function plainActions(id) {
  return (await call(`/api/games/${id}/legal`)).actions.filter((/** @type {any} */ a) => !a.tool);
}

/** Creates a Manoeuvre hotseat game and plays some steps on it, so that an undo or a rollback would
 * change it. Returns its id, the current step, a legal action, a step a rollback may go back to, and
 * its exported record. @param {number} seed */
async function victim(seed) {
  const created = await call("/api/games", "POST", {
    game: "manoeuvre", seed, options: { armies: ["FR", "RU"], quick_start: true }, name: `Victim ${seed}`,
  });
  const id = created.id;
  for (let i = 0; i < 6; i++) {
    const { status } = await call(`/api/games/${id}`);
    const legal = await plainActions(id);
    if (status.over || legal.length === 0) break;
    await call(`/api/games/${id}/actions`, "POST", { action: legal[0].id, step: status.steps });
  }
  const { status } = await call(`/api/games/${id}`);
  assert.ok(!status.over, "the game is still being played");
  const action = (await plainActions(id))[0].id;
  // A step a rollback is allowed to go back to: before a decision of a person, or a turn's start.
  const past = await call(`/api/games/${id}/history/0`);
  const backs = [
    ...past.entries.filter((/** @type {any} */ e) => e.decision).map((/** @type {any} */ e) => e.step - 1),
    ...past.turns.map((/** @type {any} */ t) => t.step),
  ].filter((s) => s < status.steps);
  assert.ok(backs.length > 0, "the game has a step to roll back to");
  const back = Math.min(...backs);
  const record = await call(`/api/games/${id}/export`);
  return { id, name: created.name, steps: status.steps, action, back, record };
}

/** What the server holds: the saved games (ids and names) and the game's name, status, legal actions
 * and record (null once it is gone). @param {number} id */
async function snapshot(id) {
  const list = (await call("/api/games")).games
    .map((/** @type {any} */ g) => ({ id: g.id, name: g.name }))
    .sort((/** @type {any} */ a, /** @type {any} */ b) => a.id - b.id);
  const response = await fetch(`${env.base}/api/games/${id}`, { signal: AbortSignal.timeout(20000) });
  if (response.status === 404) return { list, game: null };
  const { name, status } = await response.json();
  const legal = (await call(`/api/games/${id}/legal`)).actions.map((/** @type {any} */ a) => a.id);
  const record = await call(`/api/games/${id}/export`);
  return { list, game: { name, status, legal, record } };
}

/** Says in words what differs between two snapshots (empty when nothing does).
 * @param {any} a @param {any} b */
function differences(a, b) {
  const found = [];
  const ids = new Set(a.list.map((/** @type {any} */ g) => g.id));
  const added = b.list.filter((/** @type {any} */ g) => !ids.has(g.id));
  if (added.length) found.push(`games created: ${added.map((/** @type {any} */ g) => `${g.id} "${g.name}"`).join(", ")}`);
  if (!a.game || !b.game) {
    if (a.game && !b.game) found.push("the game was deleted");
    return found;
  }
  if (a.game.name !== b.game.name) found.push(`renamed "${a.game.name}" -> "${b.game.name}"`);
  if (a.game.status.steps !== b.game.status.steps) found.push(`steps ${a.game.status.steps} -> ${b.game.status.steps}`);
  else if (JSON.stringify(a.game.record) !== JSON.stringify(b.game.record)) found.push("its record changed");
  return found;
}

/** Asserts that the server holds what it held. @param {any} before @param {any} now @param {string} how */
function assertUnchanged(before, now, how) {
  assert.deepEqual(now.list, before.list, `${how}: the saved games (ids and names) are unchanged, nothing was created`);
  assert.ok(now.game, `${how}: the game still exists`);
  assert.equal(now.game.name, before.game.name, `${how}: the game's name is unchanged`);
  assert.equal(now.game.status.steps, before.game.status.steps, `${how}: the game's step count is unchanged`);
  assert.deepEqual(now.game.status, before.game.status, `${how}: the game's status is unchanged`);
  assert.deepEqual(now.game.legal, before.game.legal, `${how}: the game's legal actions are unchanged`);
  assert.deepEqual(now.game.record, before.game.record, `${how}: the game's record (export) is unchanged`);
}

/** Opens the attacker's page in a fresh browser context. */
async function attackPage() {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(attacker.origin + "/");
  return { context, page };
}

/** From the attacker's page: one fetch, settled (answered, refused, or given up after 10 s). Says
 * what the page could see of it.
 * @param {import("playwright-core").Page} page
 * @param {{ url: string, method: string, mode: RequestMode, type: string, body?: string }} request */
function pageFetch(page, request) {
  return page.evaluate(async ({ url, method, mode, type, body }) => {
    try {
      const response = await fetch(url, { method, mode, headers: { "content-type": type }, body, signal: AbortSignal.timeout(10000) });
      return { settled: "answered", seen: response.type === "opaque" ? "opaque" : String(response.status) };
    } catch (e) {
      return { settled: "refused", seen: String(e) };
    }
  }, request);
}

/** From the attacker's page: a form with one field, posted as text/plain into a hidden iframe; settles
 * on the iframe's load event or after 10 s. The body the browser sends is `name=value` and a line end.
 * @param {import("playwright-core").Page} page
 * @param {{ url: string, name: string, value: string }} form */
function pageForm(page, form) {
  return page.evaluate(({ url, name, value }) => new Promise((resolve) => {
    const frame = document.createElement("iframe");
    frame.name = `sink-${Math.random().toString(36).slice(2)}`;
    frame.style.cssText = "width:0;height:0;border:0;visibility:hidden";
    document.body.append(frame);
    const element = document.createElement("form");
    element.method = "post";
    element.enctype = "text/plain";
    element.action = url;
    element.target = frame.name;
    const input = document.createElement("input");
    input.type = "hidden";
    input.name = name;
    input.value = value;
    element.append(input);
    document.body.append(element);
    const timer = setTimeout(() => resolve("no load event in 10 s"), 10000);
    frame.addEventListener("load", () => {
      clearTimeout(timer);
      resolve("loaded");
    }, { once: true });
    element.submit();
  }), form);
}

test("a page on another port cannot drive the API with simple fetches (text/plain, no preflight)", async () => {
  const game = await victim(101);
  const api = env.base + "/api/games";
  const base = await snapshot(game.id);
  /** @type {[string, { url: string, method: string, mode: RequestMode, type: string, body?: string }][]} */
  const attacks = [
    ["create", { url: api, method: "POST", mode: "no-cors", type: "text/plain",
      body: JSON.stringify({ game: "manoeuvre", seed: 5, options: { quick_start: true }, name: "Made by another page" }) }],
    ["import", { url: `${api}/import`, method: "POST", mode: "no-cors", type: "text/plain", body: JSON.stringify(game.record) }],
    ["act", { url: `${api}/${game.id}/actions`, method: "POST", mode: "no-cors", type: "text/plain",
      body: JSON.stringify({ action: game.action, step: game.steps }) }],
    ["undo", { url: `${api}/${game.id}/undo`, method: "POST", mode: "no-cors", type: "text/plain", body: "" }],
    ["rollback", { url: `${api}/${game.id}/rollback`, method: "POST", mode: "no-cors", type: "text/plain",
      body: JSON.stringify({ step: game.back }) }],
    // "no-cors" allows GET, HEAD and POST only: PATCH and DELETE go with a preflight.
    ["rename", { url: `${api}/${game.id}`, method: "PATCH", mode: "cors", type: "text/plain", body: JSON.stringify({ name: "Renamed by another page" }) }],
    ["delete", { url: `${api}/${game.id}`, method: "DELETE", mode: "cors", type: "text/plain" }],
  ];
  const { context, page } = await attackPage();
  // One at a time, each settled before the next, to say which of them changed something.
  const outcomes = [];
  const changed = [];
  let last = base;
  for (const [what, request] of attacks) {
    outcomes.push(`${what}: ${JSON.stringify(await pageFetch(page, request))}`);
    const now = await snapshot(game.id);
    const seen = differences(last, now);
    if (seen.length) changed.push(`${what} -> ${seen.join("; ")}`);
    last = now;
  }
  await context.close();
  assert.deepEqual(changed, [], `requests from another page changed the server:\n${changed.join("\n")}\n(the page saw: ${outcomes.join(", ")})`);
  assertUnchanged(base, last, "after simple fetches from another page");
});

test("a page on another port cannot drive the API with text/plain forms posted into an iframe", async () => {
  const game = await victim(102);
  const api = env.base + "/api/games";
  const base = await snapshot(game.id);
  // A text/plain form sends `name=value`: the JSON is split so that the "=" lands inside a string.
  // (The API refuses unknown fields, so only a create, whose "name" can hold the "=", makes a valid
  // body this way; act and rollback are tried all the same.)
  const attacks = [
    ["create", { url: api, name: '{"game":"manoeuvre","seed":6,"options":{"quick_start":true},"name":"Made by a form', value: '"}' }],
    ["act", { url: `${api}/${game.id}/actions`, name: `{"action":${JSON.stringify(game.action)},"step":${game.steps},"x":"`, value: '"}' }],
    ["rollback", { url: `${api}/${game.id}/rollback`, name: `{"step":${game.back},"x":"`, value: '"}' }],
  ];
  const { context, page } = await attackPage();
  const outcomes = [];
  const changed = [];
  let last = base;
  for (const [what, form] of /** @type {[string, { url: string, name: string, value: string }][]} */ (attacks)) {
    outcomes.push(`${what}: ${await pageForm(page, form)}`);
    const now = await snapshot(game.id);
    const seen = differences(last, now);
    if (seen.length) changed.push(`${what} -> ${seen.join("; ")}`);
    last = now;
  }
  await context.close();
  assert.deepEqual(changed, [], `forms from another page changed the server:\n${changed.join("\n")}\n(${outcomes.join(", ")})`);
  assertUnchanged(base, last, "after forms from another page");
});

test("a page on another port cannot get a JSON request through the preflight", async () => {
  const game = await victim(103);
  const api = env.base + "/api/games";
  const base = await snapshot(game.id);
  const json = "application/json";
  /** @type {[string, { url: string, method: string, mode: RequestMode, type: string, body?: string }][]} */
  const attacks = [
    ["create", { url: api, method: "POST", mode: "cors", type: json,
      body: JSON.stringify({ game: "manoeuvre", seed: 7, options: { quick_start: true }, name: "Made by a JSON fetch" }) }],
    ["import", { url: `${api}/import`, method: "POST", mode: "cors", type: json, body: JSON.stringify(game.record) }],
    ["act", { url: `${api}/${game.id}/actions`, method: "POST", mode: "cors", type: json,
      body: JSON.stringify({ action: game.action, step: game.steps }) }],
    ["undo", { url: `${api}/${game.id}/undo`, method: "POST", mode: "cors", type: json }],
    ["rollback", { url: `${api}/${game.id}/rollback`, method: "POST", mode: "cors", type: json, body: JSON.stringify({ step: game.back }) }],
    ["rename", { url: `${api}/${game.id}`, method: "PATCH", mode: "cors", type: json, body: JSON.stringify({ name: "Renamed by a JSON fetch" }) }],
    ["delete", { url: `${api}/${game.id}`, method: "DELETE", mode: "cors", type: json }],
  ];
  const { context, page } = await attackPage();
  const { outcomes } = await page.evaluate(async (list) => {
    const settled = await Promise.allSettled(list.map(([, { url, method, mode, type, body }]) =>
      fetch(url, { method, mode, headers: { "content-type": type }, body, signal: AbortSignal.timeout(10000) })));
    return { outcomes: settled.map((s, i) => `${list[i][0]}: ${s.status === "fulfilled" ? `answered ${s.value.status}` : "refused"}`) };
  }, attacks);
  await context.close();
  const now = await snapshot(game.id);
  assert.deepEqual(differences(base, now), [], `JSON fetches from another page changed the server (${outcomes.join(", ")})`);
  assertUnchanged(base, now, "after JSON fetches from another page");
  assert.deepEqual(outcomes.filter((o) => !o.endsWith("refused")), [], "the other page could read none of the answers");
});

test("a POST with content-type text/plain is refused with 415, even with a valid JSON body", async () => {
  const before = await call("/api/games");
  const answer = await raw("POST", "/api/games", { "content-type": "text/plain" },
    JSON.stringify({ game: "manoeuvre", seed: 8, options: { quick_start: true }, name: "text/plain" }));
  assertRefused(answer, [415], "POST /api/games as text/plain");
  assert.equal((await call("/api/games")).games.length, before.games.length, "no game was created");
});

test("a POST carrying another origin is refused with 403", async () => {
  const before = await call("/api/games");
  const answer = await raw("POST", "/api/games", { "content-type": "application/json", origin: attacker.origin },
    JSON.stringify({ game: "manoeuvre", seed: 9, options: { quick_start: true }, name: "another origin" }));
  assertRefused(answer, [403], `POST /api/games with Origin ${attacker.origin}`);
  assert.equal((await call("/api/games")).games.length, before.games.length, "no game was created");
});

test("a request the browser marks cross-site is refused with 403", async () => {
  const before = await call("/api/games");
  const answer = await raw("POST", "/api/games", { "content-type": "application/json", "sec-fetch-site": "cross-site" },
    JSON.stringify({ game: "manoeuvre", seed: 10, options: { quick_start: true }, name: "cross-site" }));
  assertRefused(answer, [403], "POST /api/games with Sec-Fetch-Site: cross-site");
  assert.equal((await call("/api/games")).games.length, before.games.length, "no game was created");
});

test("a request for another host name (DNS rebinding) is refused with 421 or 403", async (t) => {
  const game = await victim(104);
  const { port } = new URL(env.base);
  const host = `evil.example:${port}`;
  for (const url of ["/api/games", `/api/games/${game.id}/export`]) {
    await t.test(`GET ${url}`, async () => assertRefused(await raw("GET", url, { host }), [421, 403], `GET ${url} with Host ${host}`));
  }
});

test("the same requests made properly still work", async () => {
  const game = await victim(105);
  const { host } = new URL(env.base);
  const list = await raw("GET", "/api/games", { host });
  assert.equal(list.status, 200, `GET /api/games with Host ${host}: ${list.text.slice(0, 200)}`);
  assert.ok(JSON.parse(list.text).games.some((/** @type {any} */ g) => g.id === game.id), "the game is listed");
  const record = await raw("GET", `/api/games/${game.id}/export`, { host });
  assert.equal(record.status, 200, `GET export with Host ${host}: ${record.text.slice(0, 200)}`);
  assert.deepEqual(JSON.parse(record.text), game.record);
  // What the page itself sends: its own origin, same-origin.
  const own = await raw("PATCH", `/api/games/${game.id}`,
    { host, "content-type": "application/json", origin: env.base, "sec-fetch-site": "same-origin" }, JSON.stringify({ name: game.name }));
  assert.equal(own.status, 200, `a rename from the page's own origin: ${own.text.slice(0, 200)}`);
  assert.deepEqual(JSON.parse(own.text), { id: game.id, name: game.name });
  // And from a program (no Origin, application/json), as this test and the terminal's tools do.
  const renamed = await call(`/api/games/${game.id}`, "PATCH", { name: game.name });
  assert.deepEqual(renamed, { id: game.id, name: game.name });
  const { status } = await call(`/api/games/${game.id}`);
  assert.equal(status.steps, game.steps, "the game is where it was");
});
