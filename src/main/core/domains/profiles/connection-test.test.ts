// The connection test against both peers: it only reads (the venue's own request log shows no
// write), what it learns before "Add venue" stays with the profile added, and a /time found
// missing is not asked again until the venue changes or the user tests again.
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { PaperAccount } from '../../../../venue/account.js';
import { Capabilities } from '../../capabilities.js';
import { coreForFile, venueProfile, type CoreHarness } from '../../test-support.js';

const full = coreForFile();
const spec = coreForFile({ venue: { specOnly: true, representation: 'varied' } });

type TestAnswer = { surfaces: Array<{ ok: boolean }>; clockSource?: string; offers: string[]; lacks: string[] };
type CapsAnswer = { routes: Array<{ id: string; state: string }>; offers: string[]; lacks: string[] };

/** Every request the venue receives from now on, as "METHOD /path", from its own server. */
function requestLog(h: CoreHarness): string[] {
  const log: string[] = [];
  h.venue.app.server.on('request', (req: IncomingMessage) => log.push(`${req.method} ${(req.url ?? '').split('?')[0]}`));
  return log;
}

const urlsOf = (h: CoreHarness) => ({ catalogUrl: h.venue.urls.catalog_url, tradingUrl: h.venue.urls.trading_url, dataUrl: h.venue.urls.data_url });
const stateOf = (caps: CapsAnswer, id: string) => caps.routes.find((r) => r.id === id)?.state;

describe.each([
  ['the full local venue', full],
  ['a spec-only deployment', spec],
] as const)('the connection test of %s', (_name, h) => {
  it('sends reads only, for the active venue and for one being added', async () => {
    const log = requestLog(h);
    const active = await h.ok<TestAnswer>('profiles.test');
    const draft = await h.ok<TestAnswer>('profiles.test', urlsOf(h));
    expect(active.surfaces.every((s) => s.ok) && draft.surfaces.every((s) => s.ok)).toBe(true);
    expect(log.length).toBeGreaterThan(5);
    expect(log.filter((r) => !r.startsWith('GET '))).toEqual([]);
    // None of the write routes it used to send was sent, under any method.
    expect(log.filter((r) => /\/trading\/(orders|order|redeem|auth\/api-key|cancel-all)$/.test(r))).toEqual([]);
  });
});

describe('what a read cannot tell', () => {
  it('the full venue lists its write routes in /version, so they are known without being sent', async () => {
    const t = await full.ok<TestAnswer>('profiles.test');
    expect(t.offers).toEqual(expect.arrayContaining(['cancelling orders', 'redeeming resolved positions', 'creating API keys', 'the server clock']));
    expect(t.clockSource).toBe('time');
  });

  it('a spec-only deployment leaves cancel and redeem not yet known; the key endpoint is known lacking from its read half', async () => {
    const t = await spec.ok<TestAnswer>('profiles.test');
    expect(t.lacks).toEqual(expect.arrayContaining(['the server clock', 'creating API keys', 'open orders']));
    for (const w of ['cancelling orders', 'redeeming resolved positions']) {
      expect(t.lacks).not.toContain(w);
      expect(t.offers).not.toContain(w);
    }
    const caps = await spec.ok<CapsAnswer>('venue.capabilities');
    expect([stateOf(caps, 'cancel'), stateOf(caps, 'redeem')]).toEqual(['unknown', 'unknown']);
  });
});

describe('a test run before "Add venue"', () => {
  it('is kept with the profile added for the same addresses, and a missing /time is not asked again', async () => {
    // Added without a test of its addresses: nothing is known yet (the control).
    const untested = await spec.ok<{ id: string }>('profiles.add', { ...venueProfile(spec.venue, 'Untested'), kind: undefined, catalogUrl: `${spec.venue.urls.catalog_url}/` });
    await spec.ok('profiles.switch', { id: untested.id });
    expect((await spec.ok<CapsAnswer>('venue.capabilities')).routes.filter((r) => r.state !== 'unknown')).toEqual([]);

    await spec.ok<TestAnswer>('profiles.test', urlsOf(spec));
    const added = await spec.ok<{ id: string }>('profiles.add', { ...venueProfile(spec.venue, 'Tested'), kind: undefined });
    await spec.ok('profiles.switch', { id: added.id });
    const caps = await spec.ok<CapsAnswer>('venue.capabilities');
    expect(caps.lacks).toEqual(expect.arrayContaining(['the server clock', 'creating API keys', 'the order book']));
    expect(stateOf(caps, 'apiKeys')).toBe('lacking');

    // Signing on the new profile needs the venue's clock: the Date header, not the /time known missing.
    const log = requestLog(spec);
    await spec.ok('accounts.unlock', { passphrase: 'pw' });
    const a = spec.venue.account as PaperAccount;
    const acct = await spec.ok<{ id: string }>('accounts.import', { privateKey: a.private_key, apiKey: a.api_key, secret: a.secret, passphrase: a.passphrase });
    expect(await spec.fails('portfolio.balance', { accountId: acct.id })).toMatchObject({ code: 'NOT_OFFERED' });
    expect(log.filter((r) => r.endsWith('/time'))).toEqual([]);
    // Tested again, the clock is asked again (the venue may have gained it).
    await spec.ok<TestAnswer>('profiles.test');
    expect(log.filter((r) => r.endsWith('/time'))).toEqual(['GET /trading/time']);
  });

  it('keeps nothing for a profile whose addresses were not the ones tested', async () => {
    await full.ok<TestAnswer>('profiles.test', urlsOf(full));
    const other = await full.ok<{ id: string }>('profiles.add', { ...venueProfile(full.venue, 'Other'), kind: undefined, dataUrl: `${full.venue.urls.data_url}/` });
    await full.ok('profiles.switch', { id: other.id });
    expect((await full.ok<CapsAnswer>('venue.capabilities')).routes.filter((r) => r.state !== 'unknown')).toEqual([]);
    await full.ok('profiles.switch', { id: 'local' });
  });
});

describe('capabilities and the venue’s version', () => {
  it('forgets what was missing when /version answers differently, and learns what its list names', () => {
    const kept: unknown[] = [];
    const caps = new Capabilities({}, (all) => kept.push(all));
    caps.sawVersion({ version: 2 });
    caps.note('time', false);
    caps.note('book', true);
    caps.sawVersion({ version: 2 });
    expect(caps.state('time')).toBe('lacking');
    caps.sawVersion({ version: 3, capabilities: ['POST /redeem', 'GET /tags'] });
    expect([caps.state('time'), caps.state('book'), caps.state('redeem'), caps.state('tags')]).toEqual(['unknown', 'offered', 'offered', 'unknown']);
    // What is kept carries the version, so a restart still tells a change.
    const again = new Capabilities(caps.snapshot());
    again.note('time', false);
    again.sawVersion({ version: 3, capabilities: ['GET /tags', 'POST /redeem'] });
    expect(again.state('time')).toBe('lacking');
    expect(kept.length).toBeGreaterThan(0);
  });
});
