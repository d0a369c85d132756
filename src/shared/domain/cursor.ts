// Cursor of GET /sampling-simplified-markets: base64 of a decimal offset. `MA==` (0) is the first
// page, `LTE=` (-1) means the listing is complete. btoa/atob, not Buffer: this runs in browsers.

export const FIRST_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';

export function encodeCursor(offset: number): string {
  return btoa(String(offset));
}

/** The offset a cursor stands for (-1 for END_CURSOR), or null when it is not a cursor. */
export function decodeCursor(cursor: string): number | null {
  let text: string;
  try {
    // Accept the url-safe alphabet and missing padding too.
    const b64 = cursor.replace(/-/g, '+').replace(/_/g, '/');
    text = atob(b64.padEnd(Math.ceil(b64.length / 4) * 4, '='));
  } catch {
    return null;
  }
  if (!/^(0|[1-9]\d{0,15}|-1)$/.test(text)) return null;
  const offset = Number(text);
  return Number.isSafeInteger(offset) ? offset : null;
}
