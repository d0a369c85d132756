import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { openDb, getMeta, type Db } from './db/open.js';
import { HttpError } from './errors.js';
import { RateLimiter, BUCKETS } from './rate-limit.js';
import { surface, type VenueContext } from './http.js';
import { generateWorld } from './world/generate.js';
import { registerCatalog } from './catalog/routes.js';
import { registerData } from './data/routes.js';
import { registerTrading } from './trading/routes.js';
import { Exchange } from './trading/exchange.js';
import { SignatureVerifier } from './trading/signatures.js';
import { Settlements } from './trading/orders.js';
import { startCheckpointer } from './db/checkpointer.js';
import { DEFAULT_SETTINGS, type VenueSettings } from './settings.js';
import { Simulator, type SimulatorOptions } from './simulator.js';
import { useNativeSecp256k1 } from '../native/secp256k1.js';
import { newAdminToken, registerAdmin, removeRunFile, writeRunFile } from './admin.js';
import { presenter, type Representation } from './representation.js';
import { masterKey } from './auth/keys.js';
import { orderDomainInfo, paperAccount, type OrderDomainInfo, type PaperAccount } from './account.js';

export type { OrderDomainInfo, PaperAccount } from './account.js';
export type { Representation } from './representation.js';

export type WorldSize = 'small' | 'default' | 'large';

export interface VenueOptions {
  dataDir: string;
  port?: number;
  host?: string;
  size?: WorldSize;
  seed?: number;
  /** "Now" of a newly generated world, epoch ms; defaults to the current hour. */
  anchor?: number;
  /** Multiplies every rate limit; 0 turns limiting off (benchmarks). */
  rateLimitScale?: number;
  now?: () => number;
  log?: boolean;
  settings?: Partial<VenueSettings>;
  /** Addresses refused on markets with address screening (ibce). */
  blocked?: string[];
  /** Resting quotes and taker flow on active markets (the CLI turns it on by default). */
  simulator?: boolean | SimulatorOptions;
  /** Signature recovery and WAL checkpoints on worker threads (default on); off, all on one thread. */
  threads?: boolean;
  /**
   * Venue-profile G: only the endpoints of spec §4 (the rest 404), unknown query parameters
   * refused, and a funded paper account on the start line in place of the key endpoints.
   */
  specOnly?: boolean;
  /** `varied`: answers carry the representation quirks of real deployments (default `plain`). */
  representation?: Representation;
}

export interface VenueUrls {
  catalog_url: string;
  trading_url: string;
  data_url: string;
}

/** The JSON line `npm run venue` prints once it listens. */
export type StartLine = VenueUrls & { account?: PaperAccount; order_domain?: OrderDomainInfo };

export interface RunningVenue {
  urls: VenueUrls;
  /** The URLs; in spec-only mode also `account` and `order_domain`. */
  startLine: StartLine;
  specOnly: boolean;
  representation: Representation;
  /** Spec-only mode's funded paper account (API key included); undefined in full mode. */
  account: PaperAccount | undefined;
  /** The EIP-712 domain orders must be signed for. */
  orderDomain: OrderDomainInfo;
  port: number;
  db: Db;
  app: FastifyInstance;
  exchange: Exchange;
  simulator: Simulator | undefined;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 20261122;
const MiB = 1024 * 1024;

/** Opens the data dir, generating the world on first start, and returns the database. */
export function prepareWorld(opts: Pick<VenueOptions, 'dataDir' | 'size' | 'seed' | 'anchor'>): Db {
  const db = openDb(opts.dataDir);
  const stored = getMeta(db, 'seed');
  const size = opts.size ?? 'default';
  const seed = opts.seed ?? DEFAULT_SEED;
  if (stored === undefined) {
    const anchor = opts.anchor ?? Math.floor(Date.now() / 3_600_000) * 3_600_000;
    generateWorld(db, { size, seed, anchor });
  } else if ((opts.seed !== undefined && Number(stored) !== opts.seed) || (opts.size !== undefined && getMeta(db, 'size') !== opts.size)) {
    const message = `${opts.dataDir} already holds a world (seed ${stored}, size ${getMeta(db, 'size')}); use another --data-dir for a different one`;
    db.close();
    throw new Error(message);
  }
  return db;
}

export function buildApp(ctx: VenueContext, log = false): FastifyInstance {
  const app = Fastify({ logger: log ? { level: 'warn' } : false, bodyLimit: MiB });

  app.setErrorHandler((err: FastifyError | HttpError, req, reply) => {
    if (err instanceof HttpError) {
      void reply.code(err.status).headers(err.headers).send(err.body());
      return;
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      void reply.code(413).send({ error: 'Request body is larger than 1 MiB', code: 'PAYLOAD_TOO_LARGE' });
    } else if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, bad content type, and the like.
      void reply.code(400).send({ error: `Invalid request body: ${err.message}`, code: 'INVALID_PARAMETER', param: 'body' });
    } else {
      req.log.error({ err, url: req.url }, 'venue bug');
      void reply.code(500).send({ error: 'Internal error', code: 'INTERNAL' });
    }
  });
  // Keep the raw body: request signatures are checked over the bytes as sent (hashing them
  // as received also spares re-encoding the decoded text).
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const bytes = body as Buffer;
    req.rawBody = bytes;
    const text = bytes.toString('utf8');
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(new HttpError(400, 'INVALID_PARAMETER', `Malformed JSON body: ${(err as Error).message}`, { param: 'body' }), undefined);
    }
  });
  app.setNotFoundHandler((req, reply) => {
    void reply.code(404).send({ error: `No route ${req.method} ${req.url.split('?')[0]}`, code: 'NOT_FOUND' });
  });

  void app.register(async (scope) => registerCatalog(surface(scope, ctx, BUCKETS.catalogAll, 'catalog'), ctx), { prefix: '/catalog' });
  void app.register(async (scope) => registerData(surface(scope, ctx, BUCKETS.dataAll, 'data'), ctx), { prefix: '/data' });
  void app.register(async (scope) => registerTrading(surface(scope, ctx, BUCKETS.tradingAll, 'trading'), ctx), { prefix: '/trading' });
  return app;
}

export async function startVenue(opts: VenueOptions): Promise<RunningVenue> {
  await useNativeSecp256k1();
  const db = prepareWorld(opts);
  try {
    // Read (or made) now, so that a damaged key stops the start rather than failing every L1 request.
    masterKey(opts.dataDir);
  } catch (err) {
    db.close();
    throw err;
  }
  const threads = opts.threads ?? true;
  const specOnly = opts.specOnly ?? false;
  const representation = opts.representation ?? 'plain';
  const ctx: VenueContext = {
    db,
    limiter: new RateLimiter(opts.rateLimitScale ?? 1, opts.now),
    now: opts.now ?? Date.now,
    settings: { ...DEFAULT_SETTINGS, ...opts.settings },
    exchange: new Exchange(db, opts.now ?? Date.now, new Set((opts.blocked ?? []).map((a) => a.toLowerCase()))),
    dataDir: opts.dataDir,
    signatures: threads ? new SignatureVerifier() : undefined,
    checkpointer: threads ? startCheckpointer(db) : undefined,
    specOnly,
    present: presenter({ specOnly, representation }),
  };
  // Queued settlement pays off only while a worker recovers signers meanwhile.
  if (ctx.signatures?.threaded) ctx.settlements = new Settlements();
  ctx.exchange.start();
  const account = specOnly ? paperAccount(ctx) : undefined;
  const orderDomain = orderDomainInfo(ctx);
  const app = buildApp(ctx, opts.log);
  const adminToken = newAdminToken();
  registerAdmin(app, ctx.exchange, adminToken);
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const base = `http://${host}:${port}`;
  writeRunFile(opts.dataDir, port, adminToken);
  const simulator = opts.simulator ? new Simulator(ctx, opts.simulator === true ? {} : opts.simulator) : undefined;
  simulator?.start();
  const urls: VenueUrls = { catalog_url: `${base}/catalog`, trading_url: `${base}/trading`, data_url: `${base}/data` };
  return {
    urls,
    startLine: account ? { ...urls, account, order_domain: orderDomain } : urls,
    specOnly,
    representation,
    account,
    orderDomain,
    port,
    db,
    app,
    exchange: ctx.exchange,
    simulator,
    async close() {
      simulator?.stop();
      ctx.exchange.stop();
      await app.close();
      await Promise.all([ctx.signatures?.close(), ctx.checkpointer?.close()]);
      removeRunFile(opts.dataDir);
      db.close();
    },
  };
}
