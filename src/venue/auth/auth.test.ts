// Venue-profile C over HTTP: API keys from wallet signatures (L1), and signed requests (L2).
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacSignature, privateKeyToAddress, signClobAuth } from '@shared/crypto/index.js';
import { ApiKeyCreds } from '@shared/spec/index.js';
import { surface, type VenueContext } from '../http.js';
import { BUCKETS, RateLimiter } from '../rate-limit.js';
import { buildApp } from '../server.js';
import { DEFAULT_SETTINGS } from '../settings.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from '../test-support.js';
import { connect, createApiKey, deriveApiKey, l1Headers, l2Headers, type ApiCreds } from './client.js';
import { MASTER_KEY_FILE } from './keys.js';
import { verifyL2 } from './verify.js';

const KEY = `0x${'42'.repeat(32)}`;
const OTHER_KEY = `0x${'43'.repeat(32)}`;
const ADDRESS = privateKeyToAddress(KEY);
const PAPER_CASH = 10_000_000_000; // 10,000 in micro units

/** A fresh throwaway key per test, so tests never share a wallet. */
let keyCounter = 0;
function freshKey(): string {
  return `0x${(0x1000 + ++keyCounter).toString(16).padStart(64, '0')}`;
}

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

async function call(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<Reply> {
  const res = await fetch(`${base}${path}`, { method, headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) }, body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let venue: TestVenue;

beforeAll(async () => {
  venue = await startTestVenue();
});
afterAll(async () => {
  await venue?.stop();
});

describe('API keys (L1)', () => {
  it('derive before create is a 404; create answers credentials; create again and derive give the same', async () => {
    const key = freshKey();
    const before = await call(venue.urls.trading_url, 'GET', '/auth/derive-api-key', l1Headers(key));
    expect(before).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    await expect(deriveApiKey(venue.urls.trading_url, key)).rejects.toThrow(/HTTP 404/);

    const created = await call(venue.urls.trading_url, 'POST', '/auth/api-key', l1Headers(key));
    expect(created.status).toBe(200);
    const creds = ApiKeyCreds.parse(created.body);
    expect(Object.keys(created.body).sort()).toEqual(['apiKey', 'passphrase', 'secret']);
    expect(creds.apiKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(creds.secret).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(creds.passphrase).toMatch(/^[0-9a-f]{64}$/);

    expect(await createApiKey(venue.urls.trading_url, key)).toEqual(creds);
    expect(await deriveApiKey(venue.urls.trading_url, key)).toEqual(creds);
    // Another nonce is another key; a nonce written with leading zeros is the same number.
    const other = await createApiKey(venue.urls.trading_url, key, {}, '8');
    expect(other.apiKey).not.toBe(creds.apiKey);
    expect(await deriveApiKey(venue.urls.trading_url, key, {}, '008')).toEqual(other);
  });

  it('gives a new wallet its paper cash once, never overwriting a balance', async () => {
    const key = freshKey();
    const wallet = privateKeyToAddress(key).toLowerCase();
    const cash = () => venue.db.prepare('SELECT cash FROM balances WHERE address = ?').get(wallet) as { cash: number } | undefined;
    expect(cash()).toBeUndefined();
    await createApiKey(venue.urls.trading_url, key);
    expect(cash()).toEqual({ cash: PAPER_CASH });
    venue.db.prepare('UPDATE balances SET cash = 1234 WHERE address = ?').run(wallet);
    await createApiKey(venue.urls.trading_url, key);
    await createApiKey(venue.urls.trading_url, key, {}, '1');
    expect(cash()).toEqual({ cash: 1234 });
  });

  it('stores no secret: only the key, lowercase address, nonce and a passphrase hash', async () => {
    const creds = await createApiKey(venue.urls.trading_url, KEY, {}, '5');
    const row = venue.db.prepare('SELECT * FROM api_keys WHERE api_key = ?').get(creds.apiKey) as Record<string, unknown>;
    expect(Object.keys(row).sort()).toEqual(['address', 'api_key', 'created_at', 'nonce', 'passphrase_hash']);
    expect(row).toMatchObject({ address: ADDRESS.toLowerCase(), nonce: '5' });
    expect(row['passphrase_hash']).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(creds.passphrase);
    expect(JSON.stringify(row)).not.toContain(creds.secret);
  });

  it('keeps the master key in a private 32-byte file', async () => {
    await createApiKey(venue.urls.trading_url, KEY);
    const file = join(venue.dataDir, MASTER_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).length).toBe(32);
  });

  it('refuses a signature by another key, a stale timestamp, a missing header and a bad address', async () => {
    const base = venue.urls.trading_url;
    const forged = { ...l1Headers(OTHER_KEY), SERVICE_ADDRESS: ADDRESS };
    expect(await call(base, 'POST', '/auth/api-key', forged)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect(await call(base, 'GET', '/auth/derive-api-key', forged)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    // Signed for another nonce than the one sent.
    const otherNonce = { ...l1Headers(KEY, {}, '1'), SERVICE_NONCE: '2' };
    expect(await call(base, 'POST', '/auth/api-key', otherNonce)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    // Signed for another chain.
    expect(await call(base, 'POST', '/auth/api-key', l1Headers(KEY, { chainId: 1 }))).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });

    const stale = l1Headers(KEY, {}, '0', Date.now() - 120_000);
    expect(await call(base, 'POST', '/auth/api-key', stale)).toMatchObject({ status: 401, body: { code: 'STALE_TIMESTAMP' } });
    const seconds = String(Math.floor(Date.now() / 1000));
    const inSeconds = { ...l1Headers(KEY), SERVICE_TIMESTAMP: seconds, SERVICE_SIGNATURE: signClobAuth(KEY, { timestamp: seconds, nonce: '0' }, 31337) };
    expect((await call(base, 'POST', '/auth/api-key', inSeconds)).status).toBe(200);

    for (const name of ['SERVICE_ADDRESS', 'SERVICE_SIGNATURE', 'SERVICE_TIMESTAMP']) {
      const headers = l1Headers(KEY);
      delete headers[name];
      const missing = await call(base, 'POST', '/auth/api-key', headers);
      expect(missing).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
      expect(String(missing.body['error'])).toContain(name);
    }
    // The nonce header is optional and means 0.
    const noNonce = l1Headers(KEY);
    delete noNonce['SERVICE_NONCE'];
    expect((await call(base, 'POST', '/auth/api-key', noNonce)).body).toEqual(await createApiKey(base, KEY, {}, '0'));

    const badAddress = await call(base, 'POST', '/auth/api-key', { ...l1Headers(KEY), SERVICE_ADDRESS: '0x1234' });
    expect(badAddress).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect(String(badAddress.body['error'])).toContain('SERVICE_ADDRESS');
  });

  it('answers a nonce outside uint256 with a 400 naming the header, never a 5xx', async () => {
    const base = venue.urls.trading_url;
    const huge = '9'.repeat(78); // above 2^256 - 1, yet 78 digits
    const headers = { ...l1Headers(KEY), SERVICE_NONCE: huge };
    for (const [method, path] of [['POST', '/auth/api-key'], ['GET', '/auth/derive-api-key']] as const) {
      const r = await call(base, method, path, headers);
      expect(r).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMETER', param: 'SERVICE_NONCE' } });
      expect(String(r.body['error'])).toContain('SERVICE_NONCE');
      const word = await call(base, method, path, { ...l1Headers(KEY), SERVICE_NONCE: 'ten' });
      expect(word).toMatchObject({ status: 400, body: { code: 'INVALID_PARAMETER', param: 'SERVICE_NONCE' } });
    }
    // The largest uint256 is still a nonce.
    const max = ((1n << 256n) - 1n).toString();
    expect((await call(base, 'POST', '/auth/api-key', l1Headers(KEY, {}, max))).status).toBe(200);
  });

  it('refuses to start on a master key file shorter than 32 bytes, naming the file and what to do', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-venue-'));
    try {
      writeFileSync(join(dir, MASTER_KEY_FILE), Buffer.alloc(16, 7), { mode: 0o600 });
      await expect(startTestVenue({ dataDir: dir, size: 'small', seed: 7, anchor: TEST_ANCHOR, threads: false })).rejects.toThrow(
        new RegExp(`${MASTER_KEY_FILE} holds 16 bytes, not 32.*move it away`),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('honours a configured header prefix, and then refuses the default one', async () => {
    const poly = await startTestVenue({ settings: { headerPrefix: 'POLY' } });
    try {
      const refused = await call(poly.urls.trading_url, 'POST', '/auth/api-key', l1Headers(KEY));
      expect(refused).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
      expect(String(refused.body['error'])).toContain('POLY_ADDRESS');
      const creds = await createApiKey(poly.urls.trading_url, KEY, { headerPrefix: 'POLY' });
      expect(await deriveApiKey(poly.urls.trading_url, KEY, { headerPrefix: 'POLY' })).toEqual(creds);
      // Header names are case-insensitive.
      const lower = Object.fromEntries(Object.entries(l1Headers(KEY, { headerPrefix: 'poly' })).map(([k, v]) => [k.toLowerCase(), v]));
      expect((await call(poly.urls.trading_url, 'GET', '/auth/derive-api-key', lower)).body).toEqual(creds);
    } finally {
      await poly.stop();
    }
  });

  it('gives the same credentials after a restart on the same data dir, and other ones elsewhere', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-auth-'));
    const world = { dataDir: dir, size: 'small' as const, seed: 7, anchor: TEST_ANCHOR };
    try {
      let v = await startTestVenue(world);
      const first = await createApiKey(v.urls.trading_url, KEY);
      await v.stop();
      v = await startTestVenue(world);
      try {
        expect(await deriveApiKey(v.urls.trading_url, KEY)).toEqual(first);
        expect(await createApiKey(v.urls.trading_url, KEY)).toEqual(first);
      } finally {
        await v.stop();
      }
      // Another venue has another master key, hence other credentials for the same wallet.
      expect(await createApiKey(venue.urls.trading_url, KEY)).not.toEqual(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('signed requests (L2)', () => {
  // A signed echo route on an app sharing the test venue's database and data dir, with a clock
  // the tests set.
  let clock = Date.now();
  let app: FastifyInstance;
  let base: string;
  let session: { address: string; creds: ApiCreds };

  beforeAll(async () => {
    const ctx: VenueContext = {
      db: venue.db,
      limiter: new RateLimiter(0),
      now: () => clock,
      settings: DEFAULT_SETTINGS,
      exchange: venue.exchange,
      dataDir: venue.dataDir,
    };
    app = buildApp(ctx);
    void app.register(
      async (scope) => {
        const s = surface(scope, ctx, BUCKETS.tradingAll, 'trading');
        s.post('/echo', [], (req) => ({ ...verifyL2(req, ctx, '/echo'), body: req.body ?? null }));
        s.get('/echo', [], (req) => verifyL2(req, ctx, '/echo'));
      },
      { prefix: '/trading' },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/trading`;
    session = await connect(venue.urls.trading_url, KEY);
  });
  afterAll(async () => {
    await app?.close();
  });

  const BODY = '{"hello": "world", "n": [1, 2, 3]}';
  const signed = (method: string, body?: string, at = clock) => l2Headers(session.creds, session.address, method, '/echo', body, at);

  it('passes a good signature with a millisecond or a second timestamp', async () => {
    clock = Date.now();
    const ok = await call(base, 'POST', '/echo', signed('POST', BODY), BODY);
    expect(ok).toEqual({ status: 200, body: { apiKey: session.creds.apiKey, address: ADDRESS.toLowerCase(), body: JSON.parse(BODY) } });
    expect((await call(base, 'GET', '/echo', signed('GET'))).status).toBe(200);
    const seconds = Math.floor(clock / 1000);
    const inSeconds = { ...signed('POST', BODY), SERVICE_TIMESTAMP: String(seconds), SERVICE_SIGNATURE: hmacSignature(session.creds.secret, String(seconds), 'POST', '/echo', BODY) };
    expect((await call(base, 'POST', '/echo', inSeconds, BODY)).status).toBe(200);
    // The venue checks in node:crypto what clients sign with the shared code: same UTF-8 bytes.
    const unicode = '{"q": "Élection — 東京 🗳", "lone": "\ud800"}';
    expect((await call(base, 'POST', '/echo', signed('POST', unicode), unicode)).status).toBe(200);
  });

  it('refuses a body altered by one byte, another path or method, and a signature by another secret', async () => {
    clock = Date.now();
    const altered = await call(base, 'POST', '/echo', signed('POST', BODY), BODY.replace('world', 'worle'));
    expect(altered).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    // Re-serialised JSON is not the text that was signed.
    expect(await call(base, 'POST', '/echo', signed('POST', BODY), JSON.stringify(JSON.parse(BODY)))).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    const wrongPath = { ...signed('GET'), SERVICE_SIGNATURE: hmacSignature(session.creds.secret, String(clock), 'GET', '/trading/echo') };
    expect(await call(base, 'GET', '/echo', wrongPath)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect(await call(base, 'GET', '/echo', signed('POST'))).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    const otherSecret = { ...signed('GET'), SERVICE_SIGNATURE: hmacSignature('A'.repeat(43) + '=', String(clock), 'GET', '/echo') };
    expect(await call(base, 'GET', '/echo', otherSecret)).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect(await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_SIGNATURE: 'x' })).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
  });

  it('holds timestamps to the freshness window either way', async () => {
    clock = Date.now();
    const window = DEFAULT_SETTINGS.freshnessSeconds * 1000;
    expect((await call(base, 'GET', '/echo', signed('GET', undefined, clock - window))).status).toBe(200);
    expect((await call(base, 'GET', '/echo', signed('GET', undefined, clock + window))).status).toBe(200);
    for (const at of [clock - window - 1000, clock + window + 1000]) {
      expect(await call(base, 'GET', '/echo', signed('GET', undefined, at))).toMatchObject({ status: 401, body: { code: 'STALE_TIMESTAMP' } });
    }
    const headers = signed('GET');
    clock += window + 1000; // the venue's clock moved on since signing
    expect(await call(base, 'GET', '/echo', headers)).toMatchObject({ status: 401, body: { code: 'STALE_TIMESTAMP' } });
    expect(await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_TIMESTAMP: 'soon' })).toMatchObject({ status: 401, body: { code: 'STALE_TIMESTAMP' } });
  });

  it('refuses a wrong passphrase, an unknown key and another address, without echoing secrets', async () => {
    clock = Date.now();
    const wrongPass = await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_PASSPHRASE: 'f'.repeat(64) });
    expect(wrongPass).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    // The venue remembers the passphrase that last matched, never one that did not.
    expect((await call(base, 'GET', '/echo', signed('GET'))).status).toBe(200);
    expect(await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_PASSPHRASE: 'f'.repeat(64) })).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    expect(await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_PASSPHRASE: session.creds.passphrase.slice(0, 63) })).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    const unknown = await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_API_KEY: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    const other = await connect(venue.urls.trading_url, OTHER_KEY);
    const mismatch = await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_ADDRESS: other.address });
    expect(mismatch).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    // Any case of the right address is the same address.
    expect((await call(base, 'GET', '/echo', { ...signed('GET'), SERVICE_ADDRESS: ADDRESS.toLowerCase() })).status).toBe(200);
    for (const reply of [wrongPass, unknown, mismatch]) {
      const text = JSON.stringify(reply.body);
      expect(text).not.toContain(session.creds.secret);
      expect(text).not.toContain(session.creds.passphrase);
    }
  });

  it('names a missing header', async () => {
    clock = Date.now();
    for (const name of ['SERVICE_ADDRESS', 'SERVICE_API_KEY', 'SERVICE_PASSPHRASE', 'SERVICE_TIMESTAMP', 'SERVICE_SIGNATURE']) {
      const headers = signed('GET');
      delete headers[name];
      const reply = await call(base, 'GET', '/echo', headers);
      expect(reply).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
      expect(String(reply.body['error'])).toContain(name);
    }
  });
});
