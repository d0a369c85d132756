// Shared by the core's tests: a real local venue (small world) and a core on a temp data folder,
// with the calls made through the router as the renderer makes them. Each test file starts its
// own, and each test sets up what it needs, so any test passes run alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { IpcError } from '@shared/ipc/contract.js';
import { catalogChanged } from '../../venue/market-index.js';
import type { VenueOptions } from '../../venue/server.js';
import { startTestVenue, venueCliArgs, type TestVenue } from '../../venue/test-support.js';
import { Trader } from '../../venue/trading/test-trader.js';
import { createCore, type Core, type CoreOptions } from './index.js';
import { nodeVenueChild, type VenueChild } from './venue-launcher.js';
import type { ScryptParams } from './vault/vault.js';

/** The cheapest scrypt a vault file accepts (N = 2^10): the cost has its own tests in vault.test.ts. */
export const CHEAP_SCRYPT: ScryptParams = { logN: 10, r: 8, p: 1 };
import { localProfile } from './local-profile.js';

/** The venue CLI in its own process, as the app starts it (`--exit-with-parent`): built when current (venueCliArgs). */
export function testVenueChild(args: readonly string[]): VenueChild {
  return nodeVenueChild(process.execPath, [...venueCliArgs(), '--exit-with-parent', ...args]);
}

export const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

export function venueProfile(v: TestVenue, name?: string): CoreOptions['defaultProfile'] {
  return { ...localProfile(v.urls), ...(name ? { name } : {}) };
}

/** A core on `dataDir` for `venue`, quiet, checking its outputs against the contract. */
export function coreFor(dataDir: string, venue: TestVenue, opts: Partial<CoreOptions> = {}): Core {
  return createCore({
    dataDir,
    defaultProfile: venueProfile(venue),
    logger: silent,
    checkOutputs: true,
    http: { policy: { timeoutMs: 2000, retries: 1, baseDelayMs: 10 } },
    watch: false,
    statusWatch: false,
    // Tests start vaults with the short passphrase 'pw'; the strength rule has its own test.
    weakPassphrases: true,
    scrypt: CHEAP_SCRYPT,
    collectGarbage: () => undefined,
    ...opts,
  });
}

/** Calls through a core's router: `ok` returns the data or throws, `fails` returns the error. */
export function caller(core: () => Core) {
  return {
    async ok<T = unknown>(name: string, input: unknown = {}): Promise<T> {
      const r = await core().router.dispatch(name, input);
      if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
      return r.data as T;
    },
    async fails(name: string, input: unknown = {}): Promise<IpcError> {
      const r = await core().router.dispatch(name, input);
      if (r.ok) throw new Error(`${name} should have failed`);
      return r.error;
    },
  };
}

export interface TradableMarket {
  cid: string;
  tokens: string[];
  negRisk: boolean;
  question: string;
}

/**
 * The `nth` active market, made easy to trade: tick 0.01, minimum size 5, no taker delay or
 * screening, orders cancellable at once.
 */
export function tradable(venue: TestVenue, nth = 0): TradableMarket {
  const m = venue.db.prepare("SELECT condition_id, neg_risk, question FROM markets WHERE status = 'active' ORDER BY id LIMIT 1 OFFSET ?").get(nth) as { condition_id: string; neg_risk: number; question: string };
  venue.db.prepare('UPDATE markets SET tick_size = 10000, min_size = 5, taker_delay = 0, screening = 0, min_order_age = 0 WHERE condition_id = ?').run(m.condition_id);
  catalogChanged(venue.db);
  const tokens = (venue.db.prepare('SELECT token_id FROM tokens WHERE condition_id = ? ORDER BY outcome_index').all(m.condition_id) as Array<{ token_id: string }>).map((t) => t.token_id);
  return { cid: m.condition_id, tokens, negRisk: m.neg_risk === 1, question: m.question };
}

/** Another trader sells `size` of outcome `index` at `price` into the book (fill and kill). */
export async function sellInto(venue: TestVenue, m: TradableMarket, index: number, price: string, size: string): Promise<void> {
  const seller = await Trader.create(venue.urls);
  venue.exchange.mint(seller.address.toLowerCase(), m.cid, 30_000_000, 500_000);
  await seller.post([seller.order(m.tokens[index] as string, 'SELL', price, size, { type: 'FAK', negRisk: m.negRisk })]);
}

export interface CoreHarness extends ReturnType<typeof caller> {
  venue: TestVenue;
  dir: string;
  core: Core;
  /** The vault unlocked with `pw` and a new paper account on the venue. */
  account(label?: string): Promise<{ id: string; address: string; apiKey: string }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  venue?: Partial<VenueOptions>;
  core?: Partial<CoreOptions>;
}

/** A venue and a core on a temp folder; `into` is filled in place (see `coreForFile`). */
export async function startCore(opts: HarnessOptions = {}, into?: CoreHarness): Promise<CoreHarness> {
  const venue = await startTestVenue(opts.venue);
  const dir = mkdtempSync(join(tmpdir(), 'kairos-core-'));
  const h: CoreHarness = Object.assign(into ?? ({} as CoreHarness), {
    venue,
    dir,
    core: coreFor(dir, venue, opts.core),
    ...caller(() => h.core),
    async account(label) {
      await h.ok('accounts.unlock', { passphrase: 'pw' });
      return h.ok('accounts.createLocal', label ? { label } : {});
    },
    async close() {
      await h.core.close();
      await venue.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  } satisfies CoreHarness);
  return h;
}

/** One venue and core for a test file: started before its tests, closed after them. */
export function coreForFile(opts: HarnessOptions = {}): CoreHarness {
  const h = {} as CoreHarness;
  beforeAll(async () => void (await startCore(opts, h)));
  afterAll(() => h.close?.());
  return h;
}
