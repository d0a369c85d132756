// Building blocks of the response schemas. Input is whatever a real venue sends (numbers as
// strings, ids as numbers, nulls, extra keys); output is one normalised shape.
import { z } from 'zod';
import { toIsoDate } from '../domain/dates.js';
import { parseJsonStringArray, toStringItems } from '../domain/json-fields.js';

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Text; a number is turned into its decimal string (ids sometimes arrive unquoted). */
export const str = z.preprocess((v) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : v), z.string());

/** A number; a numeric string ("3172.7863") is converted. */
export const num = z.preprocess((v) => (typeof v === 'string' && NUMERIC.test(v.trim()) ? Number(v) : v), z.number());

/** An integer; an integer string ("42") is converted. */
export const int = num.pipe(z.number().int());

/** A boolean; "true" / "false" strings are converted. */
export const bool = z.preprocess((v) => {
  const t = typeof v === 'string' ? v.trim().toLowerCase() : v;
  return t === 'true' ? true : t === 'false' ? false : v;
}, z.boolean());

/**
 * A date-time normalised to `toISOString()` form. Accepts ISO 8601 with any fraction, a space
 * separator with a short offset (`2023-11-02 21:46:19.507+00`), date-only, epoch seconds and
 * epoch milliseconds (numbers or digit strings; >= 1e11 is milliseconds).
 */
export const dateTime = z.union([z.string(), z.number()], { error: 'Invalid input: expected a date' }).transform((v, ctx) => {
  const iso = toIsoDate(v);
  if (iso !== null) return iso;
  ctx.issues.push({ code: 'custom', message: `Invalid input: not a date: ${JSON.stringify(v)}`, input: v });
  return z.NEVER;
});

/** A string array sent either as JSON text (`'["Yes", "No"]'`) or as a real array. */
export const jsonStringArray = z
  .union([z.string(), z.array(z.unknown())], { error: 'Invalid input: expected a JSON-encoded array' })
  .transform((v, ctx) => {
    const r = typeof v === 'string' ? parseJsonStringArray(v) : toStringItems(v);
    if (r.ok) return r.value;
    ctx.issues.push({ code: 'custom', message: `Invalid JSON-encoded array: ${r.error}`, input: v });
    return z.NEVER;
  });

export const strArray = z.array(str);

/** BUY or SELL (case-insensitive on input). */
export const side = z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), z.enum(['BUY', 'SELL']));

/**
 * An optional field. null means absent (real venues send null for missing values); so does an
 * empty string when `blankIsAbsent` (numbers, dates, booleans - never text, where '' is a value).
 */
export function opt<T extends z.ZodType>(schema: T, blankIsAbsent = false) {
  return z.preprocess((v) => (v === null || (blankIsAbsent && v === '') ? undefined : v), schema.optional());
}

/** An optional field the spec declares nullable: null is kept. */
export function optNullable<T extends z.ZodType>(schema: T, blankIsAbsent = false) {
  return z.preprocess((v) => (blankIsAbsent && v === '' ? undefined : v), schema.nullable().optional());
}

export const optStr = opt(str);
export const optNum = opt(num, true);
export const optInt = opt(int, true);
export const optBool = opt(bool, true);
export const optDateTime = opt(dateTime, true);
export const optJsonStringArray = opt(jsonStringArray, true);
export const optStrArray = opt(strArray);
export const optSide = opt(side, true);

/** Any JSON object, kept as sent. */
export const anyObject = z.record(z.string(), z.unknown());

/** Error body of every surface (venue-profile B). */
export const ErrorBody = z.looseObject({
  error: str,
  code: str,
  param: optStr,
  retry_after_seconds: optInt,
});
export type ErrorBody = z.output<typeof ErrorBody>;

/** `a.b[2].c` */
export function formatPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), '');
}

/** One line naming the field, e.g. `events[0].startDate: Invalid input: not a date: "soon"`. */
export function formatIssue(issue: z.core.$ZodIssue): string {
  const where = formatPath(issue.path);
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** The first issue of a failed parse as one line (what an app shows for a response that does not fit). */
export function formatError(error: z.ZodError): string {
  const [first] = error.issues;
  return first ? formatIssue(first) : 'Invalid input';
}
