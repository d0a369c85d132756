// The watcher through the core: fills on resting orders and a held market that resolves are
// told once each, across a restart too.
import { describe, expect, it, vi } from 'vitest';
import type { Core } from '../../index.js';
import { caller, coreFor, coreForFile, sellInto, tradable } from '../../test-support.js';

const h = coreForFile();

describe('the watcher', () => {
  it('tells of fills on resting orders and of a held market that resolves, once each', async () => {
    const m = tradable(h.venue, 1);
    const seen: Array<[string, Record<string, unknown>]> = [];
    const start = () => coreFor(h.dir, h.venue, { emit: (name, payload) => seen.push([name, payload as Record<string, unknown>]), watch: { everyMs: 150 } });
    const notices = (kind: string) => seen.filter(([n, p]) => n === 'notices.raised' && p['kind'] === kind).map(([, p]) => p);
    h.core.close();
    let c: Core = (h.core = start());
    const call = caller(() => c);
    await call.ok('accounts.unlock', { passphrase: 'pw' });
    const acct = await call.ok<{ id: string }>('accounts.createLocal', {});
    const [order] = await call.ok<Array<{ orderId: string; success: boolean }>>('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.30', size: '10' }] });
    expect(order?.success).toBe(true);
    await new Promise((r) => setTimeout(r, 400)); // the watcher has seen the order resting, and nothing is over yet
    expect(notices('fill')).toEqual([]);

    await sellInto(h.venue, m, 0, '0.30', '5');
    await vi.waitFor(() => expect(notices('fill')).toHaveLength(1), { timeout: 5000, interval: 50 });
    expect(notices('fill')[0]).toMatchObject({ title: 'Order partly filled', accountId: acct.id, orderId: order?.orderId, conditionId: m.cid });
    expect(notices('fill')[0]?.['body']).toMatch(/^Buy 5 of 10 Yes at 30¢ · Will /);
    await sellInto(h.venue, m, 0, '0.30', '5');
    await vi.waitFor(() => expect(notices('fill')).toHaveLength(2), { timeout: 5000, interval: 50 });
    expect(notices('fill')[1]).toMatchObject({ title: 'Order filled', orderId: order?.orderId });
    expect(notices('fill')[1]?.['body']).toMatch(/^Buy 10 .+ at 30¢ · /);
    expect(seen).toContainEqual(['orders.updated', { accountId: acct.id, orderIds: [order?.orderId] }]);
    expect((await call.ok<Array<{ state: string }>>('orders.journal', { accountId: acct.id }))[0]).toMatchObject({ state: 'filled', sizeMatched: '10' });

    expect(notices('resolved')).toEqual([]);
    h.venue.exchange.setMarketStatus(m.cid, 'resolved', 0);
    await vi.waitFor(() => expect(notices('resolved')).toHaveLength(1), { timeout: 5000, interval: 50 });
    expect(notices('resolved')[0]).toMatchObject({ title: 'Market resolved', accountId: acct.id, conditionId: m.cid });
    expect(notices('resolved')[0]?.['body']).toMatch(/ won · you hold 10 /);
    // Told once: not again on later passes, nor after a restart.
    await new Promise((r) => setTimeout(r, 500));
    c.close();
    c = h.core = start();
    await call.ok('accounts.unlock', { passphrase: 'pw' });
    await new Promise((r) => setTimeout(r, 800));
    expect(notices('resolved')).toHaveLength(1);
    expect(notices('fill')).toHaveLength(2);
  });
});
