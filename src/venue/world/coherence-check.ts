// Reads a running venue over HTTP the way a trader sees it (catalog listings, books, best prices,
// last trades, trades) and checks that the world does not contradict itself: two-sided books on
// every market accepting orders, monotone threshold ladders, Yes + No = 1, neg-risk groups
// summing to 1, list prices inside the spread, resolved markets with their winner and no book,
// volume and liquidity that follow the fills and the book. Used by the venue's coherence test
// and by bench/world.ts; nothing here reads the database.
import { bookBestFirst } from '@shared/domain/book-order.js';
import { MICRO, MICROS_PER_CENT } from '@shared/domain/units.js';

const DAY_MS = 86_400_000;
/** Liquidity counts resting orders within this distance of a book's mid (micro). */
export const LIQUIDITY_BAND = 50_000;

export interface Reply {
  status: number;
  body: unknown;
}

export interface Surfaces {
  get(surface: 'catalog' | 'data' | 'trading', path: string): Promise<Reply>;
  post(surface: 'catalog' | 'data' | 'trading', path: string, body: string): Promise<Reply>;
}

export interface Level {
  price: number; // micro
  size: number; // micro tokens
}

export interface Book {
  bids: Level[];
  asks: Level[];
}

export interface MarketView {
  id: string;
  conditionId: string;
  question: string;
  endDate: number;
  eventId: string;
  negRisk: boolean;
  active: boolean;
  closed: boolean;
  acceptingOrders: boolean;
  tokens: string[];
  /** micro */
  outcomePrices: number[];
  bestBid: number | undefined;
  bestAsk: number | undefined;
  lastTradePrice: number | undefined;
  liquidity: number | undefined;
  volume24hr: number;
}

export interface Snapshot {
  /** The venue's clock when read (epoch ms). */
  now: number;
  markets: MarketView[];
  events: Array<{ id: string; negRisk: boolean; marketIds: string[] }>;
  books: Map<string, Book>;
  prices: Map<string, { BUY?: number; SELL?: number }>;
  lastTrades: Map<string, number>;
  /** Trading-surface `tokens[].winner` of each closed market, by condition id. */
  winners: Map<string, boolean[]>;
  /** Cash of taker fills per sampled market: sure inside the last 24 h, and within 2 s of its edge. */
  volume: Map<string, { sure: number; edge: number }>;
}

const micro = (v: unknown): number => Math.round(Number(v) * MICRO);
const parseList = (v: unknown): string[] => (typeof v === 'string' ? (JSON.parse(v) as string[]) : ((v as string[] | undefined) ?? []));
const optMicro = (v: unknown): number | undefined => (v === undefined || v === null || v === '' ? undefined : micro(v));

async function ok(r: Promise<Reply>, what: string): Promise<unknown> {
  const res = await r;
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return res.body;
}

async function pages(venue: Surfaces, path: string): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await ok(venue.get('catalog', `${path}${path.includes('?') ? '&' : '?'}limit=100&offset=${offset}&ascending=true`), path)) as Array<Record<string, unknown>>;
    out.push(...page);
    if (page.length < 100) return out;
  }
}

/** Runs `fn` over `items`, `width` at a time. */
async function each<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++] as T);
  }));
}

export interface ReadOptions {
  now: number;
  /** How many markets accepting orders get their 24 h volume recounted from /trades. */
  volumeSample?: number;
}

export async function readWorld(venue: Surfaces, opts: ReadOptions): Promise<Snapshot> {
  const rawMarkets = await pages(venue, '/markets');
  const rawEvents = await pages(venue, '/events');
  const markets: MarketView[] = rawMarkets.map((m) => ({
    id: String(m['id']),
    conditionId: String(m['conditionId']),
    question: String(m['question']),
    endDate: Date.parse(String(m['endDate'])),
    eventId: String((m['events'] as Array<Record<string, unknown>> | undefined)?.[0]?.['id'] ?? ''),
    negRisk: m['negRisk'] === true,
    active: m['active'] === true,
    closed: m['closed'] === true,
    acceptingOrders: m['acceptingOrders'] === true,
    tokens: parseList(m['clobTokenIds']),
    outcomePrices: parseList(m['outcomePrices']).map(micro),
    bestBid: optMicro(m['bestBid']),
    bestAsk: optMicro(m['bestAsk']),
    lastTradePrice: optMicro(m['lastTradePrice']),
    liquidity: m['liquidityNum'] === undefined ? undefined : Number(m['liquidityNum']),
    volume24hr: Number(m['volume24hr'] ?? 0),
  }));
  const events = rawEvents.map((e) => ({
    id: String(e['id']),
    negRisk: e['negRisk'] === true,
    marketIds: ((e['markets'] as Array<Record<string, unknown>> | undefined) ?? []).map((m) => String(m['id'])),
  }));

  const tokens = markets.flatMap((m) => m.tokens);
  const books = new Map<string, Book>();
  const level = (l: { price: string; size: string }): Level => ({ price: micro(l.price), size: micro(l.size) });
  // Whole books where orders are accepted; elsewhere the best prices tell whether any rest.
  await each(markets.filter((m) => m.acceptingOrders).flatMap((m) => m.tokens), 16, async (t) => {
    const b = (await ok(venue.get('trading', `/book?token_id=${t}`), `GET /book ${t}`)) as { bids: Array<{ price: string; size: string }>; asks: Array<{ price: string; size: string }> };
    const sorted = bookBestFirst(b);
    books.set(t, { bids: sorted.bids.map(level), asks: sorted.asks.map(level) });
  });

  const prices = new Map<string, { BUY?: number; SELL?: number }>();
  const lastTrades = new Map<string, number>();
  for (let i = 0; i < tokens.length; i += 500) {
    const chunk = tokens.slice(i, i + 500);
    const p = (await ok(venue.post('trading', '/prices', JSON.stringify(chunk.map((token_id) => ({ token_id })))), 'POST /prices')) as Record<string, { BUY?: string; SELL?: string }>;
    for (const [t, v] of Object.entries(p)) prices.set(t, { ...(v.BUY !== undefined ? { BUY: micro(v.BUY) } : {}), ...(v.SELL !== undefined ? { SELL: micro(v.SELL) } : {}) });
    const l = (await ok(venue.post('trading', '/last-trades-prices', JSON.stringify(chunk.map((token_id) => ({ token_id })))), 'POST /last-trades-prices')) as Array<{ token_id: string; price: string }>;
    for (const x of l) lastTrades.set(x.token_id, micro(x.price));
  }
  for (const t of tokens) {
    if (books.has(t)) continue;
    const p = prices.get(t) ?? {};
    books.set(t, { bids: p.BUY === undefined ? [] : [{ price: p.BUY, size: 0 }], asks: p.SELL === undefined ? [] : [{ price: p.SELL, size: 0 }] });
  }

  const winners = new Map<string, boolean[]>();
  await each(markets.filter((m) => m.closed), 16, async (m) => {
    const t = (await ok(venue.get('trading', `/markets/${m.conditionId}`), `GET /markets/${m.conditionId}`)) as { tokens: Array<{ winner: boolean }> };
    winners.set(m.conditionId, t.tokens.map((x) => x.winner));
  });

  // 24 h volume from the trades themselves, on an even sample of the trading markets.
  const volume = new Map<string, { sure: number; edge: number }>();
  const trading = markets.filter((m) => m.acceptingOrders);
  const want = Math.min(trading.length, opts.volumeSample ?? 40);
  const every = Math.max(1, Math.ceil(trading.length / Math.max(1, want)));
  const sample = trading.filter((_, i) => i % every === 0);
  const from = opts.now - DAY_MS;
  await each(sample, 8, async (m) => {
    let sure = 0;
    let edge = 0;
    for (let offset = 0; offset <= 10_000; offset += 1000) {
      const page = (await ok(venue.get('data', `/trades?market=${m.conditionId}&limit=1000&offset=${offset}`), 'GET /trades')) as Array<{ timestamp: number; usdcSize: number }>;
      for (const t of page) {
        const ms = t.timestamp * 1000;
        if (ms > from + 2000) sure += micro(t.usdcSize);
        else if (ms > from - 2000) edge += micro(t.usdcSize);
      }
      if (page.length < 1000 || (page.at(-1)?.timestamp ?? 0) * 1000 < from - 2000) break;
    }
    volume.set(m.conditionId, { sure, edge });
  });
  return { now: opts.now, markets, events, books, prices, lastTrades, winners, volume };
}

// ---------------------------------------------------------------- checks

export interface CheckOptions {
  /** How far a ladder may step the wrong way, in spreads of the two markets (0 = exactly monotone). */
  ladderSlack: 0 | 1;
  /** Largest |Σ Yes − 1| of a neg-risk group, micro, for book mids and for list prices. */
  negRiskMid: number;
  negRiskList: number;
  /** Require the No book to be the exact mirror of the Yes book (a world not yet traded on). */
  exactMirror: boolean;
}

export interface Report {
  /** One list of human-readable violations per property. */
  violations: Record<'books' | 'ladders' | 'binary' | 'negRisk' | 'listPrice' | 'resolved' | 'volume' | 'liquidity', string[]>;
  figures: {
    activeMarkets: number;
    twoSidedTokens: number;
    activeTokens: number;
    ladders: number;
    ladderPairs: number;
    negRiskGroups: number;
    worstNegRiskMid: number;
    worstNegRiskList: number;
    worstBinarySum: number;
    resolvedMarkets: number;
    volumeSampled: number;
  };
}

const mid = (b: Book | undefined): number | undefined => {
  const bid = b?.bids[0]?.price;
  const ask = b?.asks[0]?.price;
  return bid === undefined || ask === undefined ? undefined : (bid + ask) / 2;
};
const spread = (b: Book | undefined): number => (b?.asks[0]?.price ?? MICRO) - (b?.bids[0]?.price ?? 0);
const cents = (x: number): string => `${(x / Number(MICROS_PER_CENT)).toFixed(2)}¢`;

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';
const DATE = new RegExp(`\\b(?:${MONTHS}) \\d{1,2}(?:, \\d{4})?`, 'g');
const NUMBER = /\$?\d[\d,]*(?:\.\d+)?/g;

export interface Ladder {
  /** `up`: P rises with the key (deadlines, "below"); `down`: P falls as the key rises ("above", "reach"). */
  direction: 'up' | 'down';
  /** The markets in ascending key order. */
  markets: MarketView[];
}

/**
 * The ladder an event's markets form, read from their questions the way a trader reads them:
 * the same question but for one number ("above $190", "reach $0.46", "more than 150K") or one
 * date ("… by June 30, 2026?"). Undefined when the markets ask different things.
 */
export function ladderOf(markets: MarketView[]): Ladder | undefined {
  if (markets.length < 2) return undefined;
  const templates = new Set(markets.map((m) => m.question.replace(DATE, 'D').replace(NUMBER, '#')));
  if (templates.size !== 1) return undefined;
  const dates = markets.map((m) => (m.question.match(DATE) ?? []).join('|'));
  if (new Set(dates).size === markets.length) return { direction: 'up', markets: [...markets].sort((a, b) => a.endDate - b.endDate) };
  const numbers = markets.map((m) => m.question.replace(DATE, 'D').match(NUMBER) ?? []);
  const at = (numbers[0] ?? []).findIndex((_, i) => new Set(numbers.map((n) => n[i])).size === markets.length);
  if (at < 0) return undefined;
  const key = (m: MarketView): number => Number((m.question.replace(DATE, 'D').match(NUMBER)?.[at] ?? '').replace(/[$,]/g, ''));
  const q = markets[0]?.question ?? '';
  const direction = /\b(above|reach|more than|at least|over|or more|higher)\b/i.test(q) ? 'down' : /\b(below|under|less than|dip|lower)\b/i.test(q) ? 'up' : undefined;
  if (!direction) return undefined;
  return { direction, markets: [...markets].sort((a, b) => key(a) - key(b)) };
}

/** The Yes book mid of every market accepting orders (micro), to see prices move. */
export function yesMids(s: Snapshot): Map<string, number | undefined> {
  return new Map(s.markets.filter((m) => m.acceptingOrders).map((m) => [m.id, mid(s.books.get(m.tokens[0] ?? ''))]));
}

export function checkWorld(s: Snapshot, opts: CheckOptions): Report {
  const v: Report['violations'] = { books: [], ladders: [], binary: [], negRisk: [], listPrice: [], resolved: [], volume: [], liquidity: [] };
  const byId = new Map(s.markets.map((m) => [m.id, m]));
  const yesBook = (m: MarketView): Book | undefined => s.books.get(m.tokens[0] ?? '');
  const trading = s.markets.filter((m) => m.acceptingOrders);
  let twoSided = 0;
  let worstBinary = 0;

  for (const m of trading) {
    const name = `market ${m.id} "${m.question}"`;
    // 1. Two-sided books, the same as the best prices.
    for (const [i, t] of m.tokens.entries()) {
      const b = s.books.get(t);
      const p = s.prices.get(t) ?? {};
      if (!b?.bids.length || !b.asks.length) v.books.push(`${name} outcome ${i}: ${b?.bids.length ?? 0} bids, ${b?.asks.length ?? 0} asks`);
      else {
        twoSided++;
        if (b.bids[0]?.price !== p.BUY || b.asks[0]?.price !== p.SELL) v.books.push(`${name} outcome ${i}: /prices ${p.BUY}/${p.SELL} is not the book's ${b.bids[0]?.price}/${b.asks[0]?.price}`);
        if ((b.bids[0]?.price ?? 0) >= (b.asks[0]?.price ?? 0)) v.books.push(`${name} outcome ${i}: crossed book`);
      }
    }
    // 3. Yes and No mids sum to 1 within the spread; untraded, the No book mirrors the Yes book.
    const [y, n] = [s.books.get(m.tokens[0] ?? ''), s.books.get(m.tokens[1] ?? '')];
    const my = mid(y);
    const mn = mid(n);
    if (my !== undefined && mn !== undefined) {
      const off = Math.abs(my + mn - MICRO);
      worstBinary = Math.max(worstBinary, off);
      if (off > Math.max(spread(y), spread(n)) / 2) v.binary.push(`${name}: Yes mid ${cents(my)} + No mid ${cents(mn)} is off 100¢ by more than half the spread`);
      if (opts.exactMirror) {
        const mirror = (ls: Level[]): string => JSON.stringify(ls.map((l) => [MICRO - l.price, l.size]));
        if (mirror(y?.asks ?? []) !== JSON.stringify((n?.bids ?? []).map((l) => [l.price, l.size])) || mirror(y?.bids ?? []) !== JSON.stringify((n?.asks ?? []).map((l) => [l.price, l.size]))) {
          v.binary.push(`${name}: the No book is not the mirror of the Yes book`);
        }
      }
    }
    // 5. List price, last trade and catalog best prices agree with the book.
    for (const [i, t] of m.tokens.entries()) {
      const b = s.books.get(t);
      const bid = b?.bids[0]?.price;
      const ask = b?.asks[0]?.price;
      if (bid === undefined || ask === undefined) continue;
      const list = m.outcomePrices[i];
      const last = s.lastTrades.get(t);
      if (list === undefined || list < bid || list > ask) v.listPrice.push(`${name} outcome ${i}: list price ${list === undefined ? 'missing' : cents(list)} outside the book ${cents(bid)}–${cents(ask)}`);
      if (last === undefined || last < bid || last > ask) v.listPrice.push(`${name} outcome ${i}: last trade ${last === undefined ? 'missing' : cents(last)} outside the book ${cents(bid)}–${cents(ask)}`);
    }
    const yb = yesBook(m);
    if (m.bestBid !== yb?.bids[0]?.price || m.bestAsk !== yb?.asks[0]?.price) {
      v.listPrice.push(`${name}: catalog bestBid/bestAsk ${m.bestBid}/${m.bestAsk} are not the Yes book's ${yb?.bids[0]?.price}/${yb?.asks[0]?.price}`);
    }
    if (m.lastTradePrice !== s.lastTrades.get(m.tokens[0] ?? '')) v.listPrice.push(`${name}: catalog lastTradePrice ${m.lastTradePrice} is not the Yes token's last trade ${s.lastTrades.get(m.tokens[0] ?? '')}`);

    // 7. Liquidity: the cash resting within the band around each book's mid.
    let liquidity = 0;
    for (const t of m.tokens) {
      const b = s.books.get(t);
      const centre = mid(b) ?? b?.bids[0]?.price ?? b?.asks[0]?.price;
      if (!b || centre === undefined) continue;
      for (const l of [...b.bids, ...b.asks]) if (Math.abs(l.price - centre) <= LIQUIDITY_BAND) liquidity += (l.price * l.size) / MICRO;
    }
    if (m.liquidity === undefined || Math.abs(m.liquidity * MICRO - liquidity) > 10_000) {
      v.liquidity.push(`${name}: catalog liquidity ${m.liquidity} is not the ${(liquidity / MICRO).toFixed(2)} resting within ${cents(LIQUIDITY_BAND)} of the mids`);
    }
    const vol = s.volume.get(m.conditionId);
    if (vol) {
      const got = Math.round(m.volume24hr * MICRO);
      if (got < vol.sure - 10 || got > vol.sure + vol.edge + 10) v.volume.push(`${name}: volume24hr ${m.volume24hr} is not the ${(vol.sure / MICRO).toFixed(6)} of taker fills in the last 24 h`);
    }
  }

  // 2. Ladders, on list prices of all their markets and on the mids of those trading.
  let ladders = 0;
  let pairs = 0;
  const events = s.events.map((e) => ({ ...e, markets: e.marketIds.map((id) => byId.get(id)).filter((m): m is MarketView => m !== undefined) }));
  for (const e of events.filter((x) => !x.negRisk)) {
    const ladder = ladderOf(e.markets);
    if (!ladder) continue;
    ladders++;
    const check = (what: string, ms: MarketView[], price: (m: MarketView) => number | undefined): void => {
      for (let i = 1; i < ms.length; i++) {
        const [a, b] = [ms[i - 1] as MarketView, ms[i] as MarketView];
        const [pa, pb] = [price(a), price(b)];
        if (pa === undefined || pb === undefined) continue;
        pairs++;
        const slack = opts.ladderSlack * Math.max(spread(yesBook(a)), spread(yesBook(b)));
        const wrong = ladder.direction === 'down' ? pb - pa : pa - pb;
        if (wrong > slack) v.ladders.push(`event ${e.id}: ${what} "${a.question}" ${cents(pa)} then "${b.question}" ${cents(pb)}`);
      }
    };
    check('list price', ladder.markets, (m) => m.outcomePrices[0]);
    check('mid', ladder.markets.filter((m) => m.acceptingOrders), (m) => mid(yesBook(m)));
  }

  // 4. Neg-risk groups: Σ Yes ≈ 1 while trading (book mids, list prices), exactly 1 once resolved.
  let groups = 0;
  let worstMid = 0;
  let worstList = 0;
  for (const e of events.filter((x) => x.negRisk && x.markets.length > 1)) {
    const live = e.markets.every((m) => m.active && !m.closed);
    const ended = e.markets.every((m) => m.closed);
    if (!live && !ended) continue;
    groups++;
    const list = e.markets.reduce((sum, m) => sum + (m.outcomePrices[0] ?? 0), 0);
    const resolved = e.markets.every((m) => (s.winners.get(m.conditionId) ?? []).some(Boolean));
    const bound = resolved ? 0 : opts.negRiskList;
    worstList = Math.max(worstList, Math.abs(list - MICRO));
    if (Math.abs(list - MICRO) > bound) v.negRisk.push(`event ${e.id}: Yes list prices of ${e.markets.length} markets sum to ${cents(list)}`);
    if (live && e.markets.every((m) => m.acceptingOrders)) {
      const mids = e.markets.map((m) => mid(yesBook(m)));
      if (mids.every((x) => x !== undefined)) {
        const sum = mids.reduce((a: number, b) => a + (b ?? 0), 0);
        worstMid = Math.max(worstMid, Math.abs(sum - MICRO));
        if (Math.abs(sum - MICRO) > opts.negRiskMid) v.negRisk.push(`event ${e.id}: Yes mids of ${e.markets.length} markets sum to ${cents(sum)}`);
      }
    }
  }

  // 6. Resolved markets: prices 1/0, one winner on the trading surface matching them, no book.
  let resolvedCount = 0;
  for (const m of s.markets.filter((x) => x.closed)) {
    const name = `market ${m.id} "${m.question}"`;
    for (const t of m.tokens) {
      const b = s.books.get(t);
      if (b?.bids.length || b?.asks.length) v.resolved.push(`${name}: closed but its book holds ${b.bids.length} bids, ${b.asks.length} asks`);
    }
    const w = s.winners.get(m.conditionId) ?? [];
    if (!w.some(Boolean)) continue;
    resolvedCount++;
    const winner = w.indexOf(true);
    const expected = m.tokens.map((_, i) => (i === winner ? MICRO : 0));
    if (w.filter(Boolean).length !== 1 || JSON.stringify(m.outcomePrices) !== JSON.stringify(expected)) {
      v.resolved.push(`${name}: winners ${JSON.stringify(w)} but outcome prices ${JSON.stringify(m.outcomePrices.map((p) => p / MICRO))}`);
    }
  }

  return {
    violations: v,
    figures: {
      activeMarkets: trading.length,
      twoSidedTokens: twoSided,
      activeTokens: trading.reduce((n, m) => n + m.tokens.length, 0),
      ladders,
      ladderPairs: pairs,
      negRiskGroups: groups,
      worstNegRiskMid: worstMid / MICRO,
      worstNegRiskList: worstList / MICRO,
      worstBinarySum: worstBinary / MICRO,
      resolvedMarkets: resolvedCount,
      volumeSampled: s.volume.size,
    },
  };
}
