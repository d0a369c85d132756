// How answers are written out, apart from what they say (venue-profile G). `--representation
// varied` sends the quirks real deployments show (fixtures/samples): numbers as strings, four
// date styles, outcome lists as JSON text or arrays, null for absent optional strings, unknown
// extra fields. Each choice is a hash of the record and the field, so a record always looks the
// same, and every variant reads back to the same value: the data never changes.
import type { Presenter } from './http.js';

export type Representation = 'plain' | 'varied';
export const REPRESENTATIONS: readonly Representation[] = ['plain', 'varied'];

type Obj = Record<string, unknown>;

/** Spec 2.6: what an event's `markets` summaries carry. */
export const EVENT_MARKET_FIELDS = ['id', 'question', 'conditionId', 'mirrorConditionId', 'clobTokenIds', 'mirrorClobTokenIds'];

export const DATE_FIELDS = new Set([
  'startDate', 'endDate', 'createdAt', 'updatedAt', 'creationDate', 'publishedAt', 'accepting_order_timestamp', 'end_date_iso', 'game_start_time', 'gst',
]);
/** Numbers some deployments send as strings (catalog volumes, trading prices and rewards). */
const NUMBER_AS_TEXT = new Set(['volumeNum', 'volume24hr', 'liquidity', 'liquidityNum', 'price', 'min_size', 'max_spread', 'rewards_daily_rate']);
/** Sent as text by this venue and as a number by some deployments. */
const TEXT_AS_NUMBER = new Set(['volume']);
const JSON_LISTS = new Set(['outcomes', 'clobTokenIds', 'outcomePrices', 'mirrorClobTokenIds']);
const IDENTITY = ['id', 'condition_id', 'conditionId', 'c', 'token_id', 'token', 'asset', 'proxyWallet', 'transactionHash', 'slug'];
/** Family fields beyond the spec, seen in live answers. */
export const EXTRAS: ReadonlyArray<readonly [string, unknown]> = [
  ['featured', false], ['new', false], ['restricted', true], ['commentsEnabled', false], ['marketMakerAddress', ''], ['verified', false],
];
const ISO_MS = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\.(\d{3})Z$/;

/** FNV-1a. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** `…T…Z` with 3 (as stored), 6 or no fraction digits (the last only where it loses nothing), or `YYYY-MM-DD HH:MM:SS.sss+00`. */
export function dateStyle(iso: string, h: number): string {
  const m = ISO_MS.exec(iso);
  if (!m) return iso;
  const [, day, time, ms] = m as unknown as [string, string, string, string];
  let style = h % 4;
  if (style === 0 && ms !== '000') style = 1 + ((h >>> 2) % 3);
  switch (style) {
    case 0:
      return `${day}T${time}Z`;
    case 2:
      // Readers keep milliseconds, so the extra digits change nothing.
      return `${day}T${time}.${ms}${String((h >>> 4) % 1000).padStart(3, '0')}Z`;
    case 3:
      return `${day} ${time}.${ms}+00`;
    default:
      return iso;
  }
}

function listStyle(text: string, h: number): unknown {
  let items: unknown;
  try {
    items = JSON.parse(text);
  } catch {
    return text;
  }
  if (!Array.isArray(items)) return text;
  switch (h % 3) {
    case 1:
      return items;
    case 2:
      return `[${items.map((i) => JSON.stringify(i)).join(', ')}]`;
    default:
      return text;
  }
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Optional strings of this record that are absent, which some deployments send as null. */
function absentOptional(o: Obj): string[] {
  if ('parentEntityType' in o) return ['parentCommentID', 'replyAddress'];
  if ('conditionId' in o && 'question' in o) return ['mirrorConditionId', 'mirrorClobTokenIds'];
  if (('condition_id' in o && 'question' in o) || ('c' in o && 'mts' in o)) return ['mirror_condition_id'];
  return [];
}

function varyRecord(o: Obj, surfaceName: string): Obj {
  const key = IDENTITY.filter((k) => typeof o[k] === 'string' || typeof o[k] === 'number').map((k) => `${k}=${String(o[k])}`).join('|');
  const out: Obj = {};
  for (const [field, value] of Object.entries(o)) {
    const h = hash(`${key}|${field}`);
    if (typeof value === 'string' && DATE_FIELDS.has(field)) out[field] = dateStyle(value, h);
    else if (typeof value === 'string' && JSON_LISTS.has(field)) out[field] = listStyle(value, h);
    else if (surfaceName !== 'data' && typeof value === 'number' && Number.isFinite(value) && NUMBER_AS_TEXT.has(field) && h % 2 === 0) out[field] = String(value);
    else if (typeof value === 'string' && TEXT_AS_NUMBER.has(field) && h % 2 === 0 && value !== '' && String(Number(value)) === value) out[field] = Number(value);
    else out[field] = vary(value, surfaceName);
  }
  if (key === '') return out;
  for (const field of absentOptional(o)) {
    if (!(field in out) && hash(`${key}|${field}`) % 2 === 0) out[field] = null;
  }
  const h = hash(`${key}|extra`);
  const extra = EXTRAS[h % (EXTRAS.length * 2)];
  if (extra && !(extra[0] in out)) out[extra[0]] = extra[1];
  return out;
}

function vary(value: unknown, surfaceName: string): unknown {
  if (Array.isArray(value)) return value.map((v) => vary(v, surfaceName));
  return isObj(value) ? varyRecord(value, surfaceName) : value;
}

/** Event `markets` summaries down to the fields of spec 2.6. */
function specEvent(e: unknown): unknown {
  if (!isObj(e) || !Array.isArray(e['markets'])) return e;
  const markets = (e['markets'] as unknown[]).map((m) => (isObj(m) ? Object.fromEntries(EVENT_MARKET_FIELDS.filter((f) => f in m).map((f) => [f, m[f]])) : m));
  return { ...e, markets };
}

function specShapes(route: string, body: unknown): unknown {
  if (route === 'catalog GET /events' && Array.isArray(body)) return body.map(specEvent);
  if (route === 'catalog GET /public-search' && isObj(body) && Array.isArray(body['events'])) return { ...body, events: (body['events'] as unknown[]).map(specEvent) };
  return body;
}

/** The presenter of a mode, or undefined when answers go out as built (the full, plain venue). */
export function presenter(opts: { specOnly: boolean; representation: Representation }): Presenter | undefined {
  const varied = opts.representation === 'varied';
  if (!opts.specOnly && !varied) return undefined;
  return (route, body) => {
    const shaped = specShapes(route, body);
    return varied ? vary(shaped, route.slice(0, route.indexOf(' '))) : shaped;
  };
}
