// Venue-profile C over HTTP: API keys from wallet signatures, and signed requests.
import { statSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hmacSignature, privateKeyToAddress, signClobAuth } from '../../shared/crypto/index.js';
import { ApiKeyCreds } from '../../shared/spec/index.js';
import { startTestVenue, TEST_ANCHOR, type TestVenue } from '../test-support.js';
import { Trader } from '../trading/test-trader.js';
import { MASTER_KEY_FILE } from './keys.js';

const KEY = `0x${'42'.repeat(32)}`;
const ADDRESS = privateKeyToAddress(KEY);

function l1(prefix: string, key = KEY, timestamp = String(Math.floor(Date.now() / 1000)), nonce = '0', address = ADDRESS): Record<string, string> {
  return { [`${prefix}_ADDRESS`]: address, [`${prefix}_SIGNATURE`]: signClobAuth(key, { timestamp, nonce }, 31337), [`${prefix}_TIMESTAMP`]: timestamp, [`${prefix}_NONCE`]: nonce };
}

async function call(venue: TestVenue, method: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${venue.urls.trading_url}${path}`, { method, headers });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

let dir: string;
let venue: TestVenue;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-auth-'));
  venue = await startTestVenue({ dataDir: dir, size: 'small', seed: 7, anchor: TEST_ANCHOR });
});
afterAll(async () => {
  await venue?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('API keys (L1)', () => {
  it('derive before create is a 404; create returns credentials; both agree afterwards', async () => {
    const nonce = '7';
    const before = await call(venue, 'GET', '/auth/derive-api-key', l1('SERVICE', KEY, undefined, nonce));
    expect(before.status).toBe(404);
    const created = await call(venue, 'POST', '/auth/api-key', l1('SERVICE', KEY, undefined, nonce));
    expect(created.status).toBe(200);
    const creds = ApiKeyCreds.parse(created.body);
    expect(creds.apiKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(creds.secret).toMatch(/^[A-Za-z0-9_-]{43}=$/);
    expect(creds.passphrase).toMatch(/^[0-9a-f]{64}$/);
    expect((await call(venue, 'POST', '/auth/api-key', l1('SERVICE', KEY, undefined, nonce))).body).toEqual(created.body);
    expect((await call(venue, 'GET', '/auth/derive-api-key', l1('SERVICE', KEY, undefined, nonce))).body).toEqual(created.body);
    const other = await call(venue, 'POST', '/auth/api-key', l1('SERVICE', KEY, undefined, '8'));
    expect(other.body['apiKey']).not.toBe(creds.apiKey);
  });

  it('keeps no secret in the database, gives a new wallet its paper cash, and keeps the master key private', () => {
    const rows = venue.db.prepare('SELECT * FROM api_keys').all() as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['address', 'api_key', 'created_at', 'nonce', 'passphrase_hash']);
    expect(venue.db.prepare('SELECT cash FROM balances WHERE address = ?').get(ADDRESS.toLowerCase())).toEqual({ cash: 10_000_000_000 });
    expect(statSync(join(dir, MASTER_KEY_FILE)).mode & 0o777).toBe(0o600);
  });

  it('refuses a signature by another key, a stale timestamp and a missing header', async () => {
    const forged = await call(venue, 'POST', '/auth/api-key', l1('SERVICE', `0x${'43'.repeat(32)}`, undefined, '0', ADDRESS));
    expect(forged).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    const stale = await call(venue, 'POST', '/auth/api-key', l1('SERVICE', KEY, String(Math.floor(Date.now() / 1000) - 120)));
    expect(stale).toMatchObject({ status: 401, body: { code: 'STALE_TIMESTAMP' } });
    const headers = l1('SERVICE');
    delete headers['SERVICE_SIGNATURE'];
    const missing = await call(venue, 'POST', '/auth/api-key', headers);
    expect(missing).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect(String(missing.body['error'])).toContain('SERVICE_SIGNATURE');
  });
});

describe('signed requests (L2)', () => {
  it('accept millisecond and second timestamps; refuse a wrong passphrase, another address and a stale time', async () => {
    const t = await Trader.create(venue.urls);
    const send = (headers: Record<string, string>) => fetch(`${venue.urls.trading_url}/balance-allowance`, { headers }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }));
    expect((await send(t.headers('GET', '/balance-allowance'))).status).toBe(200);
    const secs = String(Math.floor(Date.now() / 1000));
    expect((await send({ ...t.headers('GET', '/balance-allowance'), SERVICE_TIMESTAMP: secs, SERVICE_SIGNATURE: hmacSignature(t.creds.secret, secs, 'GET', '/balance-allowance') })).status).toBe(200);
    expect(await send({ ...t.headers('GET', '/balance-allowance'), SERVICE_PASSPHRASE: 'f'.repeat(64) })).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    expect(await send({ ...t.headers('GET', '/balance-allowance'), SERVICE_ADDRESS: ADDRESS })).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
    const old = String(Date.now() - 60_000);
    expect(await send({ ...t.headers('GET', '/balance-allowance'), SERVICE_TIMESTAMP: old, SERVICE_SIGNATURE: hmacSignature(t.creds.secret, old, 'GET', '/balance-allowance') })).toMatchObject({
      status: 401,
      body: { code: 'STALE_TIMESTAMP' },
    });
    expect(await send({ ...t.headers('GET', '/balance-allowance'), SERVICE_SIGNATURE: hmacSignature(t.creds.secret, secs, 'GET', '/balance') })).toMatchObject({ status: 401, body: { code: 'INVALID_SIGNATURE' } });
    expect(await send({ ...t.headers('GET', '/balance-allowance'), SERVICE_API_KEY: '00000000-0000-4000-8000-000000000000' })).toMatchObject({ status: 401, body: { code: 'INVALID_API_KEY' } });
  });

  it('honour a configured header prefix, and then only that one', async () => {
    const poly = await startTestVenue({ settings: { headerPrefix: 'POLY' } });
    try {
      expect((await call(poly, 'POST', '/auth/api-key', l1('SERVICE'))).status).toBe(401);
      expect((await call(poly, 'POST', '/auth/api-key', l1('POLY'))).status).toBe(200);
      const t = await Trader.create(poly.urls, undefined, { headerPrefix: 'POLY' });
      expect((await t.send('GET', '/balance-allowance')).status).toBe(200);
    } finally {
      await poly.stop();
    }
  });

  it('keep working after a restart on the same data dir', async () => {
    const t = await Trader.create(venue.urls, KEY);
    await venue.stop();
    venue = await startTestVenue({ dataDir: dir, size: 'small', seed: 7, anchor: TEST_ANCHOR });
    const again = await Trader.create(venue.urls, KEY);
    expect(again.creds).toEqual(t.creds);
    const res = await fetch(`${venue.urls.trading_url}/balance-allowance`, { headers: t.headers('GET', '/balance-allowance') });
    expect(res.status).toBe(200);
  });
});
