// Price alerts through the core, on a real venue and a real user-data file: another trader moves
// a market's price across an alert's level and it fires once, re-arms when the price goes back,
// fires again on the next crossing, stays quiet while paused — whether the price is seen by a
// screen's read, by a live push or by the alerts' own timer — and keeps its firings across a restart.
import { describe, expect, it, vi } from 'vitest';
import type { Alert } from '@shared/ipc/watchlist.js';
import { Trader } from '../../../../venue/trading/test-trader.js';
import type { CoreOptions } from '../../index.js';
import { caller, coreFor, coreForFile, sellInto, tradable, type TradableMarket } from '../../test-support.js';

const h = coreForFile();

/** Another trader bids for 5 of an outcome (Yes unless said) at `price` and a third sells into it: its last trade is then `price`. */
async function tradeAt(m: TradableMarket, price: string, outcome = 0): Promise<void> {
  const buyer = await Trader.create(h.venue.urls);
  h.venue.exchange.fund(buyer.address.toLowerCase(), 100_000_000);
  const r = await buyer.post([buyer.order(m.tokens[outcome] as string, 'BUY', price, '5', { negRisk: m.negRisk })]);
  expect(r.body).toMatchObject([{ success: true }]);
  await sellInto(h.venue, m, outcome, price, '5');
}

/** A core whose clock the test moves past the price reads' freshness, recording what it raises. */
function start(opts: Partial<CoreOptions> = {}) {
  const skew = { ms: 0 };
  const notices: Array<Record<string, unknown>> = [];
  const changed: unknown[] = [];
  h.core.close();
  h.core = coreFor(h.dir, h.venue, {
    clock: { now: () => Date.now() + skew.ms },
    emit: (name, payload) => {
      if (name === 'notices.raised') notices.push(payload as Record<string, unknown>);
      if (name === 'alerts.changed') changed.push(payload);
    },
    ...opts,
  });
  const c = caller(() => h.core);
  return {
    ...c,
    notices,
    changed,
    /** A screen reads the market's quotes, a little later than the last read. */
    async look(m: TradableMarket) {
      skew.ms += 10_000;
      await c.ok('markets.quotes', { conditionId: m.cid });
    },
    later() {
      skew.ms += 60_000;
    },
  };
}

describe('price alerts', () => {
  it('fire once per crossing as another trader moves the price, re-arm when it goes back, and stay quiet while paused', async () => {
    const m = tradable(h.venue, 0);
    const app = start({ alerts: false });
    await tradeAt(m, '0.40');
    const alert = await app.ok<Alert>('alerts.create', { conditionId: m.cid, ref: 'x', condition: { kind: 'price', outcome: 0, op: '>=', price: '0.6' } });
    expect(alert).toMatchObject({ words: 'Yes ≥ 60¢', outcome: 'Yes', state: 'armed', value: '0.4', paused: false, fired: [], fireCount: 0, question: m.question });

    await tradeAt(m, '0.62');
    await app.look(m);
    expect(app.notices).toEqual([expect.objectContaining({ kind: 'alert', title: 'Alert — Yes ≥ 60¢', body: `Yes at 62¢ · ${m.question}`, conditionId: m.cid.toLowerCase() })]);
    expect(app.notices[0]).not.toHaveProperty('accountId');
    const [fired] = await app.ok<Alert[]>('alerts.list');
    expect(fired).toMatchObject({ state: 'met', value: '0.62', fireCount: 1, fired: [{ value: '0.62', at: expect.any(Number) }] });

    // Still above: no second notice, however often it is read.
    await tradeAt(m, '0.65');
    await app.look(m);
    await app.look(m);
    expect(app.notices).toHaveLength(1);

    // Back below re-arms it; the next crossing fires again.
    await tradeAt(m, '0.55');
    await app.look(m);
    expect((await app.ok<Alert[]>('alerts.list'))[0]).toMatchObject({ state: 'armed', value: '0.55', fireCount: 1 });
    expect(app.notices).toHaveLength(1);
    await tradeAt(m, '0.6');
    await app.look(m);
    expect(app.notices.map((n) => n['body'])).toEqual([`Yes at 62¢ · ${m.question}`, `Yes at 60¢ · ${m.question}`]);
    expect(app.changed).toContainEqual({ id: alert.id, fired: true });

    // Paused: crossings pass unseen.
    await app.ok('alerts.update', { id: alert.id, paused: true });
    await tradeAt(m, '0.5');
    await app.look(m);
    await tradeAt(m, '0.7');
    await app.look(m);
    expect(app.notices).toHaveLength(2);
    // Resumed while the condition holds: that is no crossing, so no notice until the next one.
    expect(await app.ok('alerts.update', { id: alert.id, paused: false })).toMatchObject({ paused: false, state: 'met', fireCount: 2 });
    await app.look(m);
    expect(app.notices).toHaveLength(2);

    // A new condition is judged against the price now: "No ≤ 20¢" with No last traded at 30¢ is armed.
    await tradeAt(m, '0.3', 1);
    const no = await app.ok<Alert>('alerts.create', { conditionId: m.cid, condition: { kind: 'price', outcome: 1, op: '<=', price: '0.2' } });
    expect(no).toMatchObject({ words: 'No ≤ 20¢', state: 'armed', value: '0.3', ref: expect.any(String) });
    await tradeAt(m, '0.19', 1);
    await app.look(m);
    expect(app.notices.at(-1)).toMatchObject({ title: 'Alert — No ≤ 20¢', body: `No at 19¢ · ${m.question}` });
    expect(app.notices).toHaveLength(3);

    // Kept across a restart: state and firings; still met, so no repeat.
    const again = start({ alerts: false });
    const kept = await again.ok<Alert[]>('alerts.list');
    expect(kept.find((a) => a.id === alert.id)).toMatchObject({ fireCount: 2, state: 'met', fired: [{ value: '0.6' }, { value: '0.62' }] });
    expect(kept.find((a) => a.id === no.id)).toMatchObject({ fireCount: 1, state: 'met' });
    await again.look(m);
    expect(again.notices).toEqual([]);
    for (const a of kept) expect(await again.ok('alerts.remove', { id: a.id })).toEqual({ removed: true });
    expect(await again.ok('alerts.list')).toEqual([]);
  });

  it('fire on a live push alone: a watched token trading across the level, with no read and no timer', async () => {
    const m = tradable(h.venue, 3);
    const app = start({ alerts: false });
    await tradeAt(m, '0.40');
    await app.ok('alerts.create', { conditionId: m.cid, condition: { kind: 'price', outcome: 0, op: '>=', price: '0.45' } });
    await app.ok('live.watch', { key: 'market-page', tokenIds: [m.tokens[0]] });
    await vi.waitFor(async () => expect(await app.ok('live.status')).toMatchObject({ state: 'live' }), { timeout: 5000, interval: 50 });
    await tradeAt(m, '0.47');
    await vi.waitFor(() => expect(app.notices).toEqual([expect.objectContaining({ kind: 'alert', title: 'Alert — Yes ≥ 45¢', body: `Yes at 47¢ · ${m.question}` })]), { timeout: 5000, interval: 50 });
    for (const a of await app.ok<Alert[]>('alerts.list')) await app.ok('alerts.remove', { id: a.id });
  });

  it('checks markets nothing reads on its own timer: a spread alert and a price alert fire without any screen open', async () => {
    const m = tradable(h.venue, 1);
    const app = start({ alerts: { everyMs: 50 } });
    await tradeAt(m, '0.30');
    await app.ok('alerts.create', { conditionId: m.cid, condition: { kind: 'price', outcome: 0, op: '<=', price: '0.25' } });
    // An empty book has no spread: armed, waiting for both sides.
    expect(await app.ok('alerts.create', { conditionId: m.cid, condition: { kind: 'spread', max: '0.02' } })).toMatchObject({ words: 'Spread ≤ 2¢', state: 'armed' });
    app.later();
    await tradeAt(m, '0.24');
    const maker = await Trader.create(h.venue.urls);
    h.venue.exchange.fund(maker.address.toLowerCase(), 100_000_000);
    h.venue.exchange.mint(maker.address.toLowerCase(), m.cid, 30_000_000, 500_000);
    await maker.post([maker.order(m.tokens[0] as string, 'BUY', '0.23', '5', { negRisk: m.negRisk }), maker.order(m.tokens[0] as string, 'SELL', '0.25', '5', { negRisk: m.negRisk })]);
    app.later();
    await vi.waitFor(() => expect(app.notices.map((n) => n['title']).sort()).toEqual(['Alert — Spread ≤ 2¢', 'Alert — Yes ≤ 25¢']), { timeout: 5000, interval: 50 });
    expect(app.notices.find((n) => n['title'] === 'Alert — Spread ≤ 2¢')?.['body']).toBe(`Spread 2¢ · ${m.question}`);
    for (const a of await app.ok<Alert[]>('alerts.list')) await app.ok('alerts.remove', { id: a.id });
  });

  it('fires on 24h volume, read from the venue’s catalog, and refuses conditions it cannot judge, naming the field', async () => {
    const m = tradable(h.venue, 2);
    const app = start({ alerts: { everyMs: 50 } });
    const volume = async () => ((await h.venue.get('catalog', `/markets?conditionId=${m.cid}`)).body as Array<{ volume24hr: number }>)[0]?.volume24hr ?? NaN;
    const before = await volume();
    expect(before).toBeGreaterThanOrEqual(0);
    // A level the market is at already: met, so it waits for the next crossing.
    expect(await app.ok('alerts.create', { conditionId: m.cid, condition: { kind: 'volume24h', min: String(before) } })).toMatchObject({ state: 'met' });
    const min = (Math.floor(before) + 1).toString();
    expect(await app.ok('alerts.create', { conditionId: m.cid, condition: { kind: 'volume24h', min } })).toMatchObject({ state: 'armed', words: `24h volume ≥ $${Number(min).toLocaleString('en-US')}.00` });
    await tradeAt(m, '0.5');
    expect(await volume()).toBeGreaterThanOrEqual(Number(min));
    app.later();
    await vi.waitFor(() => expect(app.notices).toEqual([expect.objectContaining({ title: `Alert — 24h volume ≥ $${Number(min).toLocaleString('en-US')}.00` })]), { timeout: 5000, interval: 50 });
    expect(app.notices[0]?.['body']).toMatch(/^24h volume \$[\d,]+\.\d\d · /);

    expect(await app.fails('alerts.create', { conditionId: m.cid, condition: { kind: 'price', outcome: 0, op: '>=', price: '1.2' } })).toMatchObject({ code: 'INVALID_INPUT', field: 'condition.price' });
    expect(await app.fails('alerts.create', { conditionId: m.cid, condition: { kind: 'price', outcome: 5, op: '>=', price: '0.5' } })).toMatchObject({ code: 'INVALID_INPUT', field: 'condition.outcome' });
    expect(await app.fails('alerts.create', { conditionId: m.cid, condition: { kind: 'volume24h', min: '-3' } })).toMatchObject({ code: 'INVALID_INPUT', field: 'condition.min' });
    expect(await app.fails('alerts.update', { id: 99_999, paused: true })).toMatchObject({ code: 'NOT_FOUND' });
  });
});
