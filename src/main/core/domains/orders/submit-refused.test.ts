// A batch the venue refuses for its credentials: said to be not placed (it certainly was not),
// pointing at the account's API credentials, on both peers; a stale timestamp points at the clock.
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpStatusError } from '../../http/errors.js';
import { coreForFile, tradable, venueProfile, type CoreHarness } from '../../test-support.js';
import { authRefusal } from './orders.js';

const full = coreForFile();
const spec = coreForFile({ venue: { specOnly: true, representation: 'varied' } });

/** An account whose API credentials the venue does not know (well formed, wrong). */
async function wrongCredentials(h: CoreHarness, specOnly: boolean): Promise<{ id: string }> {
  if (specOnly) {
    const d = h.venue.orderDomain;
    const domain = { name: d.name, version: d.version, chainId: d.chainId, exchange: d.verifyingContract, negRiskExchange: d.negRiskVerifyingContract };
    const p = await h.ok<{ id: string }>('profiles.add', { ...venueProfile(h.venue, 'Deployment'), kind: undefined, signing: { source: 'custom', domain } });
    await h.ok('profiles.switch', { id: p.id });
  }
  await h.ok('accounts.unlock', { passphrase: 'pw' });
  return h.ok('accounts.import', { privateKey: randomBytes(32).toString('hex'), apiKey: randomUUID(), secret: randomBytes(32).toString('base64'), passphrase: randomBytes(32).toString('hex'), label: 'Mistyped' });
}

describe.each([
  ['the full local venue', full, false],
  ['a spec-only deployment', spec, true],
] as const)('a batch refused for its credentials by %s', (_name, h, specOnly) => {
  it('says it was not placed and points at the account’s API credentials', async () => {
    const m = tradable(h.venue);
    const acct = await wrongCredentials(h, specOnly);
    const orders = () => (h.venue.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
    const before = orders();
    const e = await h.fails('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.02', size: '5' }] });
    expect(e.code).toBe('UNAUTHORIZED');
    expect(e.message).toMatch(/^Not placed: the venue refused the batch \(401 [A-Z_]+: .+\)\. Nothing in it was placed; check the API key, secret and passphrase of the account Mistyped in Settings → Accounts\.$/);
    expect(e.message).not.toMatch(/not known/);
    expect(orders()).toBe(before);
    const journal = await h.ok<Array<{ state: string; message?: string }>>('orders.journal', { accountId: acct.id });
    expect(journal.map((j) => j.state)).toEqual(['rejected']);
  });
});

describe('a stale timestamp', () => {
  it('points at the clock, not the credentials', () => {
    const err = new HttpStatusError(401, 'POST /orders: Timestamp is outside the 30 s window', 'STALE_TIMESTAMP');
    const words = authRefusal(err, { id: 'a', profileId: 'p', address: '0xabc', apiKey: 'k', headerPrefix: 'SERVICE', createdAt: 0 }).message;
    expect(words).toBe("Not placed: the venue refused the batch (401 STALE_TIMESTAMP: Timestamp is outside the 30 s window). Nothing in it was placed; the request's time fell outside the venue's window: this computer's clock is off from the venue's (Settings → Venues → Test connection measures it).");
  });
});
