// Resolved markets through the core, against the real local venue: where a market stands, what a
// redemption pays (exactly), the account's cash and positions after it, a second redemption in
// words; and on a deployment without POST /redeem (spec-only), NOT_OFFERED, asked once.
import { describe, expect, it } from 'vitest';
import type { PaperAccount } from '../../../../venue/account.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import { coreForFile, tradable, venueProfile, type CoreHarness, type TradableMarket } from '../../test-support.js';

type Resolution = { conditionId: string; state: string; winner?: number; outcomes: Array<{ tokenId: string; outcome: string; settles?: string }>; words: string; redeem: string };
type Redeemed = { conditionId: string; redeemed: Array<{ tokenId: string; outcome?: string; size: string; payout: string }>; payout: string; words: string };
type Position = { outcomeIndex?: number; conditionId?: string; size?: number; redeemable?: boolean; curPrice?: number };

const asked: string[] = [];
const counting: typeof fetch = (url, init) => {
  asked.push(`${init?.method ?? 'GET'} ${new URL(String(url)).pathname}`);
  return fetch(url, init);
};

/** The core's clock, moved past the few seconds market reads are kept (signed requests stay inside the venue's 30 s window). */
const skew = { ms: 0 };
const later = (): void => void (skew.ms += 5_001);
const h = coreForFile({ core: { clock: { now: () => Date.now() + skew.ms } } });
const spec = coreForFile({ venue: { specOnly: true, representation: 'varied' }, core: { http: { fetch: counting, policy: { timeoutMs: 2000, retries: 0 } } } });

const resolution = async (x: CoreHarness, cid: string): Promise<Resolution> => (await x.ok<{ data: Resolution[] }>('markets.resolution', { conditionIds: [cid] })).data[0] as Resolution;
const positionsIn = async (x: CoreHarness, address: string, cid: string) => (await x.ok<{ data: Position[] }>('portfolio.positions', { address, market: [cid], sizeThreshold: 0 })).data;
const cash = async (accountId: string) => (await h.ok<{ data: { balance: string } }>('portfolio.balance', { accountId })).data.balance;

/** Another trader rests sells of both outcomes; the account buys `yes` Yes at 0.37 and `no` No at 0.61 from them. */
async function buyBoth(m: TradableMarket, accountId: string, yes: string, no: string): Promise<void> {
  const seller = await Trader.create(h.venue.urls);
  h.venue.exchange.mint(seller.address.toLowerCase(), m.cid, 100_000_000, 500_000);
  const rest = await seller.post([seller.order(m.tokens[0] as string, 'SELL', '0.37', yes, { negRisk: m.negRisk }), seller.order(m.tokens[1] as string, 'SELL', '0.61', no, { negRisk: m.negRisk })]);
  expect(rest.body.every((r) => r.success)).toBe(true);
  const lines = [
    { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.37', size: yes, type: 'FOK' },
    { conditionId: m.cid, tokenId: m.tokens[1], side: 'BUY', price: '0.61', size: no, type: 'FOK' },
  ];
  const results = await h.ok<Array<{ success: boolean; status?: string }>>('orders.submit', { accountId, lines });
  expect(results.map((r) => [r.success, r.status])).toEqual([[true, 'matched'], [true, 'matched']]);
}

describe('a resolved market on the local venue', () => {
  it('says where a market stands: open, then trading ended, then resolved to its winner at 1 and 0', async () => {
    const m = tradable(h.venue, 3);
    expect(await resolution(h, m.cid)).toMatchObject({ conditionId: m.cid, state: 'open', words: 'Open for trading.' });
    h.venue.exchange.setMarketStatus(m.cid, 'closed');
    later();
    expect(await h.ok('markets.resolution', { conditionIds: [m.cid] })).toMatchObject({ data: [{ state: 'closed', words: 'Trading ended: the venue reports no result yet.' }] });
    h.venue.exchange.setMarketStatus(m.cid, 'resolved', 1);
    later();
    const r = await resolution(h, m.cid);
    const [yes, no] = r.outcomes.map((o) => o.outcome);
    expect(r).toMatchObject({ winner: 1, outcomes: [{ tokenId: m.tokens[0], settles: '0' }, { tokenId: m.tokens[1], settles: '1' }], redeem: 'offered' });
    expect(r.words).toBe(`Resolved: ${no} won. ${no} settles at $1, ${yes} at $0.`);
    // Several at once, an unknown one among them said in words rather than failing the rest.
    const unknown = `0x${'ab'.repeat(32)}`;
    const both = (await h.ok<{ data: Resolution[] }>('markets.resolution', { conditionIds: [m.cid, unknown] })).data;
    expect(both.map((x) => x.state)).toEqual(['resolved', 'unknown']);
    expect(both[1]?.words).toMatch(/^Could not be read: /);
    expect(await h.fails('markets.resolution', { conditionIds: [] })).toMatchObject({ code: 'INVALID_INPUT', field: 'conditionIds' });
  });

  it('redeems exactly: winners at 1, losers at 0; cash and positions follow; a second redeem has nothing to redeem', async () => {
    skew.ms = 0;
    const m = tradable(h.venue, 4);
    const acct = await h.account();
    await buyBoth(m, acct.id, '12.34', '7.5');
    expect(await h.fails('portfolio.redeem', { accountId: acct.id, conditionId: m.cid })).toMatchObject({ code: 'VENUE_ERROR', message: expect.stringMatching(/^Not redeemable yet: the market has not resolved/) });

    h.venue.exchange.setMarketStatus(m.cid, 'resolved', 0);
    const held = await positionsIn(h, acct.address, m.cid);
    expect(held.map((p) => [p.outcomeIndex, p.size, p.redeemable, p.curPrice])).toEqual(expect.arrayContaining([[0, 12.34, true, 1], [1, 7.5, false, 0]]));
    const before = await cash(acct.id);

    const paid = await h.ok<Redeemed>('portfolio.redeem', { accountId: acct.id, conditionId: m.cid });
    const labels = (await resolution(h, m.cid)).outcomes.map((o) => o.outcome);
    expect(paid).toEqual({
      conditionId: m.cid,
      redeemed: [
        { tokenId: m.tokens[0], outcome: labels[0], size: '12.34', payout: '12.34' },
        { tokenId: m.tokens[1], outcome: labels[1], size: '7.5', payout: '0' },
      ],
      payout: '12.34',
      words: `Redeemed 12.34 ${labels[0]} for $12.34 and 7.5 ${labels[1]} for $0.00: $12.34 into cash.`,
    });
    // Read again at once, not from the answers kept a few seconds before the redemption.
    const after = await cash(acct.id);
    expect(micros(after) - micros(before)).toBe(12_340_000n);
    expect((await positionsIn(h, acct.address, m.cid)).every((p) => p.size === 0 && p.redeemable === false)).toBe(true);

    const again = await h.fails('portfolio.redeem', { accountId: acct.id, conditionId: m.cid });
    expect(again).toMatchObject({ code: 'VENUE_ERROR', message: 'Nothing to redeem: this account holds no tokens of this market (already redeemed?).' });
    expect(await cash(acct.id)).toBe(after);
  });

  it('refuses an account it does not know, naming it', async () => {
    const m = tradable(h.venue, 5);
    expect(await h.fails('portfolio.redeem', { accountId: 'nobody', conditionId: m.cid })).toMatchObject({ code: 'NO_ACCOUNT', message: expect.stringContaining('nobody') });
    expect(await h.fails('portfolio.redeem', { accountId: 'x', conditionId: '' })).toMatchObject({ code: 'INVALID_INPUT', field: 'conditionId' });
  });
});

describe('a deployment without POST /redeem (spec-only)', () => {
  it('answers NOT_OFFERED in words, asks the venue once, and still shows the winner', async () => {
    const profile = await spec.ok<{ id: string }>('profiles.add', { ...venueProfile(spec.venue, 'Spec-only deployment'), kind: undefined });
    await spec.ok('profiles.switch', { id: profile.id });
    await spec.ok('accounts.unlock', { passphrase: 'pw' });
    const a = spec.venue.account as PaperAccount;
    const acct = await spec.ok<{ id: string }>('accounts.import', { privateKey: a.private_key, apiKey: a.api_key, secret: a.secret, passphrase: a.passphrase });
    const m = tradable(spec.venue, 2);
    spec.venue.exchange.mint(a.address.toLowerCase(), m.cid, 10_000_000, 500_000);
    spec.venue.exchange.setMarketStatus(m.cid, 'resolved', 0);

    asked.length = 0;
    for (let i = 0; i < 2; i++) {
      expect(await spec.fails('portfolio.redeem', { accountId: acct.id, conditionId: m.cid })).toEqual({ code: 'NOT_OFFERED', message: 'Redeeming resolved positions: not offered by this venue' });
    }
    const r = await resolution(spec, m.cid);
    expect(r).toMatchObject({ state: 'resolved', winner: 0, redeem: 'lacking' });
    expect(asked.filter((x) => x === 'POST /trading/redeem')).toHaveLength(1);
    expect((await spec.ok<{ lacks: string[] }>('venue.capabilities')).lacks).toContain('redeeming resolved positions');
  });
});

function micros(decimal: string): bigint {
  const [whole, frac = ''] = decimal.split('.');
  return BigInt(whole as string) * 1_000_000n + BigInt(frac.padEnd(6, '0'));
}
