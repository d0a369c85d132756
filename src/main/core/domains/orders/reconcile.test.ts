// Orders whose answer was lost, reconciled by the watcher against the real local venue: alike
// orders never count the same trade, a fill found is told once, on a venue with open orders and
// on one that offers only the spec.
import { describe, expect, it, vi } from 'vitest';
import type { PaperAccount } from '../../../../venue/account.js';
import { hashId } from '../../../../venue/ids.js';
import { startTestVenue, type TestVenue } from '../../../../venue/test-support.js';
import type { Core } from '../../index.js';
import { caller, coreForFile, sellInto, tradable, type TradableMarket } from '../../test-support.js';
import { isPost, relay } from './test-support.js';

const h = coreForFile();

type Result = { success: boolean; status?: string; orderId?: string; code?: string };
type Journal = Array<{ orderId: string; state: string; sizeMatched: string; code?: string; message?: string }>;
type Seen = Array<[string, Record<string, unknown>]>;

const fills = (seen: Seen) => seen.filter(([n, p]) => n === 'notices.raised' && p['kind'] === 'fill').map(([, p]) => p);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the venue itself holds of the wallet's orders: id → micro tokens filled. */
const venueFilled = (v: TestVenue, address: string) =>
  new Map((v.db.prepare('SELECT id, filled FROM orders WHERE wallet = ?').all(address.toLowerCase()) as Array<{ id: string; filled: number }>).map((o) => [o.id, o.filled]));

describe('lost orders alike in token, side and price', () => {
  it('never count the same trade: the one the venue filled is filled and told once, the other keeps looking until given up', async () => {
    const m = tradable(h.venue, 2);
    const time = { ms: 0 };
    const seen: Seen = [];
    // Every answer to the batch is lost, and open orders can never be read.
    const r = await relay(h.venue, (method, url) => (isPost(method, url) ? 'cut' : url.includes('/data/orders') ? 'drop' : undefined));
    const core = r.start({ watch: { everyMs: 100 }, clock: { now: () => Date.now() + time.ms }, emit: (name, payload) => seen.push([name, payload as Record<string, unknown>]) });
    const via = caller(() => core);
    try {
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await via.ok<{ id: string; address: string }>('accounts.createLocal');
      const line = { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.04', size: '5' };
      const results = await via.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [line, line] });
      expect(results.map((x) => [x.status, x.code])).toEqual([['unknown', 'ANSWER_LOST'], ['unknown', 'ANSWER_LOST']]);
      const [first, second] = results.map((x) => x.orderId as string);
      // Another trader sells into one of them: the venue fills the first in line.
      await sellInto(h.venue, m, 0, '0.04', '5');
      expect(venueFilled(h.venue, acct.address)).toEqual(new Map([[first, 5_000_000], [second, 0]]));

      await vi.waitFor(async () => {
        const journal = await via.ok<Journal>('orders.journal', { accountId: acct.id });
        expect(journal.find((j) => j.orderId === first)).toMatchObject({ state: 'filled', sizeMatched: '5' });
      }, { timeout: 5000, interval: 50 });
      await pause(500); // more passes
      const other = (await via.ok<Journal>('orders.journal', { accountId: acct.id })).find((j) => j.orderId === second);
      expect(other).toMatchObject({ state: 'unknown', sizeMatched: '0', code: 'ANSWER_LOST' });
      expect(seen).toContainEqual(['orders.updated', { accountId: acct.id, orderIds: [first] }]);
      expect(fills(seen)).toHaveLength(1);
      expect(fills(seen)[0]).toMatchObject({ kind: 'fill', title: 'Order filled', accountId: acct.id, orderId: first, conditionId: m.cid });
      expect(fills(seen)[0]?.['body']).toMatch(/^Buy 5 .+ at 4¢ · /);

      time.ms = 10 * 60_000;
      await vi.waitFor(async () => {
        const row = (await via.ok<Journal>('orders.journal', { accountId: acct.id })).find((j) => j.orderId === second);
        expect(row).toMatchObject({ state: 'unknown', sizeMatched: '0', code: 'NOT_FOUND' });
        expect(row?.message).toMatch(/not found on the venue after 10 minutes; check its trades/);
      }, { timeout: 5000, interval: 50 });
      expect(fills(seen)).toHaveLength(1);
      time.ms = 0;
      await via.ok('orders.cancel', { accountId: acct.id, all: true });
    } finally {
      core.close();
      await r.close();
    }
  });
});

describe('a lost order found in open orders', () => {
  it('tells the part that matched before it was found, once', async () => {
    const m = tradable(h.venue, 3);
    let blind = true;
    const seen: Seen = [];
    const r = await relay(h.venue, (method, url) => (isPost(method, url) ? 'cut' : blind && url.includes('/data/orders') ? 'drop' : undefined));
    // No watcher: the open-orders read below is the only look.
    const core = r.start({ watch: false, emit: (name, payload) => seen.push([name, payload as Record<string, unknown>]) });
    const via = caller(() => core);
    try {
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const acct = await via.ok<{ id: string }>('accounts.createLocal');
      const [sent] = await via.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.04', size: '10' }] });
      expect(sent).toMatchObject({ status: 'unknown' });
      await sellInto(h.venue, m, 0, '0.04', '5');
      blind = false;
      await via.ok('orders.open', { accountId: acct.id });
      expect((await via.ok<Journal>('orders.journal', { accountId: acct.id }))[0]).toMatchObject({ orderId: sent?.orderId, state: 'partly_filled', sizeMatched: '5' });
      expect(fills(seen)).toHaveLength(1);
      expect(fills(seen)[0]).toMatchObject({ title: 'Order partly filled', orderId: sent?.orderId });
      expect(fills(seen)[0]?.['body']).toMatch(/^Buy 5 of 10 /);
      await via.ok('orders.open', { accountId: acct.id });
      expect(fills(seen)).toHaveLength(1);
      await via.ok('orders.cancel', { accountId: acct.id, all: true });
    } finally {
      core.close();
      await r.close();
    }
  });
});

/** Another trader, made on the venue itself (a spec-only venue issues no API keys), sells into the book. */
function sellDirect(v: TestVenue, m: TradableMarket, index: number, price: number, size: number): void {
  const wallet = `0x${hashId(`seller|${Date.now()}|${Math.random()}`).slice(2, 42)}`;
  v.exchange.fund(wallet, 100_000_000);
  v.exchange.mint(wallet, m.cid, size, 500_000);
  const token = v.exchange.token(m.tokens[index] as string);
  if (!token) throw new Error(`no token ${m.tokens[index]}`);
  const placed = v.exchange.place({ id: hashId(`sell|${wallet}`), owner: 'seller', wallet, token, side: 'SELL', price, size, type: 'FAK', postOnly: false, expiration: 0, body: '{}' });
  if (!placed.ok) throw new Error(`the sell was refused: ${placed.message}`);
}

describe('on a venue that offers only the spec', () => {
  it('a lost order filled through its trades is told once, across later passes and a restart', async () => {
    const venue = await startTestVenue({ specOnly: true, representation: 'varied' });
    const d = venue.orderDomain;
    const profile = { id: 'spec', kind: 'remote' as const, name: 'Spec-only', signing: { source: 'custom' as const, domain: { name: d.name, version: d.version, chainId: d.chainId, exchange: d.verifyingContract, negRiskExchange: d.negRiskVerifyingContract } } };
    const r = await relay(venue, (method, url) => (isPost(method, url) ? 'cut' : undefined));
    const seen: Seen = [];
    const start = () => r.start({ watch: { everyMs: 100 }, emit: (name, payload) => seen.push([name, payload as Record<string, unknown>]) }, profile);
    let core: Core = start();
    const via = caller(() => core);
    try {
      const m = tradable(venue, 1);
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      const a = venue.account as PaperAccount;
      const acct = await via.ok<{ id: string }>('accounts.import', { privateKey: a.private_key, apiKey: a.api_key, secret: a.secret, passphrase: a.passphrase });
      const [sent] = await via.ok<Result[]>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[1], side: 'BUY', price: '0.03', size: '5' }] });
      expect(sent).toMatchObject({ status: 'unknown', code: 'ANSWER_LOST' });
      sellDirect(venue, m, 1, 30_000, 5_000_000);
      await vi.waitFor(async () => {
        expect((await via.ok<Journal>('orders.journal', { accountId: acct.id }))[0]).toMatchObject({ orderId: sent?.orderId, state: 'filled', sizeMatched: '5' });
        expect(fills(seen)).toHaveLength(1);
      }, { timeout: 5000, interval: 50 });
      expect(fills(seen)[0]).toMatchObject({ title: 'Order filled', accountId: acct.id, orderId: sent?.orderId, conditionId: m.cid });
      expect(seen).toContainEqual(['orders.updated', { accountId: acct.id, orderIds: [sent?.orderId] }]);
      await pause(500);
      core.close();
      core = start();
      await via.ok('accounts.unlock', { passphrase: 'pw' });
      await pause(500);
      expect(fills(seen)).toHaveLength(1);
      expect((await via.ok<Journal>('orders.journal', { accountId: acct.id }))[0]).toMatchObject({ state: 'filled', sizeMatched: '5' });
    } finally {
      core.close();
      await r.close();
      await venue.stop();
    }
  });
});
