// The one IPC contract: every call the renderer can make (name → input and output schema) and
// every event the main process pushes. The router implements exactly these entries, the
// preload bridge and the browser host expose them generically, and the renderer calls them
// through one typed hook — no channel strings anywhere else.
import { z } from 'zod';
import {
  Book, CatalogMarket, Comment, Event, HolderGroup, LeaderboardEntry, LIMITS, MarketSettings, Position, POSITION_SORT_BY, Series,
  SIDES, SORT_DIRECTIONS, Tag, Trade,
} from '../spec/index.js';

import { ORDER_DOMAIN_PRESETS, OrderDomainSetting } from '../domain/order-domains.js';
import { CHART_RANGES } from '../domain/candles.js';

export { IPC_ERROR_CODES, type IpcError, type IpcErrorCode, type IpcResult } from './errors.js';
import { AccountSummary, ImportAccount, VaultState } from './vault.js';
import { LocalVenueAnswer, NewWorldAnswer, VenueStatus } from './venue-status.js';
import { VenueCapabilities } from './capabilities.js';
import { MarketResolution, RedeemResult } from './resolution.js';
import { AccountPnl, HistoryPoint } from './pnl.js';
import { MarketReading, OutcomeQuote, TokenPrice } from './market-prices.js';
export { AccountPnl, HistoryPoint, PositionPnl } from './pnl.js';
import { EventFilters, EventOutcomes, EventRow, SearchHit, SearchInput, SeriesFilters, SeriesRow, TagFilters, TagRow } from './find.js';
import { Alert, AlertCreate, AlertUpdate, WatchAdd, WatchItem, WatchTarget } from './watchlist.js';
import { FollowedTrader, FollowingQuery, FollowInput, TraderSummary, WalletAddress } from './following.js';
export { FollowedTrader, FollowInput, PositionChange, FollowChanges } from './following.js';
export { AccountSummary, ImportAccount, VaultState } from './vault.js';
import { id, limit, offset, address } from './fields.js';
import { InboxList, InboxPage, MarkRead, QuietHours, RaisedNotice } from './inbox.js';
export { InboxItem, Notice, QuietHours } from './inbox.js';
import { JournalEntry, LinePreview, LineResult, OpenOrderRow, OrderLine, TicketDraft } from './orders.js';
export { DraftLine, JournalEntry, LinePreview, LineResult, OpenOrderRow, OrderLine, TicketDraft } from './orders.js';

/**
 * Data that may come from the cache: when it was fetched, whether the venue was unreachable, and
 * how many rows of the venue's answer were dropped as not what was asked (absent when none).
 */
export function cached<T extends z.ZodType>(data: T) {
  return z.object({ data, fetchedAt: z.number(), stale: z.boolean(), ageMs: z.number(), filtered: z.number().int().positive().optional() });
}
export type Cached<T> = { data: T; fetchedAt: number; stale: boolean; ageMs: number; filtered?: number };

export const MarketFilters = z.object({
  status: z.enum(['active', 'closed', 'archived', 'all']).default('active'),
  tagId: id.optional(),
  eventId: id.optional(),
  seriesId: id.optional(),
  mirror: z.enum(['only', 'none', 'any']).default('any'),
  creator: z.string().max(100).optional(),
  /** Only the markets on the watchlist. */
  watchlist: z.boolean().default(false),
  sort: z.enum(['volume24hr', 'volume', 'endDate', 'question', 'createdAt', 'lastPrice']).default('volume24hr'),
  ascending: z.boolean().default(false),
  limit: limit(500, 100),
  offset,
});
export type MarketFilters = z.input<typeof MarketFilters>;

/** One row of the markets list, from the synced catalog. */
export const MarketRow = z.object({
  id: z.string(),
  conditionId: z.string(),
  slug: z.string().optional(),
  question: z.string(),
  outcomes: z.array(z.string()),
  outcomePrices: z.array(z.string()),
  clobTokenIds: z.array(z.string()),
  volume24hr: z.number().optional(),
  volume: z.number().optional(),
  liquidity: z.number().optional(),
  endDate: z.string().optional(),
  active: z.boolean(),
  closed: z.boolean(),
  archived: z.boolean(),
  acceptingOrders: z.boolean().optional(),
  mirror: z.boolean(),
  eventIds: z.array(z.string()),
});
export type MarketRow = z.output<typeof MarketRow>;

export { SearchHit } from './find.js';
export { MarketReading, OutcomeQuote, TokenPrice } from './market-prices.js';

/**
 * Which EIP-712 domain the profile's orders are signed for: the one the venue publishes at
 * GET /version, a preset (the service family's public exchange contracts), or one typed in.
 */
export const ProfileSigning = z.discriminatedUnion('source', [
  z.object({ source: z.literal('venue') }),
  z.object({ source: z.literal('preset'), preset: z.enum(ORDER_DOMAIN_PRESETS.map((p) => p.id) as [string, ...string[]], { error: 'expected one of the presets' }) }),
  z.object({ source: z.literal('custom'), domain: OrderDomainSetting }),
]);
export type ProfileSigning = z.output<typeof ProfileSigning>;

export const VenueProfile = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['local', 'remote']),
  catalogUrl: z.string(),
  tradingUrl: z.string(),
  dataUrl: z.string(),
  headerPrefix: z.string(),
  signing: ProfileSigning.default({ source: 'venue' }),
});
export type VenueProfile = z.output<typeof VenueProfile>;

/** A surface's base address as a profile is added: http or https only, never file: or javascript:. */
const surfaceUrl = z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// address' });
/** Characters that show nothing where a name is shown: controls, line breaks, invisible formatting. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
export const VENUE_NAME_MAX = 60;
/** A venue's name as it is added: 1–60 visible characters, spaces around it dropped. */
export const VenueName = z
  .string({ error: 'expected a name' })
  .trim()
  .min(1, `expected 1 to ${VENUE_NAME_MAX} visible characters, not only spaces`)
  .refine((s) => !INVISIBLE.test(s), 'expected visible characters only: no line breaks, tabs or invisible characters')
  .refine((s) => [...s].length <= VENUE_NAME_MAX, { error: (issue) => `expected at most ${VENUE_NAME_MAX} characters, not ${[...String(issue.input)].length}` });

/** A remote profile as it is added: the name, the base addresses and the header prefix checked, as they become requests and headers. */
export const NewVenueProfile = VenueProfile.omit({ id: true, kind: true }).extend({
  name: VenueName,
  catalogUrl: surfaceUrl,
  tradingUrl: surfaceUrl,
  dataUrl: surfaceUrl,
  headerPrefix: z.string().regex(/^[A-Z0-9_]{1,32}$/, 'expected 1-32 upper-case letters, digits or "_", such as SERVICE'),
});

/** A data file that could not be read and was moved aside (never deleted): what Kairos goes on with, and what the moved file keeps. */
export const DamagedFile = z.object({ file: z.string(), aside: z.string(), what: z.string(), at: z.number() });
export type DamagedFile = z.output<typeof DamagedFile>;

export const SyncStatus = z.object({
  running: z.boolean(),
  kinds: z.array(z.object({ kind: z.string(), done: z.number(), complete: z.boolean(), total: z.number().optional() })),
  lastSyncAt: z.number().optional(),
});

const Theme = z.enum(['system', 'light', 'dark'], { error: 'expected system, light or dark' });
/** quietHours: when OS notifications are held back (null: never). */
const AppSettings = z.object({ tradingOff: z.boolean(), confirm: z.boolean(), theme: Theme, quietHours: QuietHours.nullable() });

/** Condition ids, as the data surface takes them (sent comma-separated). */
const markets = z.array(id).min(1, 'name at least one market').max(100, 'at most 100 markets');

/** The data surface's own position filters and sorts (spec §4.1); unset ones take the venue's defaults. */
export const PositionFilters = z.object({
  address,
  limit: limit(500, 100),
  offset: z.number().int().min(0).max(LIMITS.positions.offset.max).default(0),
  sortBy: z.enum(POSITION_SORT_BY, { error: `expected one of ${POSITION_SORT_BY.join(', ')}` }).optional(),
  sortDirection: z.enum(SORT_DIRECTIONS, { error: 'expected ASC or DESC' }).optional(),
  redeemable: z.boolean({ error: 'expected true or false' }).optional(),
  mergeable: z.boolean({ error: 'expected true or false' }).optional(),
  sizeThreshold: z.number({ error: 'expected a number of tokens' }).min(0, 'expected 0 or more tokens').optional(),
  title: z.string().max(LIMITS.positions.title.maxLength, `a title search is at most ${LIMITS.positions.title.maxLength} characters`).optional(),
  market: markets.optional(),
});
export type PositionFilters = z.input<typeof PositionFilters>;

export const TradeFilters = z.object({
  address,
  limit: limit(500, 100),
  offset: z.number().int().min(0).max(LIMITS.trades.offset.max).default(0),
  side: z.enum(SIDES, { error: 'expected BUY or SELL' }).optional(),
  market: markets.optional(),
});
export type TradeFilters = z.input<typeof TradeFilters>;

/** Where auto-update stands; `disabled` in development and in the browser, with the reason. */
export const UpdateStatus = z.object({
  state: z.enum(['disabled', 'idle', 'checking', 'up-to-date', 'downloading', 'ready', 'waiting', 'installing', 'error']),
  currentVersion: z.string(),
  version: z.string().optional(),
  percent: z.number().min(0).max(100).optional(),
  message: z.string().optional(),
  checkedAt: z.number().optional(),
});

/**
 * Where live prices stand: `live` (the venue's market channel streams the watched tokens),
 * `polling` every `pollSeconds` (no channel, or it cannot be reached), or (re)connecting, while
 * screens poll. `watching` tokens are subscribed, `live` of them have a current book.
 */
export const LiveStatus = z.object({
  state: z.enum(['live', 'connecting', 'reconnecting', 'polling']),
  pollSeconds: z.number().int().positive(),
  since: z.number(),
  watching: z.number().int().min(0),
  live: z.number().int().min(0),
  reason: z.string().optional(),
});
export type LiveStatus = z.output<typeof LiveStatus>;

/** A screen's own name for what it watches: renewing it within a minute keeps the watch. */
const watchKey = z.string().min(1).max(200);

const none = z.object({}).strict().default({});
const call = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O) => ({ input, output });

export const contract = {
  'app.info': call(none, z.object({ version: z.string(), platform: z.string(), dataDir: z.string(), secp256k1: z.string() })),
  /** Opens the data folder in the OS file manager where there is one; always answers its path. */
  /** The data files this run found damaged and moved aside, oldest first. */
  'app.damagedFiles': call(none, z.array(DamagedFile)),
  'app.revealDataFolder': call(none, z.object({ path: z.string(), revealed: z.boolean() })),
  'app.checkForUpdates': call(none, UpdateStatus),
  /** Deletes every profile's cache (never the vault, journal or settings); refused while orders are being sent. */
  'cache.reset': call(none, z.object({ removed: z.array(z.string()), bytes: z.number().int().min(0) })),

  'profiles.list': call(none, z.object({ active: z.string(), profiles: z.array(VenueProfile) })),
  'profiles.add': call(NewVenueProfile, VenueProfile),
  'profiles.switch': call(z.object({ id }), VenueProfile),
  /** Sets which domain a remote profile's orders are signed for. */
  'profiles.setSigning': call(z.object({ id, signing: ProfileSigning }), VenueProfile),
  /** Reaches each surface of a venue (the active one, or one being added) and measures the clock skew. */
  'profiles.test': call(
    z.object({ catalogUrl: z.url().optional(), tradingUrl: z.url().optional(), dataUrl: z.url().optional() }),
    z.object({
      surfaces: z.array(z.object({ surface: z.enum(['catalog', 'trading', 'data']), ok: z.boolean(), ms: z.number(), message: z.string().optional() })),
      clockSkewMs: z.number().optional(),
      /** Where the clock came from: GET /time, or the Date header of an answer. */
      clockSource: z.enum(['time', 'date-header']).optional(),
      /** What the venue offers and lacks beyond the spec, in words. */
      offers: z.array(z.string()),
      lacks: z.array(z.string()),
    }),
  ),
  /** What the active venue has shown it offers beyond the spec (unknown until needed or tested). */
  'venue.capabilities': call(none, VenueCapabilities),
  /** The embedded local venue's status, when it is the active venue. */
  'venue.status': call(none, LocalVenueAnswer),
  /** Starts the embedded venue again once it is down; refused on any other venue. */
  'venue.restart': call(none, LocalVenueAnswer),
  /** Once the embedded venue cannot start on its folder: moves the folder aside (never deleted) and starts a new world. */
  'venue.newWorld': call(none, NewWorldAnswer),

  'settings.get': call(none, AppSettings),
  'settings.set': call(z.object({ tradingOff: z.boolean().optional(), confirm: z.boolean().optional(), theme: Theme.optional(), quietHours: QuietHours.nullable().optional() }), AppSettings),
  'drafts.load': call(none, TicketDraft),
  'drafts.save': call(TicketDraft, z.object({ savedAt: z.number() })),

  'markets.list': call(MarketFilters, cached(z.object({ rows: z.array(MarketRow), total: z.number().int() }))),
  /** Hits of the local full-text index, each with what its list row shows, filtered like the markets list. */
  'markets.search': call(SearchInput, z.array(SearchHit)),
  'markets.get': call(z.object({ idOrSlug: id }), cached(CatalogMarket)),
  'markets.settings': call(z.object({ conditionId: id }), cached(MarketSettings)),
  'markets.quotes': call(z.object({ conditionId: id }), cached(z.array(OutcomeQuote))),
  /** The market's rules where its sources may disagree: the reading that risks less, with the disagreements said. */
  'markets.reading': call(z.object({ conditionId: id }), cached(MarketReading)),
  'markets.book': call(z.object({ tokenId: id }), cached(Book)),
  /**
   * The freshest known price of each token, with its age, for every screen that shows one
   * (shared/domain/price.ts says what the price is). Tokens without a price are left out.
   */
  'markets.prices': call(z.object({ tokenIds: z.array(id).min(1, 'name at least one token').max(500, 'at most 500 tokens') }), z.array(TokenPrice)),
  /**
   * An outcome's price chart over a range: buckets keeping open, high, low, close and the cash
   * traded. Prices come from the venue's price history, or — where it has none and the market is
   * named — from the market's trades (`source` says which).
   */
  'markets.history': call(
    z.object({ tokenId: id, conditionId: id.optional(), range: z.enum(CHART_RANGES).default('1D') }),
    cached(
      z.object({
        candles: z.array(z.object({ t: z.number(), o: z.number(), h: z.number(), l: z.number(), c: z.number(), v: z.number() })),
        source: z.enum(['prices-history', 'trades']),
        /** Bucket width, seconds. */
        step: z.number(),
        tickSize: z.string().optional(),
        /** Volume is counted from this time (epoch seconds) when the trades read did not reach the range's start. */
        volumeFrom: z.number().optional(),
      }),
    ),
  ),
  'markets.trades': call(z.object({ conditionId: id, limit: limit(500, 100), offset }), cached(z.array(Trade))),
  'markets.holders': call(z.object({ conditionId: id, limit: limit(100, 20) }), cached(z.array(HolderGroup))),
  /** Whether each market trades, ended or resolved, and to which outcome, as the venue says it. */
  'markets.resolution': call(z.object({ conditionIds: z.array(id).min(1, 'name at least one market').max(100, 'at most 100 markets') }), cached(z.array(MarketResolution))),

  'events.list': call(z.object({ active: z.boolean().optional(), tagId: id.optional(), seriesSlug: id.optional(), limit: limit(100, 50), offset }), cached(z.array(Event))),
  'events.get': call(z.object({ idOrSlug: id }), cached(Event)),
  'series.list': call(z.object({ limit: limit(100, 50), offset }), cached(z.array(Series))),
  'tags.list': call(z.object({ limit: limit(100, 100), offset }), cached(z.array(Tag))),
  /** Every event of the synced catalog, searched, filtered and sorted locally (the venue's listing before the first sync). */
  'events.browse': call(EventFilters, cached(z.object({ rows: z.array(EventRow), total: z.number().int() }))),
  /** An event's outcomes with price, 24h change, volume and book, and a bracket's sums of best asks and bids. */
  'events.outcomes': call(z.object({ idOrSlug: id }), cached(EventOutcomes)),
  /** Every series of the synced catalog with its event counts. */
  'series.browse': call(SeriesFilters, cached(z.object({ rows: z.array(SeriesRow), total: z.number().int() }))),
  /** The venue's tags with their market counts in the synced catalog; NOT_OFFERED where the venue lists no tags. */
  'tags.browse': call(TagFilters, cached(z.object({ rows: z.array(TagRow), total: z.number().int() }))),

  'comments.list': call(
    z.object({ parentType: z.enum(['Event', 'Series', 'market']), parentId: id, holdersOnly: z.boolean().default(false), limit: limit(100, 40), offset }),
    cached(z.array(Comment)),
  ),
  'comments.byUser': call(z.object({ address, limit: limit(100, 40), offset }), cached(z.array(Comment))),

  'portfolio.positions': call(PositionFilters, cached(z.array(Position))),
  'portfolio.trades': call(TradeFilters, cached(z.array(Trade))),
  /** Snapshots of the account: value (cash + positions) and P&L (realised + unrealised) over time. */
  'portfolio.history': call(z.object({ accountId: id, from: z.number().optional(), to: z.number().optional() }), z.array(HistoryPoint)),
  /** Every position open, settled or closed with realised and unrealised P&L, and the account's sums; takes a snapshot. */
  'portfolio.pnl': call(z.object({ accountId: id }), cached(AccountPnl)),
  'portfolio.balance': call(z.object({ accountId: id }), cached(z.object({ balance: z.string(), reserved: z.string(), available: z.string() }))),
  /** Turns the account's tokens of a resolved market into cash (venue-profile E); NOT_OFFERED where the venue lacks it. */
  'portfolio.redeem': call(z.object({ accountId: id, conditionId: id }), RedeemResult),

  'leaderboard.list': call(
    z.object({
      category: z.enum(['OVERALL', 'POLITICS', 'SPORTS', 'CRYPTO', 'FINANCE', 'CULTURE', 'MENTIONS', 'WEATHER', 'ECONOMICS', 'TECH']).default('OVERALL'),
      timePeriod: z.enum(['DAY', 'WEEK', 'MONTH', 'ALL']).default('DAY'),
      orderBy: z.enum(['PNL', 'VOL']).default('PNL'),
      limit: limit(50, 25),
      offset: z.number().int().min(0).max(1000).default(0),
    }),
    cached(z.array(LeaderboardEntry)),
  ),
  /**
   * One trader's standing in each leaderboard window, read with the spec's `user` filter; a
   * window they are not ranked in has no rank. Name and pseudonym where the venue gives them.
   */
  'traders.get': call(z.object({ address }), cached(TraderSummary)),
  /** Follows a wallet (or changes its label or notice size): its positions read now are the first snapshot, counted as seen. */
  'traders.follow': call(FollowInput, FollowedTrader),
  'traders.unfollow': call(z.object({ address: WalletAddress }), z.object({ removed: z.boolean() })),
  /** Followed wallets, newest first, with what changed since last seen; snapshots past the data's freshness are read again (FollowingQuery). */
  'traders.following': call(FollowingQuery, z.array(FollowedTrader)),
  /** The wallet's latest snapshot becomes the one its changes are counted from. */
  'traders.seen': call(z.object({ address: WalletAddress }), FollowedTrader),

  'accounts.list': call(none, z.object({ locked: z.boolean(), accounts: z.array(AccountSummary), vault: VaultState })),
  'accounts.createLocal': call(z.object({ label: z.string().max(60).optional() }), AccountSummary),
  'accounts.import': call(ImportAccount, AccountSummary),
  /** Makes the vault on first use; the passphrase is left out for a vault the OS keychain protects. */
  'accounts.unlock': call(z.object({ passphrase: z.string().min(1).max(1000).optional() }), z.object({ locked: z.boolean() })),
  'accounts.lock': call(none, z.object({ locked: z.boolean() })),
  'accounts.remove': call(z.object({ id }), z.object({ removed: z.boolean() })),
  /** New API credentials from the venue for an account's wallet key (a new local world refuses the old ones). */
  'accounts.renewKeys': call(z.object({ id }), AccountSummary),
  /** Rewraps an unlocked passphrase vault's key with the OS keychain, which its file then records. */
  'accounts.moveToKeychain': call(none, VaultState),

  /** With an account, the batch is also checked against its cash and tokens, in line order. */
  'orders.preview': call(z.object({ lines: z.array(OrderLine).min(1).max(200), accountId: id.optional() }), z.array(LinePreview)),
  'orders.submit': call(z.object({ accountId: id, lines: z.array(OrderLine).min(1).max(200) }), z.array(LineResult)),
  'orders.cancel': call(z.object({ accountId: id, orderIds: z.array(id).max(1000).optional(), all: z.boolean().default(false) }), z.object({ canceled: z.array(z.string()), notCanceled: z.record(z.string(), z.string()) })),
  'orders.open': call(z.object({ accountId: id }), cached(z.array(OpenOrderRow))),
  'orders.journal': call(z.object({ accountId: id.optional(), limit: limit(1000, 200) }), z.array(JournalEntry)),

  'sync.start': call(none, SyncStatus),
  'sync.status': call(none, SyncStatus),

  /** The tokens a screen shows, streamed while it watches them (again within a minute, or the watch lapses). */
  'live.watch': call(z.object({ key: watchKey, tokenIds: z.array(id).max(500, 'a screen watches at most 500 tokens') }), LiveStatus),
  'live.unwatch': call(z.object({ key: watchKey }), LiveStatus),
  'live.status': call(none, LiveStatus),

  /**
   * Each market's Yes price change over 24 hours, from the venue's trades inside that window only
   * (or the catalog's own figure where the trades do not reach back); `hint` says in words why
   * none is shown, or where a shown one comes from when not the trades. `price24hAgo` is the Yes
   * price a change from the trades is measured from: a screen measures the price it shows from it.
   */
  'markets.changes': call(
    z.object({ conditionIds: z.array(id).min(1, 'name at least one market').max(100, 'at most 100 markets') }),
    cached(z.array(z.object({ conditionId: z.string(), change24h: z.string().optional(), price24hAgo: z.string().optional(), hint: z.string().optional() }))),
  ),
  /** Starred markets and events, newest first, with what the local catalog knows of each. */
  'watchlist.list': call(none, z.array(WatchItem)),
  'watchlist.add': call(WatchAdd, WatchItem),
  'watchlist.remove': call(WatchTarget, z.object({ removed: z.boolean() })),
  /** Price alerts, newest first, each with where it stands and when it last fired. */
  'alerts.list': call(none, z.array(Alert)),
  /** A new alert on a market, armed unless its condition holds already (then it fires on the next crossing). */
  'alerts.create': call(AlertCreate, Alert),
  /** A new condition, or paused / resumed. */
  'alerts.update': call(AlertUpdate, Alert),
  'alerts.remove': call(z.object({ id: z.number().int().positive() }), z.object({ removed: z.boolean() })),
  /** Every notice kept for this profile, newest first, with the count still unread. */
  'notices.list': call(InboxList, InboxPage),
  'notices.markRead': call(MarkRead, z.object({ marked: z.number().int().min(0), unread: z.number().int().min(0) })),
} as const;

export type Contract = typeof contract;
export type CallName = keyof Contract;
export type CallInput<N extends CallName> = z.input<Contract[N]['input']>;
export type CallArgs<N extends CallName> = z.output<Contract[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Contract[N]['output']>;

export const events = {
  'sync.progressed': z.object({ kind: z.string(), done: z.number(), total: z.number().optional(), complete: z.boolean() }),
  'orders.updated': z.object({ accountId: z.string(), orderIds: z.array(z.string()) }),
  /** Raised by the core once kept in the inbox: the renderer shows a toast, Electron also an OS notification outside quiet hours. */
  'notices.raised': RaisedNotice,
  /** A notice was kept or marked read: the bell's count and the inbox change. */
  'notices.changed': z.object({ unread: z.number().int().min(0) }),
  'connection.changed': z.object({ surface: z.enum(['catalog', 'trading', 'data']), online: z.boolean(), since: z.number() }),
  /** Every change of the auto-updater's state (Electron only); the renderer's footer shows it. */
  'update.status': UpdateStatus,
  /** The active venue was found to offer or lack an optional route. */
  'capabilities.changed': z.object({ profileId: z.string() }),
  /** The embedded local venue stopped, is being restarted, or runs again. */
  'venue.status': VenueStatus,
  /**
   * A watched token's book or last trade changed on the live feed (at most a few times a second
   * per token): its best prices now, the fill when there was one, and the price every screen
   * shows for it (as `markets.prices` would answer) where the core knows it without a read.
   */
  'market.live': z.object({
    tokenId: z.string(),
    conditionId: z.string().optional(),
    bestBid: z.string().nullable(),
    bestAsk: z.string().nullable(),
    bookChanged: z.boolean(),
    lastTrade: z.object({ price: z.string(), size: z.string(), side: z.enum(SIDES), at: z.number() }).optional(),
    price: TokenPrice.optional(),
  }),
  /** The live feed went live, lost its connection, or the venue was found to have none. */
  'live.status': LiveStatus,
  /** Markets found closed, resolved or archived on the venue since the catalog was synced: their cached rows changed. */
  'markets.status': z.object({ conditionIds: z.array(z.string()) }),
  /** A market or event was starred or unstarred. */
  'watchlist.changed': z.object({ kind: WatchTarget.shape.kind, id: z.string(), starred: z.boolean() }),
  /** An alert was made, changed, removed or fired. */
  'alerts.changed': z.object({ id: z.number().int(), fired: z.boolean() }),
  /** A call just ran that changes what these calls answer (an order sent, a profile added…): screens ask again. */
  'calls.stale': z.object({ names: z.array(z.custom<CallName>((v) => isCallName(v), 'not a call name')) }),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.output<Events[N]>;

export const CALL_NAMES = Object.keys(contract) as CallName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

export function isCallName(name: unknown): name is CallName {
  return typeof name === 'string' && Object.hasOwn(contract, name);
}
