// The real renderer + real core + real local venue, in Debian's Chromium through the browser host.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createCore, type Core } from '../src/main/core/index.js';
import type { SecretCipher } from '../src/main/core/ports.js';
import { localProfile } from '../src/main/core/local-profile.js';
import { RENDERER_JS_FLAGS } from '../src/main/core/renderer-flags.js';
import { CHEAP_SCRYPT } from '../src/main/core/test-support.js';
import { startHost, type RunningHost } from '../src/host/server.js';
import { adminClient, type AdminClient, type TradingSettings, type World, type WorldMarket } from '../src/venue/admin-client.js';
import { hashId } from '../src/venue/ids.js';
import { startTestVenue, type TestVenue } from '../src/venue/test-support.js';
import type { SimulatorOptions } from '../src/venue/simulator.js';
import { Trader } from '../src/venue/trading/test-trader.js';

/**
 * The peer the browser suite runs against: the full local venue, or — in the `e2e-spec-only`
 * vitest project, which sets KAIROS_E2E_PEER — its spec-only mode with real deployments'
 * representations (venue-profile G), reached as a remote profile. The `e2e-misbehaving`
 * project adds `--misbehave` to that: a deployment whose answers are wrong (ignored filters,
 * contradicting surfaces, other users' comments), for the files that check what the app shows.
 */
export const MISBEHAVING = process.env['KAIROS_E2E_PEER'] === 'misbehaving';
export const SPEC_ONLY = process.env['KAIROS_E2E_PEER'] === 'spec-only' || MISBEHAVING;
export const PEER = MISBEHAVING ? 'misbehaving' : SPEC_ONLY ? 'spec-only' : 'full';
export const SHOTS = resolve(MISBEHAVING ? 'e2e/screenshots/misbehaving' : SPEC_ONLY ? 'e2e/screenshots/spec-only' : 'e2e/screenshots');
/**
 * Screenshots are for people looking at the screens (`KAIROS_SHOTS=1`); no test reads them, and
 * the suite's some 270 of them cost a Chromium encode each, so a plain run takes none.
 */
export const SHOTS_ON = process.env['KAIROS_SHOTS'] === '1';

/** Saves what the page shows as SHOTS/<name>.png, when screenshots are on. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SHOTS_ON) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}
export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const RENDERER = resolve('out/renderer');

/**
 * Chromium's own omnibox popup, a WebUI page it preloads in a renderer of its own for every
 * browser context: Electron has no omnibox, and here that renderer cost ~1 s of CPU per context
 * made and ~15% of a core while it stayed open (measured with Chromium 156 on the 2-core VM), more
 * than the app's own page. Chromium merges this list with Playwright's own --disable-features.
 */
const NOT_IN_ELECTRON = '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup';

/** Debian's Chromium, headless, with nothing reaching beyond loopback (tests and benches). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    // The page's V8 flags as Electron's main gives its renderers (renderer-flags.ts).
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
      NOT_IN_ELECTRON, `--js-flags=${RENDERER_JS_FLAGS}`,
    ],
  });
}

let sharedBrowser: Promise<Browser> | undefined;

/**
 * One Chromium per test worker, each app in a context of its own (as separate as two browsers for
 * what a page keeps): a worker runs many files in turn, and starting and stopping a browser for
 * each took about a second of two busy cores per file. It ends with the worker (its pipe closes).
 */
export function sharedChromium(): Promise<Browser> {
  sharedBrowser ??= launchChromium().then((b) => {
    b.on('disconnected', () => (sharedBrowser = undefined));
    return b;
  });
  return sharedBrowser;
}

/** Why the browser tests cannot run here, or undefined when they can. */
export function skipReason(): string | undefined {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`;
  if (!existsSync(join(RENDERER, 'index.html'))) return 'the renderer is not built (npm test builds it; or run npx electron-vite build)';
  return undefined;
}

export interface App {
  venue: TestVenue;
  /** The venue's arranging routes: tests set markets up and find things through them, never through its database file. */
  admin: AdminClient;
  core: Core;
  host: RunningHost;
  browser: Browser;
  page: Page;
  dataDir: string;
  /** Moves the core's clock forward (ms), so cached answers age past their freshness. */
  skew: { ms: number };
  shot(name: string): Promise<void>;
  /**
   * An account to trade with, the vault already unlocked: a new paper account on the full venue;
   * on the spec-only venue, which has no key endpoint, its start line's account imported.
   */
  account(label?: string): Promise<{ id: string; address: string }>;
  /** Stops the host and the core and starts new ones on the same data folder and venue, as a relaunch does; the page follows. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface AppOptions {
  size?: 'small' | 'default';
  rateLimitScale?: number;
  /**
   * The core's waits between retries of throttled lines move the venue's and the core's clocks
   * forward instead of passing: the venue sees its delay kept, the test does not wait it out.
   */
  instantRetries?: boolean;
  /**
   * The venue as a deployment with nothing beyond the spec (venue-profile G): spec-only mode with
   * real deployments' representation quirks. Its funded account and order domain are on `venue`.
   */
  specOnly?: boolean;
  /** The spec-only venue answering as a wrong deployment does (`--misbehave`); implies specOnly. */
  misbehave?: boolean;
  /**
   * On the spec-only venue: the deployment's profile is set to sign for the domain its start
   * line gives (true, the default), or left to the venue's /version, which it lacks (false).
   */
  signing?: boolean;
  /** An OS keychain for the core, as Electron's safeStorage would be (the browser host has none). */
  keychain?: SecretCipher;
  /** The world as users get it: the makers' books, and the liquidity simulator running on the venue's timer. */
  live?: { simulator: SimulatorOptions };
}

export async function startApp(opts: AppOptions = {}): Promise<App> {
  const misbehave = opts.misbehave ?? MISBEHAVING;
  const specOnly = misbehave || (opts.specOnly ?? SPEC_ONLY);
  const waited = { ms: 0 };
  const venue = await startTestVenue({
    ...(opts.size ? { size: opts.size } : {}),
    ...(opts.rateLimitScale !== undefined ? { rateLimitScale: opts.rateLimitScale } : {}),
    ...(opts.instantRetries ? { now: () => Date.now() + waited.ms } : {}),
    ...(specOnly ? { specOnly: true, representation: 'varied' as const } : {}),
    ...(misbehave ? { misbehave: true } : {}),
    ...(opts.live ? { books: true, simulator: opts.live.simulator } : {}),
    adminRoutes: true,
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'kairos-e2e-'));
  const skew = { ms: 0 };
  const hostRef: { current?: RunningHost } = {};
  const makeCore = (): Core =>
    createCore({
      emit: (name, payload) => hostRef.current?.emit(name, payload),
      clock: { now: () => Date.now() + skew.ms + waited.ms },
      ...(opts.instantRetries ? { sleep: async (ms: number) => void (waited.ms += ms) } : {}),
      dataDir,
      defaultProfile: localProfile(venue.urls),
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
      http: { policy: { timeoutMs: 2000, retries: 0 } },
      ...(opts.keychain ? { keychain: opts.keychain } : {}),
      scrypt: CHEAP_SCRYPT,
      collectGarbage: () => undefined,
    });
  const core = makeCore();
  if (specOnly) await useDeployment(core, venue, opts.signing ?? true);
  const host = await startHost({ router: core.router, rendererDir: RENDERER });
  hostRef.current = host;
  const browser = await sharedChromium();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(host.url);
  const app: App = {
    venue,
    admin: adminClient(venue.dataDir),
    core,
    host,
    browser,
    page,
    dataDir,
    skew,
    async account(label = 'Paper') {
      return specOnly ? importStartLineAccount(app.core, venue, label) : call(app.core, 'accounts.createLocal', { label });
    },
    shot: async (name) => {
      await screenshot(page, name);
    },
    async restart() {
      await app.host.close();
      await app.core.close();
      app.core = makeCore();
      app.host = await startHost({ router: app.core.router, rendererDir: RENDERER });
      hostRef.current = app.host;
      await page.goto(app.host.url);
    },
    async close() {
      await context.close();
      await app.host.close();
      await app.core.close();
      await venue.stop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return app;
}

/** The "Create a passphrase" step of a first account, shown in Settings: the passphrase typed twice, then the vault made. */
export async function createVault(page: Page, passphrase: string): Promise<void> {
  const step = page.getByRole('form', { name: 'Create a passphrase' });
  await step.getByLabel('New passphrase').fill(passphrase);
  await step.getByLabel('Confirm the passphrase').fill(passphrase);
  await step.getByRole('button', { name: /^Create the vault/ }).click();
  await page.getByText('Vault unlocked').waitFor();
}

/** Opens the first market of the list and waits until its page is the one shown; returns its question. */
export async function openFirstMarket(page: Page): Promise<string> {
  const question = (await page.locator('[data-testid=market-row] > span[title]').first().getAttribute('title')) ?? '';
  await openListedMarket(page, question);
  return question;
}

/** Opens the listed market with this question, wherever its row is now: a live list may reorder between a read and a click. */
export async function openListedMarket(page: Page, question: string): Promise<void> {
  await page.locator('[data-testid=market-row]', { has: page.locator(`span[title="${question.replace(/"/g, '\\"')}"]`) }).first().click();
  await page.getByTestId('market-question').filter({ hasText: question }).waitFor({ timeout: 15_000 });
}

/**
 * Scrolls a market page's pane through the parts that mount only when scrolled near (trades,
 * holders, comments, the event: ui/Deferred) until all have mounted, then back where it was.
 */
export async function revealMarketParts(page: Page): Promise<void> {
  await page.getByTestId('market-question').waitFor();
  const pane = page.locator('.detail');
  const top = await pane.evaluate((el) => el.scrollTop);
  const waiting = page.getByTestId('deferred');
  for (let left = await waiting.count(); left > 0; left = await waiting.count()) {
    await waiting.first().scrollIntoViewIfNeeded();
    // The observer mounts it a frame later; the count then falls.
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=deferred]').length < n, left, { timeout: 10_000 });
  }
  await pane.evaluate((el, y) => el.scrollTo(0, y), top);
}

/** A call through a core's router: its data, or an error naming the call, its code and message. */
export async function call<T>(core: Core, name: string, input: unknown = {}): Promise<T> {
  const r = await core.router.dispatch(name, input);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
  return r.data as T;
}

/** The spec-only venue as a user meets a remote deployment: added as a venue and made active. */
async function useDeployment(core: Core, venue: TestVenue, signing: boolean): Promise<void> {
  const d = venue.orderDomain;
  const profile = await call<{ id: string }>(core, 'profiles.add', {
    name: 'Spec-only deployment',
    catalogUrl: venue.urls.catalog_url,
    tradingUrl: venue.urls.trading_url,
    dataUrl: venue.urls.data_url,
    headerPrefix: 'SERVICE',
    ...(signing ? { signing: { source: 'custom', domain: { name: d.name, version: d.version, chainId: d.chainId, exchange: d.verifyingContract, negRiskExchange: d.negRiskVerifyingContract } } } : {}),
  });
  await call(core, 'profiles.switch', { id: profile.id });
}

async function importStartLineAccount(core: Core, venue: TestVenue, label: string): Promise<{ id: string; address: string }> {
  const a = venue.account;
  if (!a) throw new Error('the venue printed no account: it is not in spec-only mode');
  const listed = await call<{ accounts: Array<{ id: string; address: string }> }>(core, 'accounts.list');
  const known = listed.accounts.find((x) => x.address.toLowerCase() === a.address.toLowerCase());
  return known ?? call(core, 'accounts.import', { privateKey: a.private_key, apiKey: a.api_key, secret: a.secret, passphrase: a.passphrase, label });
}

let traders = 0;
/**
 * Someone else on the venue, with API credentials: from its key endpoint where it has one; on the
 * spec-only venue, which has none, registered by its operator through the admin routes.
 */
export async function otherTrader(venue: TestVenue): Promise<Trader> {
  if (!venue.specOnly) return Trader.create(venue.urls);
  const key = hashId(`e2e-trader:${process.pid}:${Date.now()}:${++traders}`);
  const creds = await adminClient(venue.dataDir).registerAccount(Trader.addressOf(key));
  return Trader.fromAccount(venue.urls, { address: creds.address, private_key: key, api_key: creds.apiKey, secret: creds.secret, passphrase: creds.passphrase }, venue.orderDomain);
}

/** Tick 0.01, minimum 5 shares, no taker delay, no address screening: a book a test fills itself at cent prices. */
export const EASY: TradingSettings = { tickSize: '0.01', minSize: 5, takerDelay: false, screening: false };
/** The same, and orders cancellable as soon as they rest. */
export const EASY_NOW: TradingSettings = { ...EASY, minOrderAge: 0 };

/** The venue's market with this question (and whatever else `also` asks), or an error saying none is. */
export function marketTitled(world: World, question: string, also: (m: WorldMarket) => boolean = () => true): WorldMarket {
  const m = world.markets.find((x) => x.question === question && also(x));
  if (!m) throw new Error(`no market of the venue is titled "${question}"${also.length ? ' and fits the test' : ''}`);
  return m;
}

/** The active markets of the venue, oldest first. */
export function activeMarkets(world: World): WorldMarket[] {
  return world.markets.filter((m) => m.status === 'active');
}

/** Markets per event among those `which` keeps: event id -> its markets, in id order. */
export function marketsByEvent(world: World, which: (m: WorldMarket) => boolean = () => true): Map<number, WorldMarket[]> {
  const out = new Map<number, WorldMarket[]>();
  for (const m of world.markets) if (which(m)) out.set(m.eventId, [...(out.get(m.eventId) ?? []), m]);
  return out;
}

/** A negative-risk event of `min` to `max` outcomes, every one of them open, with its markets; fails the test when the world has none. */
export function openBracket(world: World, min: number, max: number): { event: World['events'][number]; markets: WorldMarket[] } {
  const byEvent = marketsByEvent(world);
  const event = world.events.find((e) => {
    const ms = byEvent.get(e.id) ?? [];
    return e.negRisk && ms.length >= min && ms.length <= max && ms.every((m) => m.status === 'active');
  });
  if (!event) throw new Error(`the world has no negative-risk event of ${min} to ${max} open outcomes`);
  return { event, markets: byEvent.get(event.id) ?? [] };
}

/** A market as the tests name it (the venue's column names). */
export function marketRow(m: WorldMarket): { condition_id: string; question: string; neg_risk: number } {
  return { condition_id: m.conditionId, question: m.question, neg_risk: m.negRisk ? 1 : 0 };
}

/** Its first outcome's token. */
export function yesOf(m: WorldMarket): string {
  const t = m.tokens[0];
  if (t === undefined) throw new Error(`market ${m.conditionId} has no tokens`);
  return t;
}

/** A listed market whose book a test fills itself, with a funded maker holding its tokens. */
export interface QuietMarket {
  market: { condition_id: string; question: string; neg_risk: number };
  /** Its first outcome's token. */
  yes: string;
  maker: Trader;
  /** The maker rests an order on the Yes token (10 shares unless said), refused loudly. */
  quote(side: 'BUY' | 'SELL', price: string, size?: string): Promise<void>;
}

/**
 * The first market of the list, made quiet: its tick set, no delays or screening,
 * every resting order cancelled, and a maker funded with cash and 200 of each outcome.
 */
export async function quietFirstMarket(app: App, tickSize: NonNullable<TradingSettings['tickSize']>): Promise<QuietMarket> {
  const { venue, page, admin } = app;
  await page.waitForSelector('[data-testid=market-row]');
  const title = (await page.locator('[data-testid=market-row] > span[title]').first().getAttribute('title')) ?? '';
  const found = (await admin.world()).markets.find((m) => m.question === title && m.status === 'active');
  if (!found) throw new Error(`the first listed market (${title}) is not an active market of the venue`);
  const market = marketRow(found);
  await admin.setTrading(market.condition_id, { ...EASY_NOW, tickSize });
  await admin.cancelResting(market.condition_id);
  const maker = await otherTrader(venue);
  await app.admin.setCash(maker.address, '500');
  await app.admin.mint(market.condition_id, maker.address, '200');
  const yes = yesOf(found);
  const quote = async (side: 'BUY' | 'SELL', price: string, size = '10'): Promise<void> => {
    const r = await maker.post([maker.order(yes, side, price, size, { negRisk: market.neg_risk === 1 })]);
    if (!(r.body as Array<{ success?: boolean }>)[0]?.success) throw new Error(`the maker's ${side} at ${price} was refused: ${JSON.stringify(r.body)}`);
  };
  return { market, yes, maker, quote };
}

/**
 * A maker quotes the Yes token of each of a negative-risk event's outcomes (minted for it): the
 * venue's funded account where it has no key endpoint, a new trader elsewhere. Then the page waits
 * for the catalog sync, so the event's rows are there to open.
 */
export async function quoteOutcomes(app: App, outcomes: ReadonlyArray<{ cid: string; yes: string }>, quotes: ReadonlyArray<readonly ['BUY' | 'SELL', string]>): Promise<void> {
  const { venue, page } = app;
  const maker = venue.specOnly ? Trader.fromAccount(venue.urls, venue.account!, venue.orderDomain!) : await Trader.create(venue.urls);
  for (const m of outcomes) {
    await app.admin.mint(m.cid, maker.address, '50');
    const r = await maker.post(quotes.map(([side, price]) => maker.order(m.yes, side, price, '10', { negRisk: true })));
    if (!r.body.every((x) => x['success'] === true)) throw new Error(`the maker's quotes were refused: ${JSON.stringify(r.body)}`);
  }
  await page.waitForSelector('[data-testid=market-row]');
  await page.waitForFunction(() => /catalog synced/.test(document.querySelector('[data-testid=sync]')?.textContent ?? ''), null, { timeout: 60_000 });
}
