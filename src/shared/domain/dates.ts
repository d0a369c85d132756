// Venues send timestamps in many shapes; everything is normalised to
// Date.prototype.toISOString() form. Returns null (never throws) when a value is not a date.

// Date, optional time (T or space), optional fraction of any length, optional offset
// (Z, +00, +0000, +00:00).
const DATE_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** A numeric value at or above this is epoch milliseconds, below it epoch seconds (year 5138 in seconds). */
export const EPOCH_MS_THRESHOLD = 1e11;

export function toIsoDate(value: unknown): string | null {
  if (typeof value === 'number') return fromEpoch(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text)) return fromEpoch(Number(text));
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const ms = Number(frac.padEnd(3, '0').slice(0, 3));
  const utc = Date.UTC(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], ms);
  const date = new Date(utc);
  // Date.UTC rolls over (Feb 30 -> Mar 2); a rollover means the input was out of range.
  if (
    Number.isNaN(utc) || date.getUTCFullYear() !== parts[0] || date.getUTCMonth() !== parts[1] ||
    date.getUTCDate() !== parts[2] || date.getUTCHours() !== parts[3] || date.getUTCMinutes() !== parts[4] ||
    date.getUTCSeconds() !== parts[5]
  ) {
    return null;
  }
  // A time without an offset is taken as UTC: venues mean UTC, and local time would make
  // the result depend on the machine.
  return fromEpoch(utc - offsetMinutes(zone) * 60_000, true);
}

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2) || '0');
  return hours > 23 || minutes > 59 ? NaN : sign * (hours * 60 + minutes);
}

function fromEpoch(n: number, isMs = false): string | null {
  if (!Number.isFinite(n)) return null;
  const date = new Date(isMs || Math.abs(n) >= EPOCH_MS_THRESHOLD ? n : n * 1000);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
