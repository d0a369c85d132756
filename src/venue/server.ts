import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { openDb, type Db } from './db/open.js';
import { answerClientError, answerRaw, BODY_LIMIT_BYTES, expectationFailed, frameworkError, HttpError, PATH_SEGMENT_LIMIT } from './errors.js';
import { RateLimiter, BUCKETS } from './rate-limit.js';
import { chargeRefused, chargeUnrouted, surface, type VenueContext } from './http.js';
import { generateJob } from './world/worker.js';
import { beginWorld, missingWorld, type WorldBegun, type WorldOptions } from './world/job.js';
import { keccakReady } from '@shared/crypto/keccak.js';
import { registerCatalog } from './catalog/routes.js';
import { registerData } from './data/routes.js';
import { registerTrading } from './trading/routes.js';
import { Exchange } from './trading/exchange.js';
import { Books } from './exchange/books.js';
import { Tokens } from './exchange/tokens.js';
import { SignatureVerifier } from './trading/signatures.js';
import { Settlements } from './trading/orders.js';
import { startCheckpointer, type Checkpointer } from './db/checkpointer.js';
import { DEFAULT_SETTINGS } from './settings.js';
import { Simulator, type SimulatorOptions } from './simulator.js';
import { useNativeSecp256k1 } from '../native/secp256k1.js';
import { newAdminToken, registerAdmin, removeRunFile, writeRunFile } from './admin.js';
import { refuseAdminRoutes, registerAdminRoutes } from './admin-routes.js';
import { presenter, type Representation } from './representation.js';
import { IGNORED_FILTERS, misbehavingPresenter } from './misbehaving.js';
import { checkMasterKey } from './auth/keys.js';
import { orderDomainInfo, paperAccount, type OrderDomainInfo, type PaperAccount } from './account.js';
import { MarketChannel, MARKET_CHANNEL_PATH, type LiveOptions } from './live/market-channel.js';
import { Audience, READ_WINDOW_MS } from './audience.js';
import type { IdleTimers } from './timers.js';
import { marketsNamedBy } from './market-index.js';

export type { OrderDomainInfo, PaperAccount } from './account.js';
export type { Representation } from './representation.js';

export type WorldSize = 'small' | 'default' | 'large';

/** The world's options (data folder, size, seed, anchor, settings, books, progress) and the server's. */
export interface VenueOptions extends WorldOptions {
  port?: number;
  host?: string;
  /** The data folder already opened by beginWorld with these options, its world under way. */
  world?: WorldBegun;
  /** Multiplies every rate limit; 0 turns limiting off (benchmarks). */
  rateLimitScale?: number;
  now?: () => number;
  log?: boolean;
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
  /** Answers as wrong deployments do (ignored filters, contradicting surfaces, others' comments): see misbehaving.ts. */
  misbehave?: boolean;
  /** The live market channel (venue-profile I; full mode only): its ping interval and such. */
  live?: LiveOptions;
  /** The arranging routes under /admin (admin-routes.ts): off unless asked for (`--admin-routes`). */
  adminRoutes?: boolean;
  /** Timers of the heartbeats' dead-man switch (tests pass manual ones to step through a silence). */
  timers?: IdleTimers;
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
  misbehave: boolean;
  /** Spec-only mode's funded paper account (API key included); undefined in full mode. */
  account: PaperAccount | undefined;
  /** The EIP-712 domain orders must be signed for. */
  orderDomain: OrderDomainInfo;
  port: number;
  db: Db;
  app: FastifyInstance;
  exchange: Exchange;
  simulator: Simulator | undefined;
  /** The helper threads' owners (undefined with `threads: false`): each starts its worker when needed. */
  signatures: SignatureVerifier | undefined;
  checkpointer: Checkpointer | undefined;
  close(): Promise<void>;
}

export { DEFAULT_SEED } from './world/job.js';

/** Opens the data dir, generating the world on first start (on this thread), and returns the database. */
export function prepareWorld(opts: WorldOptions): Db {
  const db = openDb(opts.dataDir);
  try {
    const job = missingWorld(db, opts);
    if (job) generateJob(db, job);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

/**
 * Like prepareWorld, but a new world is generated on a worker thread (world/worker.ts), whose
 * memory is gone once it is; this thread waits with the database open and then serves it (see
 * beginWorld). `begun`: the same already under way (the CLI starts it before loading the rest).
 */
export async function openWorld(opts: WorldOptions, begun: WorldBegun = beginWorld(opts)): Promise<Db> {
  const { db, job, onWorker } = begun;
  try {
    if (job && !(await onWorker)) {
      await keccakReady;
      generateJob(db, job, opts.onWorldProgress);
    }
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}

export function buildApp(ctx: VenueContext, log = false): FastifyInstance {
  return withRoutes(newServer(() => ctx, log), ctx);
}

/**
 * The server without its routes, for the context `ctxOf` gives once requests come. The framework
 * initialises its modules as the first server is made (~0.2 s of CPU), which startVenue does
 * while a new world is generated rather than after.
 */
function newServer(ctxOf: () => VenueContext, log: boolean): FastifyInstance {
  // Venue-profile B and H: whatever refuses a request (a route, the body parser, the router, Node's
  // HTTP parser) answers with the venue's error body, and a request no limit has counted yet
  // counts against the client address.
  const refuse = (err: FastifyError | HttpError, req: FastifyRequest, reply: FastifyReply): void => {
    const answer = chargeRefused(ctxOf(), req, req.routeOptions.config.buckets) ?? (err instanceof HttpError ? err : frameworkError(err, req));
    if (!answer) req.log.error({ err, url: req.url }, 'venue bug');
    const e = answer ?? new HttpError(500, 'INTERNAL', 'Internal error');
    void reply.code(e.status).headers(e.headers).send(e.body());
  };
  const app = Fastify({
    logger: log ? { level: 'warn' } : false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: PATH_SEGMENT_LIMIT },
    frameworkErrors: refuse,
    clientErrorHandler: answerClientError,
    // Node would refuse a request without Host with a bare 400; the hook below does it in words.
    http: { requireHostHeader: false },
  });
  app.setErrorHandler(refuse);
  app.addHook('onRequest', (req, _reply, done) => {
    done(req.headers.host === undefined && req.raw.httpVersion === '1.1' ? new HttpError(400, 'INVALID_HEADER', 'An HTTP/1.1 request must carry a Host header') : undefined);
  });
  // Node answers an Expect other than 100-continue with a bare 417 unless asked to decide.
  app.server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    answerRaw(res, chargeUnrouted(ctxOf(), req.socket.remoteAddress, req.url ?? '') ?? expectationFailed(String(req.headers.expect)));
  });
  // Request bodies are JSON only: without the default text parser, any other type is a 415.
  app.removeContentTypeParser('text/plain');
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
    const e = chargeRefused(ctxOf(), req, undefined) ?? new HttpError(404, 'NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`);
    void reply.code(e.status).headers(e.headers).send(e.body());
  });

  return app;
}

function withRoutes(app: FastifyInstance, ctx: VenueContext): FastifyInstance {
  void app.register(async (scope) => registerCatalog(surface(scope, ctx, BUCKETS.catalogAll, 'catalog'), ctx), { prefix: '/catalog' });
  void app.register(async (scope) => registerData(surface(scope, ctx, BUCKETS.dataAll, 'data'), ctx), { prefix: '/data' });
  void app.register(async (scope) => registerTrading(surface(scope, ctx, BUCKETS.tradingAll, 'trading'), ctx), { prefix: '/trading' });
  return app;
}

export async function startVenue(opts: VenueOptions): Promise<RunningVenue> {
  await useNativeSecp256k1();
  const app = newServer(() => ctx, opts.log ?? false);
  const db = await openWorld(opts, opts.world);
  const threads = opts.threads ?? true;
  // Before the first commit: a world just generated is all in the WAL, which that commit's
  // automatic checkpoint would copy back on this thread (~0.2 s before the first answer).
  const checkpointer = threads ? startCheckpointer(db) : undefined;
  try {
    // Read (or made) and checked against the database now, so that a damaged, missing or changed
    // key stops the start rather than failing every signed request.
    checkMasterKey(db, opts.dataDir);
  } catch (err) {
    await checkpointer?.close();
    db.close();
    throw err;
  }
  const specOnly = opts.specOnly ?? false;
  const representation = opts.representation ?? 'plain';
  const now = opts.now ?? Date.now;
  const host = opts.host ?? '127.0.0.1';
  // Each part is built after what it stands on, and the context of them all in one go: the books
  // and the audience before the live channel that reads and tells them, the channel before the
  // exchange that tells it.
  const tokens = new Tokens(db);
  const books = new Books();
  const audience = new Audience(now, READ_WINDOW_MS, (name) => marketsNamedBy(db).get(name));
  const live = specOnly ? undefined : new MarketChannel(tokens, books, now, opts.live, audience);
  const exchange = new Exchange(db, { now, blocked: new Set((opts.blocked ?? []).map((a) => a.toLowerCase())), tokens, books, observer: live });
  const signatures = threads ? new SignatureVerifier() : undefined;
  const ctx: VenueContext = {
    db,
    limiter: new RateLimiter(opts.rateLimitScale ?? 1, opts.now),
    now,
    settings: { ...DEFAULT_SETTINGS, ...opts.settings },
    exchange,
    dataDir: opts.dataDir,
    signatures,
    checkpointer,
    // Queued settlement pays off only while a worker recovers signers meanwhile.
    ...(signatures?.threaded ? { settlements: new Settlements() } : {}),
    specOnly,
    present: opts.misbehave ? misbehavingPresenter(db, presenter({ specOnly, representation })) : presenter({ specOnly, representation }),
    ...(opts.misbehave ? { misbehave: { ignoredFilters: IGNORED_FILTERS } } : {}),
    ...(live ? { streams: { host, market: MARKET_CHANNEL_PATH } } : {}),
    audience,
    ...(opts.timers ? { timers: opts.timers } : {}),
  };
  ctx.exchange.start();
  const account = specOnly ? paperAccount(ctx) : undefined;
  const orderDomain = orderDomainInfo(ctx);
  withRoutes(app, ctx);
  live?.attach(app);
  const adminToken = newAdminToken();
  registerAdmin(app, ctx.exchange, adminToken);
  if (opts.adminRoutes) registerAdminRoutes(app, ctx, adminToken);
  else refuseAdminRoutes(app);
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
    misbehave: opts.misbehave ?? false,
    account,
    orderDomain,
    port,
    db,
    app,
    exchange: ctx.exchange,
    simulator,
    signatures: ctx.signatures,
    checkpointer: ctx.checkpointer,
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
