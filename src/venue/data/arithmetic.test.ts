// Positions, holders and the leaderboard against a small ledger checked by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, setMeta } from '../db/open.js';
import { Ledger, rebuildDerived } from '../ledger.js';
import { startTestVenue, type TestVenue } from '../test-support.js';

const NOW = Date.UTC(2026, 10, 1, 12);
const HOUR = 3_600_000;
const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const C = '0x' + 'c'.repeat(40);
const M = '0x' + '1'.repeat(64);
const N = '0x' + '2'.repeat(64);
const u = (x: number) => Math.round(x * 1e6);

let venue: TestVenue;
let dir: string;

function seedFixture(dataDir: string): void {
  const db = openDb(dataDir);
  setMeta(db, 'seed', '0');
  setMeta(db, 'size', 'fixture');
  db.prepare("INSERT INTO creators VALUES (?, 'kairos')").run(A);
  const wallet = db.prepare("INSERT INTO wallets VALUES (?, ?, ?, '', '', NULL, 0, 1, 0)");
  wallet.run(A, 'alice', 'Able-Ant');
  wallet.run(B, 'bob', 'Brave-Bee');
  wallet.run(C, 'carol', 'Calm-Cat');
  db.prepare("INSERT INTO tags VALUES (1, 'Politics', 'politics', 'POLITICS', 0, 0, 0)").run();
  db.prepare("INSERT INTO events (id, ticker, slug, title, description, resolution_source, image, icon, start_date, end_date, creation_date, created_at, updated_at, active, closed, archived, category) VALUES (1, 'e', 'e', 'E?', '', '', '', '', 0, ?, 0, 0, 0, 1, 0, 0, 'POLITICS')").run(NOW + 10 * 24 * HOUR);
  const market = db.prepare(
    `INSERT INTO markets (id, condition_id, question_id, question, slug, description, resolution_source, image, icon, start_date, end_date, created_at, updated_at,
       event_id, status, outcomes, winner_index, creator, tick_size, min_size, maker_base_fee, taker_base_fee, category)
     VALUES (?, ?, '0x', ?, ?, '', '', '', '', 0, ?, 0, 0, 1, ?, '["Yes","No"]', ?, ?, 10000, 5, 0, 0, 'POLITICS')`,
  );
  market.run(1, M, 'Will the fixture pass?', 'm', NOW + 24 * HOUR, 'active', null, A);
  market.run(2, N, 'Did the fixture resolve?', 'n', NOW - 24 * HOUR, 'resolved', 0, A);
  const token = db.prepare('INSERT INTO tokens VALUES (?, ?, ?, ?)');
  for (const [c, base] of [[M, 10], [N, 20]] as const) {
    token.run(String(base), c, 0, 'Yes');
    token.run(String(base + 1), c, 1, 'No');
  }
  const ledger = new Ledger(db);
  const e = (wallet: string, c: string, o: number, side: 'BUY' | 'SELL', role: 'T' | 'M', price: number, size: number) => ({ wallet, conditionId: c, outcomeIndex: o, side, role, price: u(price), size: u(size) });
  // N: a mint, then the market resolves Yes.
  ledger.recordMatch({ ts: NOW - 120 * HOUR, txHash: '0x01', entries: [e(A, N, 0, 'BUY', 'T', 0.3, 10), e(B, N, 1, 'BUY', 'M', 0.7, 10)] });
  // M: a mint three days ago, then two trades an hour ago.
  ledger.recordMatch({ ts: NOW - 72 * HOUR, txHash: '0x02', entries: [e(A, M, 0, 'BUY', 'T', 0.4, 100), e(B, M, 1, 'BUY', 'M', 0.6, 100)] });
  ledger.recordMatch({ ts: NOW - HOUR, txHash: '0x03', entries: [e(C, M, 0, 'BUY', 'T', 0.55, 50), e(A, M, 0, 'SELL', 'M', 0.55, 50)] });
  ledger.recordMatch({ ts: NOW - HOUR + 1000, txHash: '0x04', entries: [e(B, M, 1, 'SELL', 'T', 0.5, 40), e(C, M, 1, 'BUY', 'M', 0.5, 40)] });
  db.close();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-fixture-'));
  seedFixture(dir);
  venue = await startTestVenue({ dataDir: dir, now: () => NOW });
});
afterAll(async () => {
  await venue.stop();
  rmSync(dir, { recursive: true, force: true });
});

type Pos = Record<string, unknown>;
const byAsset = (list: Pos[]) => Object.fromEntries(list.map((p) => [p['asset'] as string, p]));

describe('positions from the ledger', () => {
  it('average cost, realised and unrealised P&L', async () => {
    const { status, body } = await venue.get('data', `/positions?user=${A}`);
    expect(status).toBe(200);
    const p = byAsset(body as Pos[]);
    expect(p[`${M}:0`]).toMatchObject({
      size: 50, avgPrice: 0.4, initialValue: 20, curPrice: 0.55, currentValue: 27.5, cashPnl: 7.5, percentPnl: 37.5,
      totalBought: 100, realizedPnl: 7.5, percentRealizedPnl: 18.75, redeemable: false, mergeable: false,
      outcome: 'Yes', oppositeOutcome: 'No', oppositeAsset: `${M}:1`, title: 'Will the fixture pass?',
    });
    expect(p[`${N}:0`]).toMatchObject({ size: 10, avgPrice: 0.3, curPrice: 1, currentValue: 10, cashPnl: 7, redeemable: true });
  });

  it('a loss, and a wallet holding both outcomes is mergeable', async () => {
    const b = byAsset((await venue.get('data', `/positions?user=${B}`)).body as Pos[]);
    expect(b[`${M}:1`]).toMatchObject({ size: 60, avgPrice: 0.6, initialValue: 36, curPrice: 0.5, currentValue: 30, cashPnl: -6, realizedPnl: -4 });
    expect((b[`${M}:1`]?.['percentPnl'] as number)).toBeCloseTo(-16.6667, 4);
    expect(b[`${N}:1`]).toMatchObject({ curPrice: 0, currentValue: 0, cashPnl: -7, redeemable: false });
    const c = (await venue.get('data', `/positions?user=${C}&mergeable=true`)).body as Pos[];
    expect(c.map((x) => x['asset']).sort()).toEqual([`${M}:0`, `${M}:1`]);
    const redeem = (await venue.get('data', `/positions?user=${A}&redeemable=true`)).body as Pos[];
    expect(redeem.map((x) => x['asset'])).toEqual([`${N}:0`]);
  });

  it('sorts and filters', async () => {
    const byPnl = (await venue.get('data', `/positions?user=${A}&sortBy=CASHPNL&sortDirection=ASC`)).body as Pos[];
    expect(byPnl.map((x) => x['cashPnl'])).toEqual([7, 7.5]);
    const titled = (await venue.get('data', `/positions?user=${A}&title=RESOLVE`)).body as Pos[];
    expect(titled.map((x) => x['asset'])).toEqual([`${N}:0`]);
    const big = (await venue.get('data', `/positions?user=${A}&sizeThreshold=20`)).body as Pos[];
    expect(big.map((x) => x['asset'])).toEqual([`${M}:0`]);
  });
});

describe('holders and the leaderboard from the ledger', () => {
  it('holders ranked by balance per outcome', async () => {
    const { body } = await venue.get('data', `/holders?market=${M}`);
    const groups = body as Array<{ token: string; holders: Array<{ proxyWallet: string; amount: number; name: string }> }>;
    expect(groups.map((g) => g.token)).toEqual([`${M}:0`, `${M}:1`]);
    expect(groups[0]?.holders.map((h) => [h.name, h.amount])).toEqual([['alice', 50], ['carol', 50]]);
    expect(groups[1]?.holders.map((h) => [h.name, h.amount])).toEqual([['bob', 60], ['carol', 40]]);
    const rich = (await venue.get('data', `/holders?market=${M}&minBalance=45`)).body as typeof groups;
    expect(rich[1]?.holders.map((h) => h.name)).toEqual(['bob']);
  });

  it('ALL: realised plus unrealised P&L, and volume', async () => {
    const pnl = (await venue.get('data', '/v1/leaderboard?timePeriod=ALL')).body as Pos[];
    expect(pnl.map((x) => [x['rank'], x['userName'], x['pnl'], x['vol']])).toEqual([
      ['1', 'alice', 22, 70.5],
      ['2', 'carol', 0, 47.5],
      ['3', 'bob', -17, 87],
    ]);
    const vol = (await venue.get('data', '/v1/leaderboard?timePeriod=ALL&orderBy=VOL')).body as Pos[];
    expect(vol.map((x) => x['userName'])).toEqual(['bob', 'alice', 'carol']);
  });

  it('DAY counts only the last 24 hours; user and userName pick one entry', async () => {
    const day = (await venue.get('data', '/v1/leaderboard?timePeriod=DAY&orderBy=VOL')).body as Pos[];
    expect(day.map((x) => [x['userName'], x['vol'], x['pnl']])).toEqual([
      ['carol', 47.5, 0],
      ['alice', 27.5, 0],
      ['bob', 20, 0],
    ]);
    const one = (await venue.get('data', `/v1/leaderboard?timePeriod=ALL&user=${B}`)).body as Pos[];
    expect(one).toEqual([expect.objectContaining({ rank: '3', proxyWallet: B })]);
    const named = (await venue.get('data', '/v1/leaderboard?timePeriod=ALL&userName=CAROL')).body as Pos[];
    expect(named).toEqual([expect.objectContaining({ rank: '2', userName: 'carol' })]);
  });

  it('category keeps only markets of that category', async () => {
    expect(((await venue.get('data', '/v1/leaderboard?timePeriod=ALL&category=POLITICS')).body as Pos[]).length).toBe(3);
    expect((await venue.get('data', '/v1/leaderboard?timePeriod=ALL&category=SPORTS')).body).toEqual([]);
  });

  it('trades: taker side by default, both sides on request, newest first', async () => {
    const taker = (await venue.get('data', `/trades?market=${M}`)).body as Pos[];
    expect(taker.map((t) => [t['name'], t['side'], t['size'], t['price']])).toEqual([
      ['bob', 'SELL', 40, 0.5],
      ['carol', 'BUY', 50, 0.55],
      ['alice', 'BUY', 100, 0.4],
    ]);
    const all = (await venue.get('data', `/trades?market=${M}&takerOnly=false`)).body as Pos[];
    expect(all).toHaveLength(6);
    const cash = (await venue.get('data', `/trades?takerOnly=false&filterType=CASH&filterAmount=27.5`)).body as Pos[];
    expect(cash.every((t) => (t['usdcSize'] as number) >= 27.5)).toBe(true);
    expect(cash).toHaveLength(4);
  });

  it('the incremental ledger equals a rebuild from the fills', () => {
    const dump = () => venue.db.prepare('SELECT * FROM positions ORDER BY wallet, condition_id, outcome_index').all();
    const before = dump();
    rebuildDerived(venue.db);
    expect(dump()).toEqual(before);
  });
});

describe('positions kept between reads', () => {
  it('follow a wallet’s own fills at once, and a rebuild of the ledger', async () => {
    const sizes = async (w: string) => Object.fromEntries(((await venue.get('data', `/positions?user=${w}&sizeThreshold=0`)).body as Pos[]).map((p) => [p['asset'], p['size']]));
    const before = { a: await sizes(A), b: await sizes(B) };
    expect(before.a[`${M}:0`]).toBe(50);
    // Alice buys 10 more Yes from carol: alice's and carol's positions move, bob's stay.
    new Ledger(venue.db).recordMatch({
      ts: NOW - 60_000, txHash: '0x05',
      entries: [
        { wallet: A, conditionId: M, outcomeIndex: 0, side: 'BUY', role: 'T', price: u(0.6), size: u(10) },
        { wallet: C, conditionId: M, outcomeIndex: 0, side: 'SELL', role: 'M', price: u(0.6), size: u(10) },
      ],
    });
    expect((await sizes(A))[`${M}:0`]).toBe(60);
    expect((await sizes(C))[`${M}:0`]).toBe(40);
    expect(await sizes(B)).toEqual(before.b);
    // A rebuild from the fills starts every kept view afresh and gives the same answer.
    const a = (await venue.get('data', `/positions?user=${A}`)).body;
    rebuildDerived(venue.db);
    expect((await venue.get('data', `/positions?user=${A}`)).body).toEqual(a);
  });
});
