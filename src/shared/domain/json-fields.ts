// Real venues send some arrays (outcomes, outcomePrices, clobTokenIds, ...) as JSON text
// inside a string. These helpers read and write that form without ever throwing.

export type JsonArrayResult = { ok: true; value: string[] } | { ok: false; error: string };

/** Items may be strings or numbers (prices and ids are sometimes unquoted); numbers become strings. */
export function toStringItems(items: readonly unknown[]): JsonArrayResult {
  const value: string[] = [];
  for (const [i, item] of items.entries()) {
    if (typeof item === 'string') value.push(item);
    else if (typeof item === 'number' && Number.isFinite(item)) value.push(String(item));
    else return { ok: false, error: `item ${i} is not a string` };
  }
  return { ok: true, value };
}

/** Parses `'["Yes", "No"]'` into `['Yes', 'No']`; malformed text is an error, not a throw. */
export function parseJsonStringArray(text: string): JsonArrayResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'is not valid JSON' };
  }
  if (!Array.isArray(parsed)) return { ok: false, error: 'is not a JSON array' };
  return toStringItems(parsed);
}

/** The wire form a catalog surface sends: a JSON-encoded array of strings. */
export function encodeJsonStringArray(values: readonly string[]): string {
  return JSON.stringify(values);
}
