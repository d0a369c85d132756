import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from '../../../venue/test-support.js';
import { formatMicros, requireMicros as toMicros } from '@shared/domain/money.js';
import { getJson } from '../cache/test-support.js';
import { UserData } from './store.js';
import type { SnapshotStore } from './snapshots.js';

let venue: TestVenue;
let dir: string;
let user: UserData;
let cache: SnapshotStore;
let wallet: string;

beforeAll(async () => {
  venue = await startTestVenue();
  dir = mkdtempSync(join(tmpdir(), 'kairos-user-snap-'));
  user = UserData.open(dir, 'local');
  cache = user.snapshots;
  const [trade] = (await getJson(`${venue.urls.data_url}/trades?limit=1`)) as Array<{ proxyWallet: string }>;
  wallet = trade!.proxyWallet;
});
afterAll(async () => {
  user.close();
  rmSync(dir, { recursive: true, force: true });
  await venue.stop();
});

describe('portfolio snapshots', () => {
  it('record the venue positions of an account and give back exact value and cash P&L over time', async () => {
    const positions = (await getJson(`${venue.urls.data_url}/positions?user=${wallet}&limit=500`)) as Array<{ currentValue: number; cashPnl: number }>;
    expect(positions.length).toBeGreaterThan(1);
    const value = formatMicros(positions.reduce((s, p) => s + toMicros(p.currentValue), 0n));
    const pnl = formatMicros(positions.reduce((s, p) => s + toMicros(p.cashPnl), 0n));

    cache.snapshot(wallet, positions, 1_000);
    cache.snapshot(wallet, positions.slice(1), 2_000);
    cache.snapshot(wallet, [], 3_000);
    const first = positions[0]!;
    expect(cache.history(wallet)).toEqual([
      { at: 1_000, value, cashPnl: pnl },
      {
        at: 2_000,
        value: formatMicros(toMicros(value) - toMicros(first.currentValue)),
        cashPnl: formatMicros(toMicros(pnl) - toMicros(first.cashPnl)),
      },
      { at: 3_000, value: '0', cashPnl: '0' },
    ]);
    expect(cache.history(wallet.toUpperCase().replace('0X', '0x'), { from: 2_000, to: 3_000 }).map((p) => p.at)).toEqual([2_000, 3_000]);
    expect(cache.history(wallet, { to: 1_999 }).map((p) => p.at)).toEqual([1_000]);
    expect(cache.history('0x0000000000000000000000000000000000000001')).toEqual([]);
  });

  it('add money exactly and replace a snapshot taken at the same instant', () => {
    const acct = '0xexact';
    cache.snapshot(acct, [{ currentValue: 0.1, cashPnl: 0.1 }, { currentValue: '0.2', cashPnl: -0.3 }], 10);
    expect(cache.history(acct)).toEqual([{ at: 10, value: '0.3', cashPnl: '-0.2' }]);
    // Without currentValue: size × curPrice; without cashPnl: value − initialValue.
    cache.snapshot(acct, [{ size: 3, curPrice: 0.333333, initialValue: 0.5 }], 10);
    expect(cache.history(acct)).toEqual([{ at: 10, value: '0.999999', cashPnl: '0.499999' }]);
  });

  it('refuse bad input with a clear message', () => {
    expect(() => cache.snapshot('', [], 1)).toThrow(/account must be a non-empty string/);
    expect(() => cache.snapshot('0xa', [], -5)).toThrow(/snapshot time must be epoch milliseconds/);
    expect(() => cache.snapshot('0xa', [{ currentValue: 'lots' }], 1)).toThrow(/positions\[0\]\.currentValue: Invalid input/);
    expect(() => cache.snapshot('0xa', [{ size: 1 }], 1)).toThrow(/positions\[0\]: needs currentValue, or size and curPrice/);
    expect(() => cache.history('0xa', { from: 5, to: 1 })).toThrow(/history range is empty/);
    expect(() => cache.snapshot('0xa', [{ currentValue: '10000000000000' }], 1)).toThrow(/portfolio value 10000000000000 is too large to store/);
    cache.snapshot('0xa', [{ currentValue: '9000000000000.5' }], 1);
    expect(cache.history('0xa')).toEqual([{ at: 1, value: '9000000000000.5', cashPnl: '0' }]);
  });
});
