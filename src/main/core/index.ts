// The composition root of the main process's core: clients for the active profile, its cache,
// the key vault, the order journal, and the router that serves the IPC contract. Runs under
// plain Node (tests, the browser host) and under Electron alike.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { CallArgs, EventName, EventPayload, VenueProfile } from '@shared/ipc/contract.js';
import { hmacSignature, orderHash, privateKeyToAddress, randomPrivateKey, secp256k1BackendName, signClobAuth, signOrder, type OrderDomain } from '@shared/crypto/index.js';
import { LIMITS, type CatalogMarket, type OpenOrder, type TradingMarket } from '@shared/spec/index.js';
import { openCache, type Cache, type CachedResult } from './cache/index.js';
import { createClients, type Clients, type RequestSigner } from './clients/index.js';
import { AnswerLostError, HttpStatusError } from './http/errors.js';
import { checkLine, signable, type BuiltLine, type MarketRules } from './orders/build.js';
import { formatMicros, parseMicros, tickText } from '@shared/domain/money.js';
import { checkBatch, economics } from './orders/economics.js';
import { formatDataTokenId } from '@shared/domain/token-ids.js';
import type { Clock, Logger, SecretCipher } from './ports.js';
import { consoleLogger, systemClock } from './ports.js';
import { AppError, Router, type Handlers } from './router.js';
import { PassphraseCipher, Vault, type AccountSummary } from './vault/vault.js';
import { Prefs } from './prefs.js';
import { Activity } from './activity.js';
import { cacheDir, removeCacheFiles } from './app-data.js';
import type { UpdateStatus } from './updates.js';
import { prepareJournal, reconcile, settle, Watcher } from './notices.js';

export interface CoreOptions {
  dataDir: string;
  /** The embedded local venue's profile (or any default). */
  defaultProfile: Omit<VenueProfile, 'id'> & { id?: string };
  /** Wraps the vault key; defaults to a passphrase given to `accounts.unlock`. */
  cipher?: (passphrase?: string) => SecretCipher;
  /** The EIP-712 order domain when the venue does not publish one at /version. */
  orderDomain?: { name: string; chainId: number; exchange: string; negRiskExchange: string };
  logger?: Logger;
  clock?: Clock;
  version?: string;
  checkOutputs?: boolean;
  emit?: <N extends EventName>(name: N, payload: EventPayload<N>) => void;
  http?: Parameters<typeof createClients>[1];
  /**
   * Watches the active profile's accounts for fills and resolutions (`notices.raised`) every
   * `everyMs` (6 s unless said) while the vault is unlocked; `false` turns the watcher off.
   */
  watch?: false | { everyMs?: number };
  /** Opens a folder in the OS file manager (Electron's shell); the browser host has none. */
  reveal?: (path: string) => Promise<boolean>;
  /** Auto-update, where the host has it (the installed desktop app). */
  updates?: { check(): Promise<UpdateStatus> };
}

export interface Core {
  router: Router;
  /** Order batches in flight: updates wait for them. */
  activity: Activity;
  close(): void;
}

const JOURNAL_PUT = `INSERT INTO journal (order_id, account_id, token_id, side, price, size, type, state, sent_at, updated_at, code, message)
     VALUES (@orderId, @accountId, @tokenId, @side, @price, @size, @type, @state, @at, @at, @code, @message)
     ON CONFLICT(order_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at, code = excluded.code, message = excluded.message`;

const SYNC_EVERY = 10 * 60_000;
const WATCH_EVERY = 6_000;
/** Questions and outcome labels do not change; they are read again a day later at most. */
const LABELS_FOR = 86_400_000;

const FRESH = { catalog: 60_000, prices: 5_000, data: 15_000, settings: 300_000 };
const MAX_BATCH = LIMITS.orders.maxItems;
const RETRIES = 3;

export function createCore(opts: CoreOptions): Core {
  const log = opts.logger ?? consoleLogger;
  const clock = opts.clock ?? systemClock;
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const profilesFile = join(opts.dataDir, 'profiles.json');
  const defaultProfile: VenueProfile = { id: opts.defaultProfile.id ?? 'local', ...opts.defaultProfile };
  const stored = existsSync(profilesFile) ? (JSON.parse(readFileSync(profilesFile, 'utf8')) as { active: string; profiles: VenueProfile[] }) : undefined;
  let profiles: VenueProfile[] = [defaultProfile, ...(stored?.profiles.filter((p) => p.id !== defaultProfile.id) ?? [])];
  let active = profiles.find((p) => p.id === stored?.active) ?? defaultProfile;
  const cipherFor = opts.cipher ?? ((passphrase?: string) => new PassphraseCipher(passphrase ?? ''));
  const vaultPath = join(opts.dataDir, 'vault.json');
  let vault = Vault.open(vaultPath, cipherFor());

  let clients: Clients;
  let cache: Cache;
  let journal: Database.Database;
  const open = (): void => {
    clients = createClients({ catalogUrl: active.catalogUrl, tradingUrl: active.tradingUrl, dataUrl: active.dataUrl }, opts.http);
    cache = openCache(join(opts.dataDir, 'cache'), active.id, { now: () => clock.now() });
    journal = new Database(join(opts.dataDir, `journal-${active.id}.sqlite`));
    journal.pragma('journal_mode = WAL');
    journal.exec(`CREATE TABLE IF NOT EXISTS journal (
      order_id TEXT PRIMARY KEY, account_id TEXT NOT NULL, token_id TEXT NOT NULL, side TEXT NOT NULL, price TEXT NOT NULL,
      size TEXT NOT NULL, type TEXT NOT NULL, state TEXT NOT NULL, size_matched TEXT NOT NULL DEFAULT '0',
      sent_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, code TEXT, message TEXT)`);
    prepareJournal(journal);
  };
  open();
  const prefs = new Prefs(opts.dataDir, log);
  const activity = new Activity();
  const appSettings = () => ({ tradingOff: prefs.get().tradingOff, confirm: !prefs.get().skipConfirm.includes(active.id) });
  const saveProfiles = (): void => writeFileSync(profilesFile, JSON.stringify({ active: active.id, profiles: profiles.filter((p) => p.id !== defaultProfile.id) }), { mode: 0o600 });

  // Per-surface reachability, pushed to the renderer when it changes.
  const online: Record<'catalog' | 'data' | 'trading', boolean> = { catalog: true, data: true, trading: true };
  const reachable = (surface: 'catalog' | 'data' | 'trading', up: boolean): void => {
    if (online[surface] === up) return;
    online[surface] = up;
    opts.emit?.('connection.changed', { surface, online: up, since: clock.now() });
  };
  const cached = async <T>(surface: 'catalog' | 'data' | 'trading', path: string, query: Record<string, string | number | boolean | undefined>, maxAge: number, load: () => Promise<T>): Promise<CachedResult<T>> => {
    let failed = false;
    try {
      const r = await cache.cached(cache.key(surface, path, query), maxAge, async () => {
        try {
          return await load();
        } catch (err) {
          failed = (err as { name?: string }).name === 'NetworkError';
          throw err;
        }
      });
      reachable(surface, !failed);
      return r;
    } catch (err) {
      if ((err as { name?: string }).name === 'NetworkError') reachable(surface, false);
      throw err;
    }
  };

  const account = (id: string): AccountSummary => {
    const a = vault.list(active.id).find((x) => x.id === id);
    if (!a) throw new AppError('NO_ACCOUNT', `no account ${id} on profile ${active.name}`);
    return a;
  };
  /** L2 headers for an account, on the venue's clock (learned once per profile from /time). */
  const signedFor = async (a: AccountSummary): Promise<RequestSigner> => {
    await clients.trading.syncClock(() => clock.now());
    return signerFor(a);
  };
  const signerFor = (a: AccountSummary): RequestSigner => {
    const box = vault.secretsOf(a.id);
    return (method, path, body) =>
      box.use((s) => {
        const ts = String(clients.trading.serverNow(clock.now()));
        const p = a.headerPrefix;
        return { [`${p}_ADDRESS`]: a.address, [`${p}_API_KEY`]: s.apiKey, [`${p}_PASSPHRASE`]: s.passphrase, [`${p}_TIMESTAMP`]: ts, [`${p}_SIGNATURE`]: hmacSignature(s.secret, ts, method, path, body) };
      });
  };

  let syncing: Promise<void> | undefined;
  let lastSyncAt: number | undefined;
  let domainCache: { profile: string; name: string; chainId: number; exchange: string; negRiskExchange: string } | undefined;
  const domainFor = async (negRisk: boolean): Promise<OrderDomain> => {
    if (domainCache?.profile !== active.id) {
      let d = opts.orderDomain ? { ...opts.orderDomain } : undefined;
      try {
        const v = await clients.trading.version();
        if (v.domain?.name && v.domain.chainId && v.domain.verifyingContract) {
          d = { name: v.domain.name, chainId: v.domain.chainId, exchange: v.domain.verifyingContract, negRiskExchange: v.domain.negRiskVerifyingContract ?? v.domain.verifyingContract };
        }
      } catch {
        // Venues need not publish /version; the profile's domain stands.
      }
      if (!d) throw new AppError('VENUE_ERROR', 'this venue does not say which exchange orders are signed for; set it in the profile');
      domainCache = { profile: active.id, ...d };
    }
    return { name: domainCache.name, chainId: domainCache.chainId, verifyingContract: negRisk ? domainCache.negRiskExchange : domainCache.exchange };
  };

  /** A market as the trading surface gives it, no older than `maxAge`. */
  const marketNow = async (conditionId: string, maxAge: number) => (await cached('trading', `/markets/${conditionId}`, {}, maxAge, () => clients.trading.market(conditionId))).data;

  const rulesFor = async (conditionId: string): Promise<MarketRules> => {
    const s = await cached('trading', `/clob-markets/${conditionId}`, {}, FRESH.settings, () => clients.trading.settings(conditionId));
    const m = await marketNow(conditionId, FRESH.prices);
    return {
      tick: tickText(s.data.mts),
      minSize: String(s.data.mos),
      // A copy kept while the venue throttles or is away still says best; sending asks the venue.
      acceptingOrders: m.accepting_orders,
      negRisk: s.data.nr,
      takerFeeBps: m.taker_base_fee,
      makerFeeBps: m.maker_base_fee,
    };
  };

  type Line = CallArgs<'orders.preview'>['lines'][number];
  type Checked = { line: Line; problems: Array<{ field: string; message: string }>; rules?: MarketRules; built?: BuiltLine; snapped?: bigint; retryAfterSeconds?: number };
  /** Each line against its market's rules: the exact amounts to sign, or what is wrong. */
  const checkLines = (lines: readonly Line[]): Promise<Checked[]> =>
    Promise.all(
      lines.map(async (line): Promise<Checked> => {
        let rules: MarketRules;
        try {
          rules = await rulesFor(line.conditionId);
        } catch (err) {
          // Throttled with nothing kept: the line is not wrong, it waits for the venue.
          if (err instanceof HttpStatusError && err.status === 429) {
            const wait = err.retryAfterSeconds ?? 1;
            return { line, retryAfterSeconds: wait, problems: [{ field: 'market', message: `the venue is throttling reads of this market's rules; checking again in ${wait} s` }] };
          }
          return { line, problems: [{ field: 'market', message: err instanceof Error ? err.message : String(err) }] };
        }
        const { built, problems, snapped } = checkLine(line, rules);
        if (line.type === 'GTD' && !(line.expiration && line.expiration > clock.now() / 1000)) problems.push({ field: 'expiration', message: 'a GTD order needs an expiration in the future' });
        if (line.postOnly && (line.type === 'FOK' || line.type === 'FAK')) problems.push({ field: 'postOnly', message: 'post-only applies to GTC and GTD orders' });
        return { line, rules, problems, ...(built ? { built } : {}), ...(snapped !== undefined ? { snapped } : {}) };
      }),
    );

  const preview = async (lines: readonly Line[], accountId?: string) => {
    const checked = await checkLines(lines);
    const best = await bestPrices([...new Set(checked.flatMap((c) => (c.built ? [c.line.tokenId] : [])))]);
    const money = checked.map((c) => {
      if (!c.built || !c.rules) return undefined;
      const quote = best[c.line.tokenId];
      const opposite = c.line.side === 'BUY' ? quote?.SELL : quote?.BUY;
      const bestOpposite = opposite !== undefined ? (parseMicros(opposite) ?? undefined) : undefined;
      return economics(c.built, { side: c.line.side, type: c.line.type, postOnly: c.line.postOnly, bestOpposite, takerFeeBps: c.rules.takerFeeBps ?? 0, makerFeeBps: c.rules.makerFeeBps ?? 0 });
    });
    if (accountId) {
      const sells = checked.filter((c) => c.built && c.line.side === 'SELL').map((c) => ({ tokenId: c.line.tokenId, conditionId: c.line.conditionId }));
      const holdings = await holdingsOf(account(accountId), sells);
      if (holdings) {
        const batch = checkBatch(checked.map((c, i) => ({ tokenId: c.line.tokenId, side: c.line.side, ...(c.built && c.problems.length === 0 ? { built: c.built, fee: parseMicros(money[i]?.fee ?? '0') ?? 0n } : {}) })), holdings);
        batch.forEach((p, i) => checked[i]?.problems.push(...p));
      }
    }
    return checked.map((c, i) => ({
      ok: c.problems.length === 0,
      ...(c.retryAfterSeconds !== undefined ? { retryAfterSeconds: c.retryAfterSeconds } : {}),
      ...(c.snapped !== undefined ? { price: formatMicros(c.snapped) } : {}),
      ...(c.built ? { makerAmount: c.built.makerAmount.toString(), takerAmount: c.built.takerAmount.toString(), notional: formatMicros((c.built.size * c.built.price) / 1_000_000n) } : {}),
      ...(money[i] ?? {}),
      problems: c.problems,
    }));
  };

  /** Best bid (BUY) and ask (SELL) per token; empty when the venue cannot say. */
  const bestPrices = async (tokenIds: string[]): Promise<Record<string, { BUY?: string; SELL?: string }>> => {
    if (tokenIds.length === 0) return {};
    try {
      const r = await cached('trading', '/prices', { tokens: [...tokenIds].sort().join(',') }, FRESH.prices, () => clients.trading.prices(tokenIds.map((token_id) => ({ token_id }))));
      return r.data as Record<string, { BUY?: string; SELL?: string }>;
    } catch {
      return {};
    }
  };

  /**
   * Cash and the tokens of `sells` the account can still commit (positions less what open sell
   * orders hold back); undefined when the venue cannot be asked. Positions name tokens in the data
   * surface's `<condition_id>:<outcome_index>` form, orders by uint256 id: joined through the
   * market's token order.
   */
  const holdingsOf = async (a: AccountSummary, sells: Array<{ tokenId: string; conditionId: string }>) => {
    try {
      // The same short-lived reads the portfolio and the watcher use, due again after our writes.
      const [balance, positions, open] = await Promise.all([
        balanceOf(a).then((r) => r.data),
        sells.length ? positionsOf(a, FRESH.prices).then((r) => r.data) : Promise.resolve([]),
        sells.length ? openOrdersOf(a).then((r) => r.data.orders) : Promise.resolve([]),
      ]);
      const tokens = new Map<string, bigint>();
      for (const sell of sells) {
        if (tokens.has(sell.tokenId)) continue;
        const m = await marketNow(sell.conditionId, FRESH.prices);
        const index = m.tokens.findIndex((t) => String(t.token_id) === sell.tokenId);
        const dataId = formatDataTokenId(sell.conditionId.toLowerCase(), index);
        const held = positions.find((p) => p.asset === sell.tokenId || String(p.asset).toLowerCase() === dataId);
        let have = parseMicros(String(held?.size ?? 0)) ?? 0n;
        for (const o of open) {
          if (o.side === 'SELL' && o.asset_id === sell.tokenId) have -= (parseMicros(o.original_size) ?? 0n) - (parseMicros(o.size_matched) ?? 0n);
        }
        tokens.set(sell.tokenId, have);
      }
      return { cash: parseMicros(balance.available) ?? 0n, tokens };
    } catch {
      return undefined;
    }
  };

  const journalPut = { run: (row: Record<string, unknown>) => journal.prepare(JOURNAL_PUT).run(row) };


  const balanceOf = (a: AccountSummary) =>
    cached('trading', '/balance-allowance', { account: a.id }, FRESH.prices, async () => {
      const b = await clients.trading.balance(await signedFor(a));
      return { balance: formatMicros(BigInt(b.balance)), reserved: formatMicros(BigInt(b.reserved ?? '0')), available: formatMicros(BigInt(b.available ?? b.balance)) };
    });
  /** Every position of the account, however small: what it can sell. */
  const positionsQuery = (a: { address: string }) => ({ user: a.address.toLowerCase(), limit: 500, offset: 0, sizeThreshold: 0 });
  const positionsOf = (a: { address: string }, maxAge: number) => {
    const q = positionsQuery(a);
    return cached('data', '/positions', q, maxAge, () => clients.data.positions(q));
  };
  /** After our own order or cancel: the account's cash, orders and positions are due a fresh read. */
  const accountChanged = (a: AccountSummary): void => {
    cache.expire(cache.key('trading', '/balance-allowance', { account: a.id }));
    cache.expire(cache.key('trading', '/data/orders', { account: a.id, pages: 'all' }));
    cache.expire(cache.key('data', '/positions', positionsQuery(a)));
  };

  const submit = async ({ accountId, lines }: CallArgs<'orders.submit'>) => {
    if (prefs.get().tradingOff) throw new AppError('TRADING_OFF', 'trading is switched off in Settings; nothing was signed or sent');
    const acct = account(accountId);
    await clients.trading.syncClock(() => clock.now());
    // The checks only: prices and the money preview are for the ticket, not for sending.
    const checks = await checkLines(lines);
    const results = lines.map((_, i) => ({ line: i, success: false, attempts: 0 }) as { line: number; success: boolean; attempts: number; orderId?: string; status?: string; code?: string; message?: string; retryAfterSeconds?: number; makingAmount?: string; takingAmount?: string });
    const sign = signerFor(acct);
    const box = vault.secretsOf(acct.id);
    let pending = lines.map((_, i) => i).filter((i) => {
      const c = checks[i];
      if (c?.built && c.problems.length === 0) return true;
      const message = c?.problems.map((p) => `${p.field}: ${p.message}`).join('; ') ?? 'invalid';
      results[i] = c?.retryAfterSeconds !== undefined
        ? { line: i, success: false, attempts: 0, code: 'RATE_LIMITED', message, retryAfterSeconds: c.retryAfterSeconds }
        : { line: i, success: false, attempts: 0, code: 'INVALID_ORDER', message };
      return false;
    });
    for (let attempt = 1; attempt <= RETRIES && pending.length > 0; attempt++) {
      const retry: number[] = [];
      let waitS = 0;
      for (let k = 0; k < pending.length; k += MAX_BATCH) {
        const chunk = pending.slice(k, k + MAX_BATCH);
        const items = await Promise.all(
          chunk.map(async (i) => {
            const { line, rules, built } = checks[i] as Checked & { rules: MarketRules; built: BuiltLine };
            const order = signable(line, built, acct.address, BigInt(`0x${randomBytes(6).toString('hex')}`), clock.now());
            const domain = await domainFor(rules.negRisk);
            const signature = box.use((s) => signOrder(order, domain, s.privateKey));
            return {
              id: orderHash(order, domain),
              body: {
                order: { ...order, side: line.side, signature, ...(line.expiration ? { expiration: String(line.expiration) } : {}) },
                owner: acct.apiKey,
                orderType: line.type,
                ...(line.postOnly ? { postOnly: true } : {}),
              },
            };
          }),
        );
        const at = clock.now();
        chunk.forEach((i, j) => {
          const line = lines[i] as (typeof lines)[number];
          journalPut.run({ orderId: items[j]?.id, accountId, tokenId: line.tokenId, side: line.side, price: line.price, size: line.size, type: line.type, state: 'sending', at, code: null, message: null });
        });
        let answers;
        try {
          answers = await clients.trading.postOrders(
            items.map((x) => x.body),
            sign,
          );
        } catch (err) {
          if (err instanceof AnswerLostError) {
            // Never re-send blindly: ask the venue what it has.
            const open = new Set((await clients.trading.openOrders(sign)).data.map((o) => o.id));
            chunk.forEach((i, j) => {
              const id = items[j]?.id as string;
              const known = open.has(id);
              results[i] = { line: i, success: known, attempts: attempt, orderId: id, status: known ? 'live' : 'unknown', ...(known ? {} : { code: 'ANSWER_LOST', message: 'the answer was lost; not re-sent — check open orders and trades' }) };
              journalPut.run({ orderId: id, accountId, tokenId: lines[i]?.tokenId, side: lines[i]?.side, price: lines[i]?.price, size: lines[i]?.size, type: lines[i]?.type, state: known ? 'open' : 'unknown', at: clock.now(), code: known ? null : 'ANSWER_LOST', message: null });
            });
            continue;
          }
          throw err;
        }
        chunk.forEach((i, j) => {
          const a = answers[j];
          const id = items[j]?.id as string;
          const state = a?.success ? (a.status === 'live' || a.status === 'delayed' ? 'open' : a.status === 'matched' ? 'filled' : 'cancelled') : 'rejected';
          results[i] = { line: i, success: a?.success === true, attempts: attempt, orderId: id, ...(a?.status ? { status: a.status } : {}), ...(a?.code ? { code: a.code } : {}), ...(a?.errorMsg ? { message: a.errorMsg } : {}), ...(a?.retry_after_seconds ? { retryAfterSeconds: a.retry_after_seconds } : {}), ...(a?.makingAmount ? { makingAmount: a.makingAmount } : {}), ...(a?.takingAmount ? { takingAmount: a.takingAmount } : {}) };
          journalPut.run({ orderId: id, accountId, tokenId: lines[i]?.tokenId, side: lines[i]?.side, price: lines[i]?.price, size: lines[i]?.size, type: lines[i]?.type, state, at: clock.now(), code: a?.code ?? null, message: a?.errorMsg ?? null });
          if (!a?.success && a?.code === 'RATE_LIMITED') {
            retry.push(i);
            waitS = Math.max(waitS, a.retry_after_seconds ?? 1);
          }
        });
      }
      pending = retry;
      if (pending.length > 0 && attempt < RETRIES) await new Promise((r) => setTimeout(r, waitS * 1000 * (1 + Math.random() * 0.2)));
    }
    accountChanged(acct);
    opts.emit?.('orders.updated', { accountId, orderIds: results.flatMap((r) => (r.orderId ? [r.orderId] : [])) });
    return results;
  };

  /**
   * The question and outcome label of tokens, from their trading-surface markets; empty when
   * unknown. One labeller reads each market once, however many rows name it.
   */
  const labeller = () => {
    const markets = new Map<string, Promise<TradingMarket | undefined>>();
    const read = (conditionId: string) => {
      const key = cache.key('trading', `/markets/${conditionId}`, {});
      return cache.cached(key, LABELS_FOR, () => clients.trading.market(conditionId), { staleWhileRevalidate: true, onError: () => undefined }).then(
        (r) => r.data,
        () => undefined,
      );
    };
    return async (conditionId: string | null | undefined, tokenId: string): Promise<{ question?: string; outcome?: string }> => {
      if (!conditionId) return {};
      let m = markets.get(conditionId);
      if (!m) markets.set(conditionId, (m = read(conditionId)));
      const market = await m;
      if (!market) return {};
      const outcome = market.tokens.find((t) => String(t.token_id) === tokenId)?.outcome;
      return { question: market.question, ...(outcome ? { outcome } : {}) };
    };
  };

  /**
   * Every page of an account's open orders, with when they were asked for, and the journal
   * brought in step with them: fills so far, and what left the book (with a notice per fill).
   */
  const openOrdersOf = async (a: AccountSummary, maxAge: number = FRESH.prices) => {
    const r = await cached('trading', '/data/orders', { account: a.id, pages: 'all' }, maxAge, async () => {
      const askedAt = clock.now();
      const sign = await signedFor(a);
      const orders: OpenOrder[] = [];
      for (let cursor = 'MA==', pages = 0; cursor !== 'LTE=' && pages < 50; pages++) {
        const page = await clients.trading.openOrders(sign, cursor === 'MA==' ? {} : { next_cursor: cursor });
        orders.push(...page.data);
        cursor = page.data.length === 0 ? 'LTE=' : page.next_cursor;
      }
      return { askedAt, orders };
    });
    if (!r.stale) {
      const settled = reconcile(journal, a.id, r.data.orders, r.data.askedAt, clock.now());
      await settle(journal, a.id, settled, {
        now: () => clock.now(),
        market: marketNow,
        label: labeller(),
        notify: (n) => opts.emit?.('notices.raised', n),
      });
      if (settled.changed.length > 0) opts.emit?.('orders.updated', { accountId: a.id, orderIds: settled.changed });
    }
    return r;
  };

  /** After a batch: the journal learns each order's market, and the watcher looks soon for fills. */
  const submitted = (args: CallArgs<'orders.submit'>, results: Awaited<ReturnType<typeof submit>>) => {
    const note = journal.prepare('UPDATE journal SET condition_id = ?, expires_at = ? WHERE order_id = ?');
    for (const r of results) {
      const line = args.lines[r.line];
      if (r.orderId && line) note.run(line.conditionId, line.type === 'GTD' ? (line.expiration ?? null) : null, r.orderId);
    }
    watcher?.kick();
    return results;
  };

  const outcomeQuotes = async (conditionId: string) => {
    const m = await clients.trading.market(conditionId);
    const ids = m.tokens.map((t) => String(t.token_id));
    const [prices, last] = await Promise.all([clients.trading.prices(ids.map((token_id) => ({ token_id }))), clients.trading.lastTradesPrices(ids)]);
    return m.tokens.map((t) => {
      const id = String(t.token_id);
      const p = prices[id] ?? {};
      const l = last.find((x) => x.token_id === id);
      return {
        tokenId: id,
        outcome: String(t.outcome ?? ''),
        ...(p.BUY ? { bestBid: p.BUY } : {}),
        ...(p.SELL ? { bestAsk: p.SELL } : {}),
        ...(l?.price ? { lastPrice: l.price } : {}),
        ...(l?.side ? { lastSide: l.side } : {}),
      };
    });
  };

  const marketsList = async (f: CallArgs<'markets.list'>) => {
    // Once the catalog has synced, the list is answered locally over every market; the venue
    // is asked directly before that, and for what the local rows do not carry (the creator).
    if (!f.creator && cache.count('markets') > 0) {
      // A one-market read, at most once per freshness window, tells whether the venue still
      // answers, so the list is stamped when it cannot be refreshed.
      const probe = await cached('catalog', '/markets', { limit: 1 }, FRESH.catalog, () => clients.catalog.markets({ limit: 1 })).catch((err: unknown) => {
        if ((err as { name?: string }).name !== 'NetworkError') throw err;
        const at = cache.catalogSeenAt() ?? 0;
        return { fetchedAt: at, stale: true, ageMs: clock.now() - at };
      });
      const page = cache.listMarkets(f);
      return { data: page, fetchedAt: probe.fetchedAt, stale: probe.stale, ageMs: probe.ageMs };
    }
    const q = {
      limit: Math.min(100, f.limit),
      offset: f.offset,
      ...(f.status === 'active' ? { active: true, closed: false } : f.status === 'closed' ? { closed: true } : f.status === 'archived' ? { archived: true } : {}),
      ...(f.tagId ? { tag_id: f.tagId } : {}),
      ...(f.eventId ? { event_id: f.eventId } : {}),
      ...(f.mirror === 'only' ? { mirror: true } : f.mirror === 'none' ? { mirror: false } : {}),
      ...(f.creator ? { creator: f.creator } : {}),
      ...(['endDate', 'question', 'createdAt'].includes(f.sort) ? { order: f.sort, ascending: f.ascending } : {}),
    };
    const r = await cached('catalog', '/markets', q, FRESH.catalog, async () => {
      const rows = await clients.catalog.markets(q);
      cache.ingest('markets', rows);
      return rows;
    });
    const rows = r.data.map(marketRow);
    // The venue sorts only by its own columns; these two are ranked within the page.
    const by = f.sort === 'volume24hr' || f.sort === 'volume' ? f.sort : undefined;
    if (by) rows.sort((a, b) => (f.ascending ? 1 : -1) * ((a[by] ?? 0) - (b[by] ?? 0)));
    if (f.sort === 'lastPrice') rows.sort((a, b) => (f.ascending ? 1 : -1) * (Number(a.outcomePrices[0] ?? 0) - Number(b.outcomePrices[0] ?? 0)));
    const more = rows.length === q.limit ? 1 : 0;
    return { ...r, data: { rows, total: f.offset + rows.length + more } };
  };

  /** Deletes every profile's cache and reopens the active one empty; vault, journal and settings stay. */
  const resetCache = () => {
    if (activity.busy()) throw new AppError('BUSY', 'orders are being sent; reset the cache once they are done');
    // Closed, emptied and reopened with nothing awaited in between, so no other call ever sees
    // the cache closed; a sync in progress stops on the old, closed one.
    cache.close();
    try {
      return removeCacheFiles(opts.dataDir);
    } finally {
      cache = openCache(cacheDir(opts.dataDir), active.id, { now: () => clock.now() });
      lastSyncAt = undefined;
    }
  };

  const handlers: Handlers = {
    'app.info': () => ({ version: opts.version ?? '0.1.0', platform: process.platform, dataDir: opts.dataDir, secp256k1: secp256k1BackendName() }),
    'app.revealDataFolder': async () => ({ path: opts.dataDir, revealed: opts.reveal ? await opts.reveal(opts.dataDir) : false }),
    'app.checkForUpdates': () => opts.updates?.check() ?? { state: 'disabled' as const, currentVersion: opts.version ?? '0.1.0', message: 'updates come with the installed desktop app' },
    'cache.reset': resetCache,
    'profiles.list': () => ({ active: active.id, profiles }),
    'profiles.add': (p) => {
      const profile: VenueProfile = { ...p, id: `remote-${randomBytes(4).toString('hex')}`, kind: 'remote' };
      profiles = [...profiles, profile];
      saveProfiles();
      return profile;
    },
    'profiles.switch': ({ id }) => {
      const next = profiles.find((p) => p.id === id);
      if (!next) throw new AppError('NOT_FOUND', `no profile ${id}`);
      cache.close();
      journal.close();
      active = next;
      domainCache = undefined;
      lastSyncAt = undefined;
      open();
      saveProfiles();
      return next;
    },
    'profiles.test': async (urls) => {
      const target = { catalogUrl: urls.catalogUrl ?? active.catalogUrl, tradingUrl: urls.tradingUrl ?? active.tradingUrl, dataUrl: urls.dataUrl ?? active.dataUrl };
      // Fresh clients: a profile being added must not share the active one's limiter or clock.
      const probe = createClients(target, { ...opts.http, policy: { timeoutMs: 5000, retries: 0, baseDelayMs: 0 } });
      const timed = async (surface: 'catalog' | 'trading' | 'data', run: () => Promise<unknown>) => {
        const t0 = performance.now();
        try {
          await run();
          return { surface, ok: true, ms: Math.round(performance.now() - t0) };
        } catch (err) {
          return { surface, ok: false, ms: Math.round(performance.now() - t0), message: err instanceof Error ? err.message : String(err) };
        }
      };
      let clockSkewMs: number | undefined;
      const surfaces = await Promise.all([
        timed('catalog', () => probe.catalog.markets({ limit: 1 })),
        timed('trading', async () => {
          const t0 = clock.now();
          const server = await probe.trading.time();
          const t1 = clock.now();
          clockSkewMs = Math.round(server * 1000 + 500 - (t0 + t1) / 2);
        }),
        timed('data', () => probe.data.leaderboard({ limit: 1 })),
      ]);
      return { surfaces, ...(clockSkewMs !== undefined ? { clockSkewMs } : {}) };
    },
    'settings.get': () => appSettings(),
    'settings.set': ({ tradingOff, confirm }) => {
      const skip = new Set(prefs.get().skipConfirm);
      if (confirm === true) skip.delete(active.id);
      if (confirm === false) skip.add(active.id);
      prefs.set({ ...(tradingOff !== undefined ? { tradingOff } : {}), skipConfirm: [...skip] });
      return appSettings();
    },
    'drafts.load': () => prefs.draft(active.id),
    'drafts.save': (draft) => {
      const savedAt = clock.now();
      prefs.saveDraft(active.id, { ...draft, updatedAt: savedAt });
      return { savedAt };
    },
    'markets.list': marketsList,
    'markets.search': ({ query, limit, kinds }) => cache.search(query, { limit, ...(kinds ? { kinds } : {}) }).map((h) => ({ kind: h.kind, id: h.id, title: h.title, snippet: h.snippet, rank: h.rank })),
    'markets.get': async ({ idOrSlug }) => {
      // Numeric ids (list rows, search hits) resolve through the synced catalog to a slug.
      const slug = /^\d+$/.test(idOrSlug) ? cache.market(idOrSlug)?.slug : idOrSlug;
      if (!slug) throw new AppError('NOT_FOUND', `market ${idOrSlug} is not in the local catalog yet; let the sync finish or open it by slug`);
      return cached('catalog', `/markets/slug/${slug}`, {}, FRESH.catalog, () => clients.catalog.marketBySlug(slug));
    },
    'markets.settings': ({ conditionId }) => cached('trading', `/clob-markets/${conditionId}`, {}, FRESH.settings, () => clients.trading.settings(conditionId)),
    'markets.quotes': async ({ conditionId }) => {
      const r = await cached('trading', `/quotes/${conditionId}`, {}, FRESH.prices, () => outcomeQuotes(conditionId));
      const last = r.data.map((q) => q.lastPrice);
      if (!r.stale && last.every((p): p is string => p !== undefined)) cache.noteLastPrices(conditionId, last);
      return r;
    },
    'markets.book': ({ tokenId }) => cached('trading', '/book', { token_id: tokenId }, FRESH.prices, () => clients.trading.book(tokenId)),
    'markets.history': ({ tokenId, range }) => {
      const span = { '1H': 3600, '6H': 21_600, '1D': 86_400, '1W': 604_800, ALL: 90 * 86_400 }[range];
      const fidelity = { '1H': 1, '6H': 5, '1D': 15, '1W': 120, ALL: 720 }[range];
      const endTs = Math.floor(clock.now() / 60_000) * 60;
      return cached('trading', '/prices-history', { market: tokenId, range }, FRESH.prices, () => clients.trading.pricesHistory({ market: tokenId, startTs: endTs - span, endTs, fidelity }));
    },
    'markets.trades': (a) => cached('data', '/trades', { market: a.conditionId, limit: a.limit, offset: a.offset }, FRESH.data, () => clients.data.trades({ market: a.conditionId, limit: a.limit, offset: a.offset, takerOnly: true })),
    'markets.holders': (a) => cached('data', '/holders', { market: a.conditionId, limit: a.limit }, FRESH.data, () => clients.data.holders({ market: a.conditionId, limit: a.limit })),
    'events.list': (a) => {
      const q = { limit: a.limit, offset: a.offset, ...(a.active !== undefined ? { active: a.active } : {}), ...(a.tagId ? { tag_id: a.tagId } : {}), ...(a.seriesId ? { series_id: a.seriesId } : {}) };
      return cached('catalog', '/events', q, FRESH.catalog, () => clients.catalog.events(q));
    },
    'events.get': ({ idOrSlug }) =>
      cached('catalog', '/events', { ref: idOrSlug }, FRESH.catalog, async () => {
        const [e] = await clients.catalog.events(/^\d+$/.test(idOrSlug) ? { id: idOrSlug, limit: 1 } : { slug: idOrSlug, limit: 1 });
        if (!e) throw new AppError('NOT_FOUND', `no event ${idOrSlug}`);
        return e;
      }),
    'series.list': (a) => cached('catalog', '/series', a, FRESH.catalog, () => clients.catalog.series(a)),
    'tags.list': (a) => cached('catalog', '/tags', a, FRESH.catalog, () => clients.catalog.tags(a)),
    'comments.list': (a) => {
      const q = { parent_entity_type: a.parentType, parent_entity_id: a.parentId, holders_only: a.holdersOnly, limit: a.limit, offset: a.offset };
      return cached('catalog', '/comments', q, FRESH.catalog, () => clients.catalog.comments(q));
    },
    'comments.byUser': (a) => cached('catalog', `/comments/user_address/${a.address}`, { limit: a.limit, offset: a.offset }, FRESH.catalog, () => clients.catalog.commentsByUser(a.address, { limit: a.limit, offset: a.offset })),
    'portfolio.positions': async (a) => {
      const user = a.address.toLowerCase();
      const q = {
        user, limit: a.limit, offset: a.offset, sortBy: a.sortBy, sortDirection: a.sortDirection, redeemable: a.redeemable, mergeable: a.mergeable,
        sizeThreshold: a.sizeThreshold, title: a.title || undefined, market: a.market?.join(','),
      };
      const r = await cached('data', '/positions', q, FRESH.data, () => clients.data.positions(q));
      // Only a whole, unfiltered answer is the account's value at that moment; sorting does not matter.
      const whole = a.offset === 0 && r.data.length < a.limit && !a.title && !a.market && !a.redeemable && !a.mergeable && a.sizeThreshold === undefined;
      if (!r.stale && whole) cache.snapshot(user, r.data, r.fetchedAt);
      return r;
    },
    'portfolio.trades': (a) => {
      const q = { user: a.address.toLowerCase(), limit: a.limit, offset: a.offset, side: a.side, market: a.market?.join(','), takerOnly: false };
      return cached('data', '/trades', q, FRESH.data, () => clients.data.trades(q));
    },
    'portfolio.history': ({ accountId, from, to }) => cache.history(account(accountId).address.toLowerCase(), { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) }),
    'portfolio.balance': ({ accountId }) => balanceOf(account(accountId)),
    'leaderboard.list': (a) => cached('data', '/v1/leaderboard', a, FRESH.data, () => clients.data.leaderboard(a)),
    'accounts.list': () => ({ locked: vault.isLocked(), accounts: vault.list(active.id) }),
    'accounts.unlock': async ({ passphrase }) => {
      const next = Vault.open(vaultPath, cipherFor(passphrase));
      await next.unlock();
      vault.lock();
      vault = next;
      return { locked: false };
    },
    'accounts.lock': () => {
      vault.lock();
      return { locked: true };
    },
    'accounts.createLocal': async ({ label }) => {
      if (vault.isLocked()) throw new AppError('VAULT_LOCKED', 'unlock the vault to create an account');
      const key = randomPrivateKey();
      const address = privateKeyToAddress(key);
      await clients.trading.syncClock(() => clock.now());
      const creds = await clients.trading.createApiKey(l1Headers(key, address, active.headerPrefix, await chainId(), clients.trading.serverNow(clock.now())));
      return vault.add(active.id, { privateKey: key, ...creds }, { address, headerPrefix: active.headerPrefix, ...(label ? { label } : {}) }, clock.now());
    },
    'accounts.import': async ({ privateKey, apiKey, secret, passphrase, label }) => {
      if (vault.isLocked()) throw new AppError('VAULT_LOCKED', 'unlock the vault to import an account');
      const key = privateKey.startsWith('0x') ? privateKey : `0x${privateKey}`;
      const address = privateKeyToAddress(key);
      const creds =
        apiKey && secret && passphrase
          ? { apiKey, secret, passphrase }
          : (await clients.trading.syncClock(() => clock.now()), await clients.trading.createApiKey(l1Headers(key, address, active.headerPrefix, await chainId(), clients.trading.serverNow(clock.now()))));
      return vault.add(active.id, { privateKey: key, ...creds }, { address, headerPrefix: active.headerPrefix, ...(label ? { label } : {}) }, clock.now());
    },
    'accounts.remove': async ({ id }) => ({ removed: await vault.remove(id) }),
    'orders.preview': ({ lines, accountId }) => preview(lines, accountId),
    'orders.submit': (args) => activity.track(() => submit(args)).then((results) => submitted(args, results)),
    'orders.cancel': async ({ accountId, orderIds, all }) => {
      const sign = await signedFor(account(accountId));
      const r = all ? await clients.trading.cancelAll(sign) : await clients.trading.cancel(orderIds ?? [], sign);
      const at = clock.now();
      const cancelled = journal.prepare("UPDATE journal SET state = 'cancelled', updated_at = ? WHERE order_id = ?");
      for (const id of r.canceled) cancelled.run(at, id);
      accountChanged(account(accountId));
      if (r.canceled.length > 0) opts.emit?.('orders.updated', { accountId, orderIds: r.canceled });
      return { canceled: r.canceled, notCanceled: r.not_canceled };
    },
    'orders.open': async ({ accountId }) => {
      const r = await openOrdersOf(account(accountId));
      // An answer asked before a cancel of ours still lists what that cancel took off the book.
      const since = journal.prepare("SELECT order_id FROM journal WHERE account_id = ? AND state = 'cancelled' AND updated_at >= ?").pluck().all(accountId, r.data.askedAt) as string[];
      const cancelled = new Set(since);
      const listed = r.data.orders.filter((o) => !cancelled.has(o.id));
      const labelOf = labeller();
      const data = await Promise.all(listed.map(async (o) => ({ ...o, ...(await labelOf(o.market, o.asset_id).then((l) => (l.question ? { question: l.question } : {}))) })));
      return { data, fetchedAt: r.fetchedAt, stale: r.stale, ageMs: r.ageMs };
    },
    'orders.journal': async ({ accountId, limit }) => {
      const rows = (journal
        .prepare(`SELECT * FROM journal ${accountId ? 'WHERE account_id = ?' : ''} ORDER BY sent_at DESC LIMIT ?`)
        .all(...(accountId ? [accountId, limit] : [limit])) as Array<Record<string, string | number | null>>).map((r) => ({
        orderId: String(r['order_id']),
        accountId: String(r['account_id']),
        tokenId: String(r['token_id']),
        side: r['side'] as 'BUY' | 'SELL',
        price: String(r['price']),
        size: String(r['size']),
        type: String(r['type']),
        state: r['state'] as 'open',
        sizeMatched: String(r['size_matched']),
        sentAt: Number(r['sent_at']),
        updatedAt: Number(r['updated_at']),
        ...(r['code'] ? { code: String(r['code']) } : {}),
        ...(r['message'] ? { message: String(r['message']) } : {}),
        ...(r['condition_id'] ? { conditionId: String(r['condition_id']) } : {}),
      }));
      const labelOf = labeller();
      return Promise.all(rows.map(async (e) => ({ ...e, ...(await labelOf(e.conditionId, e.tokenId)) })));
    },
    'sync.start': async () => {
      // One sync at a time, and none again within SYNC_EVERY of a complete pass: every window
      // asks on load, and a full pass per page load would steal the first paint.
      if (!syncing && !(lastSyncAt && clock.now() - lastSyncAt < SYNC_EVERY)) {
        const profile = active.id;
        syncing = cache
          .syncCatalog((kind, page) => rawPage(clients, kind, page), {
            onProgress: (p) => opts.emit?.('sync.progressed', { kind: p.kind, done: p.done, ...(p.total !== undefined ? { total: p.total } : {}), complete: p.complete }),
          })
          .then(() => {
            if (active.id === profile) lastSyncAt = clock.now();
          })
          .catch((err: unknown) => log.warn('catalog sync stopped', { error: err instanceof Error ? err.message : String(err) }))
          .finally(() => {
            syncing = undefined;
          });
      }
      return syncStatus();
    },
    'sync.status': () => syncStatus(),
  };

  const chainId = async (): Promise<number> => (await domainFor(false)).chainId;
  const syncStatus = () => ({
    running: syncing !== undefined,
    kinds: (['markets', 'events', 'series', 'tags'] as const).map((kind) => ({ kind, done: cache.count(kind), complete: lastSyncAt !== undefined })),
    ...(lastSyncAt !== undefined ? { lastSyncAt } : {}),
  });

  const watchEvery = opts.watch === false ? undefined : (opts.watch?.everyMs ?? WATCH_EVERY);
  const watcher =
    watchEvery === undefined
      ? undefined
      : new Watcher(
          {
            log,
            now: () => clock.now(),
            profile: () => active.id,
            accounts: () => (vault.isLocked() ? undefined : vault.list(active.id)),
            journal: () => journal,
            openOrders: (a) => openOrdersOf(account(a.id), Math.min(FRESH.prices, watchEvery)),
            positions: async (a) => (await positionsOf(a, Math.min(FRESH.data, watchEvery))).data,
            market: (conditionId, fresh) => marketNow(conditionId, fresh ? 0 : Math.max(FRESH.data, watchEvery)),
            notify: (n) => opts.emit?.('notices.raised', n),
          },
          watchEvery,
        );
  watcher?.start();

  return {
    router: new Router(handlers, { logger: log, ...(opts.checkOutputs ? { checkOutputs: true } : {}) }),
    activity,
    close() {
      watcher?.stop();
      vault.lock();
      cache.close();
      journal.close();
    },
  };
}

function marketRow(m: CatalogMarket) {
  return {
    id: String(m.id),
    conditionId: String(m.conditionId),
    ...(m.slug ? { slug: m.slug } : {}),
    question: String(m.question ?? ''),
    outcomes: (m.outcomes ?? []).map(String),
    outcomePrices: (m.outcomePrices ?? []).map(String),
    clobTokenIds: (m.clobTokenIds ?? []).map(String),
    ...(typeof m.volume24hr === 'number' ? { volume24hr: m.volume24hr } : {}),
    ...(typeof m.volumeNum === 'number' ? { volume: m.volumeNum } : {}),
    ...(m.endDate ? { endDate: String(m.endDate) } : {}),
    active: m.active === true,
    closed: m.closed === true,
    archived: m.archived === true,
    ...(typeof m.acceptingOrders === 'boolean' ? { acceptingOrders: m.acceptingOrders } : {}),
    mirror: Boolean(m.mirrorConditionId),
    eventIds: (m.events ?? []).map((e) => String(e.id)),
  };
}

function l1Headers(key: string, address: string, prefix: string, chainId: number, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return { [`${prefix}_ADDRESS`]: address, [`${prefix}_SIGNATURE`]: signClobAuth(key, { timestamp, nonce: '0' }, chainId), [`${prefix}_TIMESTAMP`]: timestamp, [`${prefix}_NONCE`]: '0' };
}

async function rawPage(clients: Clients, kind: string, page: { limit: number; offset: number }): Promise<unknown[]> {
  const path = kind === 'markets' ? '/markets' : kind === 'events' ? '/events' : kind === 'series' ? '/series' : kind === 'tags' ? '/tags' : undefined;
  if (!path) throw new HttpStatusError(400, `cannot sync ${kind}`);
  // A stable ascending order, so offsets do not shift while the catalog grows.
  const order = kind === 'markets' || kind === 'events' ? { order: 'id', ascending: true } : {};
  return (await clients.catalog.http.raw('GET', path, { query: { limit: page.limit, offset: page.offset, ...order } })) as unknown[];
}
