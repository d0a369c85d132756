// Hostile requests for every endpoint of the venue (spec §4, venue-profile C and E, as listed in
// shared/spec/params.ts), for the fuzz test and `npm run bench -- fuzz`. Each request fills an
// endpoint's query, path and body with values near the edges (huge numbers, signs, exponents,
// control and percent characters, wrong types, real ids of the world) and, on signed routes,
// signs them correctly more often than not, so the hostile body reaches the handler.
import { request, Agent } from 'node:http';
import fc from 'fast-check';
import { ENDPOINTS, type EndpointParams } from '@shared/spec/params.js';
import { privateKeyToAddress, signClobAuth } from '@shared/crypto/index.js';
import { l2Headers } from './auth/client.js';
import type { Db } from './db/open.js';
import type { VenueUrls } from './server.js';
import { Trader } from './trading/test-trader.js';

/** Ids of the world, so that generated requests also reach the code past the lookups. */
export interface Known {
  tokenIds: string[];
  conditionIds: string[];
  marketIds: string[];
  slugs: string[];
  users: string[];
}

export function knownValues(db: Db): Known {
  const col = (sql: string): string[] => (db.prepare(sql).all() as Array<Record<string, unknown>>).map((r) => String(Object.values(r)[0]));
  return {
    tokenIds: col('SELECT token_id FROM tokens ORDER BY token_id LIMIT 8'),
    conditionIds: col('SELECT condition_id FROM markets ORDER BY id LIMIT 8'),
    marketIds: col('SELECT id FROM markets ORDER BY id LIMIT 8'),
    slugs: col('SELECT slug FROM markets ORDER BY id LIMIT 4'),
    users: col('SELECT DISTINCT address FROM balances ORDER BY address LIMIT 4'),
  };
}

export interface FuzzTarget {
  urls: VenueUrls;
  trader: Trader;
  known: Known;
}

/** A trader with an API key (for signed routes) and the world's ids. */
export async function fuzzTarget(urls: VenueUrls, db: Db): Promise<FuzzTarget> {
  const trader = await Trader.create(urls);
  return { urls, trader, known: knownValues(db) };
}

type Signing = 'good' | 'none' | 'garbage';

export interface FuzzRequest {
  endpoint: EndpointParams;
  /** Path relative to the surface, path parameters filled in (already encoded). */
  path: string;
  /** Query string without `?` (already encoded, possibly malformed on purpose). */
  query: string;
  body: string | undefined;
  contentType: string | undefined;
  signing: Signing;
  /** Extra or replacing headers (L1 headers, hostile auth values). */
  headers: Record<string, string>;
}

const HOSTILE = [
  '', ' ', '0', '-0', '-1', '1', '1.5', '1e3', '1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '0x', '0x0', '00000000000000000001',
  '9'.repeat(78), '9'.repeat(79), String(2n ** 256n), String(2n ** 256n - 1n), String(Number.MAX_SAFE_INTEGER + 2), '18446744073709551616',
  'true', 'false', 'null', 'undefined', '[]', '{}', 'BUY', 'SELL', 'buy', 'GTC', 'FOK', 'CASH', 'TOKENS', 'ALL', 'DAY', 'VOL', 'PNL',
  'MA==', 'LTE=', '====', '%', '%00', '%ff', '%zz', '%C0%AF', '%2F', "'; DROP TABLE markets;--", '" OR 1=1 --', '_%', '\\', '..', '/',
  '\u0000', '\u202e', '🙂', 'x'.repeat(5000), '0x' + 'f'.repeat(64), '0x' + 'g'.repeat(64), '0x' + 'a'.repeat(40), 'id,slug', 'createdAt',
];

/** A raw value: hostile constants, numbers at the edges, arbitrary text, or a real id. */
function rawValue(known: Known): fc.Arbitrary<string> {
  const ids = [...known.tokenIds, ...known.conditionIds, ...known.marketIds, ...known.slugs, ...known.users];
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 3, arbitrary: fc.constantFrom(...ids) },
    { weight: 2, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }).map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  );
}

/** Encoded for a URL, or now and then left raw (a lone `%`, a `&`, a `#`): the server must cope. */
function urlValue(known: Known): fc.Arbitrary<string> {
  return fc.tuple(rawValue(known), fc.nat(9)).map(([v, n]) => (n === 0 ? v.replace(/[^\x21-\x7e]|[#?/]/g, '') : encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''))));
}

function queryOf(endpoint: EndpointParams, known: Known): fc.Arbitrary<string> {
  const names = endpoint.query.length > 0 ? [...endpoint.query, 'unknown_param'] : ['unknown_param'];
  const pair = fc.tuple(fc.constantFrom(...names), urlValue(known)).map(([k, v]) => `${k}=${v}`);
  return fc.oneof(
    // Within Node's 16 kB of request head: a longer one is refused by the HTTP parser itself.
    { weight: 6, arbitrary: fc.array(pair, { maxLength: 6 }).map((ps) => ps.join('&').slice(0, 8_000)) },
    { weight: 1, arbitrary: fc.constantFrom('', '&', '=', '&&=&', 'limit', 'limit=&limit=', '%', 'a[b]=1', '__proto__=1', 'constructor[prototype]=1') },
  );
}

function pathOf(endpoint: EndpointParams, known: Known): fc.Arbitrary<string> {
  const holes = endpoint.path.split('/').filter((s) => /^\{.+\}$/.test(s)).length;
  return fc.array(urlValue(known), { minLength: holes, maxLength: holes }).map((values) => {
    let i = 0;
    return endpoint.path.replace(/\{[^}]+\}/g, () => values[i++] ?? '');
  });
}

/** JSON-ish values for body fields: wrong types, edges, real ids. */
function fieldValue(known: Known): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: rawValue(known) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(1e308), fc.constant(-1)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  );
}

const ORDER_FIELDS = ['salt', 'maker', 'signer', 'taker', 'tokenId', 'makerAmount', 'takerAmount', 'side', 'signatureType', 'timestamp', 'expiration', 'nonce', 'feeRateBps', 'signature', 'metadata', 'builder'];
const ITEM_FIELDS = ['owner', 'orderType', 'postOnly', 'deferExec', 'token_id', 'side', 'orderID'];

function bodyOf(endpoint: EndpointParams, target: FuzzTarget): fc.Arbitrary<string | undefined> {
  const { known, trader } = target;
  const value = fieldValue(known);
  const hostileObject = fc.dictionary(fc.constantFrom(...ITEM_FIELDS, '__proto__', 'extra'), value, { maxKeys: 5 });
  // A good order of the trader's with one field (of the order or of the item) replaced.
  const mutatedOrder = fc
    .tuple(fc.constantFrom(...known.tokenIds), fc.constantFrom('BUY', 'SELL'), fc.constantFrom(...ORDER_FIELDS, ...ITEM_FIELDS, 'order'), value, fc.boolean())
    .map(([token, side, field, v, keep]) => {
      const item = trader.order(token, side as 'BUY' | 'SELL', '0.5', '10') as Record<string, unknown> & { order: Record<string, unknown> };
      if (keep) return item;
      if (ORDER_FIELDS.includes(field)) item.order = { ...item.order, [field]: v };
      else item[field] = v;
      return item;
    });
  const priceItem = fc.record({ token_id: fc.oneof(fc.constantFrom(...known.tokenIds), value), side: value }, { requiredKeys: [] });
  const json = (a: fc.Arbitrary<unknown>): fc.Arbitrary<string | undefined> => a.map((v) => JSON.stringify(v));
  const garbage = fc.oneof(
    fc.constantFrom('', '[', '{"a":', 'null', '0', '"x"', '[[]]', '[null]', '{}', '[' + '['.repeat(2000), '\u0000', '\ufeff[]', '[1,]', '{"__proto__":{"x":1}}'),
    fc.string({ unit: 'grapheme', maxLength: 60 }),
    fc.json({ maxDepth: 3 }),
  );
  const specific: Array<fc.Arbitrary<string | undefined>> = [];
  const key = `${endpoint.method} ${endpoint.path}`;
  if (key === 'POST /orders') specific.push(json(fc.array(fc.oneof(mutatedOrder, hostileObject), { maxLength: 17 })));
  if (key === 'POST /prices' || key === 'POST /last-trades-prices') specific.push(json(fc.array(fc.oneof(priceItem, value), { maxLength: 12 })), json(fc.constant(Array.from({ length: 501 }, () => ({ token_id: known.tokenIds[0] })))));
  if (key === 'DELETE /order') specific.push(json(fc.record({ orderID: value }, { requiredKeys: [] })));
  if (key === 'DELETE /orders') specific.push(json(fc.array(value, { maxLength: 12 })));
  return fc.oneof({ weight: 1, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: garbage }, ...specific.map((arbitrary) => ({ weight: 5, arbitrary })));
}

/** L1 headers: sometimes a good ClobAuth signature, with hostile nonces, addresses and timestamps. */
function l1HeadersOf(known: Known): fc.Arbitrary<Record<string, string>> {
  const key = `0x${'42'.repeat(32)}`;
  const good = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }).map((nonce) => ({ kind: 'good' as const, nonce: String(nonce) }));
  const field = fc.tuple(fc.constantFrom('SERVICE_ADDRESS', 'SERVICE_SIGNATURE', 'SERVICE_TIMESTAMP', 'SERVICE_NONCE'), rawValue(known));
  // Nonces around the uint256 edge, sent beside an otherwise good address and timestamp.
  const nonce = fc
    .oneof(fc.bigInt({ min: 2n ** 255n, max: 2n ** 256n - 1n }), fc.bigInt({ min: 2n ** 256n, max: 10n ** 78n - 1n }), fc.bigInt({ min: 0n, max: 2n ** 300n }))
    .map((n) => ['SERVICE_NONCE', String(n)] as [string, string]);
  return fc.tuple(fc.oneof(good, fc.constant({ kind: 'none' as const, nonce: '0' })), fc.array(fc.oneof(field, nonce), { maxLength: 3 })).map(([base, overrides]) => {
    const headers: Record<string, string> = {};
    if (base.kind === 'good') {
      const timestamp = String(Date.now());
      Object.assign(headers, {
        SERVICE_ADDRESS: privateKeyToAddress(key),
        SERVICE_TIMESTAMP: timestamp,
        SERVICE_NONCE: base.nonce,
        SERVICE_SIGNATURE: signClobAuth(key, { timestamp, nonce: base.nonce }, 31337),
      });
    }
    for (const [name, v] of overrides) headers[name] = headerSafe(v);
    return headers;
  });
}

/** Header values cannot carry control characters or non-Latin-1 text over HTTP/1.1. */
function headerSafe(v: string): string {
  return v.replace(/[^\x20-\x7e]/g, '').slice(0, 4000);
}

export function fuzzRequests(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const { known } = target;
  return fc.constantFrom(...(ENDPOINTS as readonly EndpointParams[])).chain((endpoint) => {
    const isL1 = endpoint.path.startsWith('/auth/');
    const hostileAuth = fc.dictionary(
      fc.constantFrom('SERVICE_ADDRESS', 'SERVICE_API_KEY', 'SERVICE_PASSPHRASE', 'SERVICE_TIMESTAMP', 'SERVICE_SIGNATURE'),
      rawValue(known).map(headerSafe),
      { maxKeys: 3 },
    );
    return fc.record({
      endpoint: fc.constant(endpoint),
      path: pathOf(endpoint, known),
      query: queryOf(endpoint, known),
      body: endpoint.method === 'GET' ? fc.oneof({ weight: 5, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: bodyOf(endpoint, target) }) : bodyOf(endpoint, target),
      contentType: fc.constantFrom(
        'application/json', 'application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded',
        'application/jsonx', ';;;', 'application/json; charset', undefined,
      ),
      signing: fc.constantFrom<Signing>('good', 'good', 'good', 'none', 'garbage'),
      headers: isL1 ? l1HeadersOf(known) : hostileAuth,
    });
  });
}

export interface FuzzReply {
  status: number;
  /** The answer's body as text (empty when it hung). */
  body: string;
  /** Set when no answer came within the time limit. */
  hung?: true;
}

/**
 * Venue-profile B: what is wrong with an error answer's body, or undefined when it is the venue's
 * shape (a JSON object with a non-empty `error` for a person and a `code`) or not an error.
 */
export function errorShapeProblem(reply: FuzzReply): string | undefined {
  if (reply.hung || reply.status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(reply.body);
  } catch {
    return `HTTP ${reply.status} with a body that is not JSON: ${JSON.stringify(reply.body.slice(0, 200))}`;
  }
  const b = body as Record<string, unknown> | null;
  if (typeof b !== 'object' || b === null || Array.isArray(b)) return `HTTP ${reply.status} with a body that is not an object: ${reply.body.slice(0, 200)}`;
  if (typeof b['error'] !== 'string' || b['error'] === '' || typeof b['code'] !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(b['code'])) {
    return `HTTP ${reply.status} without the venue's {error, code}: ${reply.body.slice(0, 200)}`;
  }
  if ('statusCode' in b) return `HTTP ${reply.status} in Fastify's own shape: ${reply.body.slice(0, 200)}`;
  return undefined;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** Sends one request over loopback; the status, or `hung` after `timeoutMs`. */
export function sendFuzz(target: FuzzTarget, r: FuzzRequest, timeoutMs = 5_000): Promise<FuzzReply> {
  const base = new URL(target.urls[`${r.endpoint.surface}_url`]);
  const path = `${base.pathname}${r.path}${r.query ? `?${r.query}` : ''}`;
  const headers: Record<string, string> = {};
  if (r.signing !== 'none' && !r.endpoint.path.startsWith('/auth/')) {
    const signed = l2Headers(target.trader.creds, target.trader.address, r.endpoint.method, r.path, r.body ?? '');
    if (r.signing === 'garbage') signed['SERVICE_SIGNATURE'] = `${'A'.repeat(43)}=`;
    Object.assign(headers, signed);
  }
  Object.assign(headers, r.headers);
  if (r.body !== undefined) {
    // Framed explicitly: Node's client sends a GET body unframed, which no server could read.
    headers['content-length'] = String(Buffer.byteLength(r.body));
    if (r.contentType !== undefined) headers['content-type'] = r.contentType;
  }
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method: r.endpoint.method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 0, body: '', hung: true });
    }, timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    if (r.body !== undefined) req.write(r.body);
    req.end();
  });
}

/** `GET /time`: the venue still answers (a bare number of seconds). */
export async function stillAnswers(urls: VenueUrls): Promise<boolean> {
  const res = await fetch(`${urls.trading_url}/time`, { signal: AbortSignal.timeout(5_000) });
  return res.status === 200 && Number.isFinite(Number(await res.text()));
}

/** One line for a failing example: what was sent. */
export function describeFuzz(r: FuzzRequest): string {
  return `${r.endpoint.method} ${r.endpoint.surface}${r.path}${r.query ? `?${r.query}` : ''} signing=${r.signing} headers=${JSON.stringify(r.headers)} body=${JSON.stringify(r.body?.slice(0, 400))}`;
}

export function closeFuzzAgent(): void {
  agent.destroy();
}
