// Shared helpers of cdgsolo's page: the JSON API (docs/api.md) and making elements.

/** @param {string} path @param {string} [method] @param {any} [body] */
export async function api(path, method = "GET", body) {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Makes an element with text. @param {string} tag @param {string} [text] @param {string} [cls] */
export function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined) e.textContent = text;
  if (cls) e.className = cls;
  return e;
}


const SVG_NS = "http://www.w3.org/2000/svg";

/** Makes an SVG element with attributes. @param {string} tag @param {Record<string, string | number>} [attrs] */
export function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}
