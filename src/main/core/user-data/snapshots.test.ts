// Value snapshots: exact sums, value = cash + positions, P&L = realised + unrealised, ranges,
// the replacement of a snapshot at the same instant, and clear errors.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireMicros as m } from '@shared/domain/money.js';
import { UserData } from './store.js';
import type { SnapshotStore } from './snapshots.js';

let dir: string;
let user: UserData;
let store: SnapshotStore;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-user-snap-'));
  user = UserData.open(dir, 'local');
  store = user.snapshots;
});
afterAll(() => {
  user.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('portfolio snapshots', () => {
  it('keep value = cash + positions and P&L = realised + unrealised, exactly, over time', () => {
    const wallet = '0xAbC';
    store.record(wallet, 1_000, { cash: m('9996'), positionsValue: m('4.1'), realised: 0n, unrealised: m('0.1') }, [{ asset: 'a' }]);
    store.record(wallet, 2_000, { cash: m('10000.6'), positionsValue: 0n, realised: m('0.6'), unrealised: 0n }, []);
    // A redeemed winner: the positions are gone, the cash holds the gain.
    store.record(wallet, 3_000, { cash: m('10003.03'), positionsValue: 0n, realised: m('3.03'), unrealised: 0n }, []);
    expect(store.history('0xabc')).toEqual([
      { at: 1_000, value: '10000.1', pnl: '0.1', cash: '9996', realised: '0', unrealised: '0.1' },
      { at: 2_000, value: '10000.6', pnl: '0.6', cash: '10000.6', realised: '0.6', unrealised: '0' },
      { at: 3_000, value: '10003.03', pnl: '3.03', cash: '10003.03', realised: '3.03', unrealised: '0' },
    ]);
    expect(store.history(wallet, { from: 2_000, to: 3_000 }).map((p) => p.at)).toEqual([2_000, 3_000]);
    expect(store.history(wallet, { to: 1_999 }).map((p) => p.at)).toEqual([1_000]);
    expect(store.history('0x0000000000000000000000000000000000000001')).toEqual([]);
  });

  it('without a cash balance, hold the positions alone and say so by leaving cash out', () => {
    store.record('0xnocash', 10, { positionsValue: m('7.2'), realised: m('0.6'), unrealised: m('0.63') }, []);
    store.record('0xnocash', 10, { positionsValue: m('7.3'), realised: m('0.6'), unrealised: m('0.73') }, []);
    expect(store.history('0xnocash')).toEqual([{ at: 10, value: '7.3', pnl: '1.33', realised: '0.6', unrealised: '0.73' }]);
  });

  it('leave out rows of older releases, which held the positions alone', () => {
    user.store((db) => db).prepare("INSERT INTO snapshots (account, at, value_micros, cash_pnl_micros, positions) VALUES ('0xold', 5, 12500000, -500000, '[]')").run();
    expect(store.history('0xold')).toEqual([]);
  });

  it('refuse bad input with a clear message', () => {
    const f = { positionsValue: 0n, realised: 0n, unrealised: 0n };
    expect(() => store.record('', 1, f, [])).toThrow(/account must be a non-empty string/);
    expect(() => store.record('0xa', -5, f, [])).toThrow(/snapshot time must be epoch milliseconds/);
    expect(() => store.history('0xa', { from: 5, to: 1 })).toThrow(/history range is empty/);
    expect(() => store.record('0xa', 1, { ...f, positionsValue: m('10000000000000') }, [])).toThrow(/portfolio value 10000000000000 is too large to store/);
  });
});
