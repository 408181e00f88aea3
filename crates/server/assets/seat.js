// The seat this tab holds of a game on two devices. Its link's address carries the seat and its
// secret (#game/ID/seat/P/SECRET); the address keeps them, so that a copied link or a reload opens
// the same seat again, and every request about that game sends the secret to the server, which
// answers the seat alone (docs/api.md, "Two devices"). This module reads only the address.

/** @typedef {{game: number, seat: number, key: string}} HeldSeat */

/** Where the address points: a game's table or its replay at a step, with the seat held, if any.
 * @returns {{id: number, held: HeldSeat | null, replay: number | null} | null} */
export function place() {
  const m = location.hash.match(/^#game\/(\d+)(?:\/seat\/([01])\/([0-9a-f]{32}))?(?:\/replay\/(\d+))?$/);
  if (!m) return null;
  const id = Number(m[1]);
  const held = m[2] === undefined ? null : { game: id, seat: Number(m[2]), key: m[3] };
  return { id, held, replay: m[4] === undefined ? null : Number(m[4]) };
}

/** The seat this tab holds of game `id`, or null. @param {number} id */
export function heldSeat(id) {
  const where = place();
  return where && where.id === id ? where.held : null;
}

/** The secret to send with a request to `path`, when the tab holds a seat of that game.
 * @param {string} path */
export function secretFor(path) {
  const where = place();
  if (!where || !where.held) return null;
  const own = path === `/api/games/${where.id}` || path.startsWith(`/api/games/${where.id}/`);
  return own ? where.held.key : null;
}

/** The address of game `id`'s table, or with `tail` of another of its pages (`/replay/3`), for
 * this tab: a tab that holds a seat keeps it. @param {number} id @param {string} [tail] */
export function gameAddress(id, tail = "") {
  const held = heldSeat(id);
  return `#game/${id}${held ? `/seat/${held.seat}/${held.key}` : ""}${tail}`;
}

/** Whether the address shows game `id`'s table (not its replay, not another game).
 * @param {number} id */
export function showsTable(id) {
  const where = place();
  return where !== null && where.id === id && where.replay === null;
}
