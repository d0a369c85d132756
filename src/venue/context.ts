// What every route of the venue is given: its database, clock, settings and exchange, and the
// optional helpers of a running venue. Apart from http.ts, so that the routes and the auth checks
// that http.ts calls can name it without importing http.ts back.
import type { Audience } from './audience.js';
import type { IdleTimers } from './timers.js';
import type { Checkpointer } from './db/checkpointer.js';
import type { Db } from './db/open.js';
import type { RateLimiter } from './rate-limit.js';
import type { VenueSettings } from './settings.js';
import type { Exchange } from './trading/exchange.js';
import type { Settlements } from './trading/settlements.js';
import type { SignatureVerifier } from './trading/signatures.js';

export interface VenueContext {
  db: Db;
  limiter: RateLimiter;
  /** Wall clock in epoch ms; tests may pin it. */
  now: () => number;
  settings: VenueSettings;
  exchange: Exchange;
  /** The data dir, for files beside the database (the master key). */
  dataDir: string;
  /** Recovers order signers on a second thread; without it, on the calling thread. */
  signatures?: SignatureVerifier;
  /** Checkpoints the WAL on a second thread; without it, SQLite does so inside commits. */
  checkpointer?: Checkpointer;
  /** Settles order batches one per event-loop turn; without it, each within its request. */
  settlements?: Settlements;
  /** Venue-profile G: only the spec's endpoints, and only the query parameters it lists. */
  specOnly?: boolean;
  /** Rewrites each answer's representation just before it is sent (varied mode). */
  present?: Presenter;
  /** Misbehaving mode: route -> query parameters acted on as if absent, and wrong answers elsewhere. */
  misbehave?: { ignoredFilters: Readonly<Record<string, readonly string[]>> };
  /** Where the live channels are (venue-profile I): the host and path of each, on the port a
   *  request came in on (known only once the venue listens). */
  streams?: { host: string; market: string };
  /** Told of every read of market data, so that the simulator knows whether anyone watches. */
  audience?: Audience;
  /** Timers of the heartbeats' dead-man switch; the system's when absent. */
  timers?: IdleTimers;
}

/** Turns an answer of `route` (e.g. `catalog GET /events`) into the representation to send. */
export type Presenter = (route: string, body: unknown) => unknown;
