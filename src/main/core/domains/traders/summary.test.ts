// A trader through the core against the real local venue: their row of each leaderboard window
// as the whole board ranks them (none where they are not ranked), their name, positions and
// trades as the venue answers them — and, with the venue gone, the same from the cache, stale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startTestVenue } from '../../../../venue/test-support.js';
import { userDataFile } from '../../user-data/store.js';
import { caller, coreFor, coreForFile } from '../../test-support.js';

const h = coreForFile();

const PERIODS = ['DAY', 'WEEK', 'MONTH', 'ALL'] as const;
type Entry = { rank: string; proxyWallet: string; userName: string; pnl: number; vol: number };
type Summary = { data: { address: string; name?: string; pseudonym?: string; periods: Array<{ period: string; rank?: string; pnl?: number; vol?: number }> }; stale: boolean };
type Row = { asset?: string; transactionHash?: string };

const venueData = async <T>(path: string): Promise<T> => (await (await fetch(`${h.venue.urls.data_url}${path}`)).json()) as T;

/** The whole leaderboard of a window, page by page, as the venue ranks it. */
async function board(period: string): Promise<Entry[]> {
  const out: Entry[] = [];
  for (let offset = 0; ; offset += 50) {
    const page = await venueData<Entry[]>(`/v1/leaderboard?timePeriod=${period}&limit=50&offset=${offset}`);
    out.push(...page);
    if (page.length < 50) return out;
  }
}

describe('a trader', () => {
  it('stands in each window where the whole leaderboard ranks them, and is unranked where it does not', async () => {
    const boards = Object.fromEntries(await Promise.all(PERIODS.map(async (p) => [p, await board(p)] as const)));
    const inDay = new Set(boards['DAY']!.map((e) => e.proxyWallet));
    // Ranked over all time but not today, and last: past the board's first page (a read without
    // the user filter misses them) and not first (a rank counted within the filtered list says 1).
    const wallet = boards['ALL']!.filter((e) => !inDay.has(e.proxyWallet)).at(-1)?.proxyWallet;
    expect(wallet, 'a wallet ranked over ALL but not in the last day').toBeDefined();
    const got = await h.ok<Summary>('traders.get', { address: wallet!.toUpperCase().replace('0X', '0x') });
    expect(got.stale).toBe(false);
    expect(got.data.address).toBe(wallet);
    for (const period of PERIODS) {
      const row = boards[period]!.find((e) => e.proxyWallet === wallet);
      const mine = got.data.periods.find((p) => p.period === period);
      expect(mine, period).toEqual(row ? { period, rank: row.rank, pnl: row.pnl, vol: row.vol } : { period });
    }
    expect(got.data.periods.find((p) => p.period === 'DAY')).toEqual({ period: 'DAY' });
    expect(Number(got.data.periods.find((p) => p.period === 'ALL')?.rank)).toBeGreaterThan(25);
    const named = h.venue.db.prepare('SELECT name, pseudonym FROM wallets WHERE address = ?').get(wallet) as { name: string; pseudonym: string };
    expect(got.data.name).toBe(named.name);
    const commented = (h.venue.db.prepare('SELECT COUNT(*) AS n FROM comments WHERE user_address = ?').get(wallet) as { n: number }).n > 0;
    expect(got.data.pseudonym).toBe(commented ? named.pseudonym : undefined);
  });

  it('who never traded is unranked in every window, not an error', async () => {
    const nobody = '0x' + '7e'.repeat(20);
    const got = await h.ok<Summary>('traders.get', { address: nobody });
    expect(got.data).toEqual({ address: nobody, periods: PERIODS.map((period) => ({ period })) });
    expect((await h.fails('traders.get', { address: 'someone' })).code).toBe('INVALID_INPUT');
  });

  it('has the positions and trades the venue gives for the wallet, and keeps no value snapshot of someone else', async () => {
    const wallet = (h.venue.db.prepare('SELECT wallet FROM positions WHERE size >= 1000000 GROUP BY wallet ORDER BY COUNT(*) DESC LIMIT 1').get() as { wallet: string }).wallet;
    const positions = await h.ok<{ data: Row[] }>('portfolio.positions', { address: wallet, limit: 500 });
    expect(positions.data.length).toBeGreaterThan(0);
    expect(positions.data.map((p) => p.asset)).toEqual((await venueData<Row[]>(`/positions?user=${wallet}&limit=500`)).map((p) => p.asset));
    const trades = await h.ok<{ data: Row[] }>('portfolio.trades', { address: wallet, limit: 20 });
    expect(trades.data.length).toBeGreaterThan(0);
    expect(trades.data.map((t) => t.transactionHash)).toEqual((await venueData<Row[]>(`/trades?user=${wallet}&limit=20&takerOnly=false`)).map((t) => t.transactionHash));
    // The value history is the user's own accounts' only.
    const db = new Database(userDataFile(h.dir, 'local'), { readonly: true });
    try {
      expect(db.prepare('SELECT COUNT(*) AS n FROM snapshots WHERE account = ?').get(wallet)).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('is served from the cache, marked stale, when the venue cannot be reached', async () => {
    const own = await startTestVenue();
    const dir = mkdtempSync(join(tmpdir(), 'kairos-trader-offline-'));
    try {
      const first = coreFor(dir, own);
      const wallet = (await (await fetch(`${own.urls.data_url}/v1/leaderboard?timePeriod=ALL&limit=1`)).json() as Entry[])[0]!.proxyWallet;
      const fresh = await caller(() => first).ok<Summary>('traders.get', { address: wallet });
      first.close();
      await own.stop();
      // An hour later, past every freshness window: the venue is asked, fails, and the cache answers.
      const later = coreFor(dir, own, { clock: { now: () => Date.now() + 3_600_000 }, http: { policy: { timeoutMs: 1000, retries: 0 } } });
      try {
        const stale = await caller(() => later).ok<Summary>('traders.get', { address: wallet });
        expect(stale.stale).toBe(true);
        expect(stale.data).toEqual(fresh.data);
      } finally {
        later.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
