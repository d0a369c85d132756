// A venue killed (SIGKILL) in the middle of a stream of orders comes back with books, orders,
// fills, positions and cash that agree, and nothing it acknowledged is lost.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { rebuildDerived } from '../ledger.js';
import { prepareWorld, startVenue, type VenueUrls } from '../server.js';
import { TEST_ANCHOR, venueCliArgs } from '../test-support.js';
import { walletPrivateKey } from '../world/trading.js';
import { Trader } from './test-trader.js';


describe('crash safety', () => {
  it('loses and duplicates nothing when killed mid-stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kairos-crash-'));
    try {
      const db = prepareWorld({ dataDir: dir, size: 'small', seed: 7, anchor: TEST_ANCHOR });
      const wallets = (db.prepare('SELECT COUNT(*) AS n FROM wallets').get() as { n: number }).n;
      const keyOf = new Map<string, string>();
      for (let i = 0; i < wallets; i++) keyOf.set(Trader.addressOf(walletPrivateKey(7, i)).toLowerCase(), walletPrivateKey(7, i));
      const pos = db
        .prepare(
          `SELECT p.wallet, t.token_id, p.size, m.min_size, m.tick_size FROM positions p
           JOIN markets m ON m.condition_id = p.condition_id AND m.status = 'active' AND m.neg_risk = 0 AND m.taker_delay = 0 AND m.screening = 0
           JOIN tokens t ON t.condition_id = p.condition_id AND t.outcome_index = p.outcome_index
           ORDER BY p.size DESC LIMIT 1`,
        )
        .get() as { wallet: string; token_id: string; size: number; min_size: number; tick_size: number };
      db.close();

      const child = spawn(process.execPath, [...venueCliArgs(), '--data-dir', dir, '--no-simulator', '--no-rate-limit'], { stdio: ['ignore', 'pipe', 'ignore'] });
      const urls = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve))) as VenueUrls;
      const seller = await Trader.create(urls, keyOf.get(pos.wallet));
      const buyer = await Trader.create(urls);
      const size = String(pos.min_size);
      const tick = pos.tick_size / 1e6;
      const acked: string[] = [];
      let sent = 0;
      const stream = (async () => {
        for (let i = 0; sent < 400; i++) {
          const trader = i % 2 === 0 ? buyer : seller;
          const items = Array.from({ length: 5 }, (_, k) =>
            trader === buyer ? buyer.order(pos.token_id, 'BUY', (tick * (1 + ((i + k) % 10))).toFixed(4), size) : seller.order(pos.token_id, 'SELL', tick.toFixed(4), size, { type: 'FAK' }),
          );
          sent += items.length;
          try {
            const r = await trader.post(items);
            for (const x of r.body) if (x['success']) acked.push(String(x['orderID']));
          } catch {
            return; // the venue died under this request
          }
        }
      })();
      while (acked.length < 40 && sent < 400) await new Promise((r) => setTimeout(r, 5));
      expect(sent).toBeLessThan(400); // killed mid-stream, not after it
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await Promise.all([stream, exited]);

      const venue = await startVenue({ dataDir: dir });
      try {
        const vdb = venue.db;
        // Everything acknowledged survived.
        const stored = new Set((vdb.prepare('SELECT id FROM orders').all() as Array<{ id: string }>).map((r) => r.id));
        expect(acked.length).toBeGreaterThanOrEqual(40);
        for (const id of acked) expect(stored.has(id)).toBe(true);
        // Orders and fills agree: the buyer only rested (maker), the seller only took.
        const b = buyer.address.toLowerCase();
        const s = seller.address.toLowerCase();
        const sum = (sql: string, ...args: unknown[]): number => (vdb.prepare(sql).get(...args) as { v: number | null }).v ?? 0;
        const buyerFilled = sum('SELECT SUM(filled) AS v FROM orders WHERE wallet = ?', b);
        expect(buyerFilled).toBeGreaterThan(0);
        expect(sum("SELECT SUM(size) AS v FROM fills WHERE wallet = ? AND role = 'M'", b)).toBe(buyerFilled);
        expect(sum("SELECT SUM(size) AS v FROM fills WHERE wallet = ? AND role = 'T' AND tx_hash IN (SELECT tx_hash FROM fills WHERE wallet = ?)", s, b)).toBe(buyerFilled);
        expect(sum('SELECT COUNT(*) AS v FROM (SELECT match_id FROM fills GROUP BY match_id HAVING COUNT(*) <> 2)')).toBe(0);
        // Cash moved exactly by the fills.
        const spent = sum('SELECT SUM(usdc + fee) AS v FROM fills WHERE wallet = ?', b);
        expect(venue.exchange.cash(b)).toBe(10_000_000_000 - spent);
        // Derived views match a rebuild from the fills alone.
        const snapshot = vdb.prepare('SELECT * FROM positions ORDER BY wallet, condition_id, outcome_index').all();
        rebuildDerived(vdb);
        expect(vdb.prepare('SELECT * FROM positions ORDER BY wallet, condition_id, outcome_index').all()).toEqual(snapshot);
        // The reloaded book is exactly the live orders' remainders.
        const live = vdb.prepare("SELECT price, SUM(size - filled) AS size FROM orders WHERE token_id = ? AND status = 'live' AND side = 'BUY' GROUP BY price ORDER BY price DESC").all(pos.token_id);
        expect(venue.exchange.book(pos.token_id).depth('BUY')).toEqual(live);
      } finally {
        await venue.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
