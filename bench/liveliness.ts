// How alive a market looks to a trader with its page open: the embedded venue (built, under the
// project's Node, as the app runs it; from source under tsx otherwise) on a fresh `default`
// world with the simulator on, one market's two tokens followed on the live channel as a market
// page does, for `--seconds` each, one market after the other (by 24h volume rank among the
// markets taking orders). Counts per minute what the page would show change:
//   book changes   bursts of price_change messages (one re-quote, one trade: one change, however
//                  many levels of either token it touched);
//   best moves     bursts after which the Yes token's best bid or best ask differs from before;
//   trades         last_trade_price messages, on either token;
// and the venue process's CPU (share of one core, from /proc) over the same spell. Linux only.
// With `--rows N` the N busiest other markets are followed too, as the markets list beside the
// page follows its visible rows, and the page's market is read every 10 s as its page does
// (the venue tells a page's market from a list's rows by those reads).
// Usage: npm run bench -- liveliness [--seconds 60] [--ranks 5,40,200] [--rows 0] [--size default] [--data-dir DIR]
// Runs the built venue (out/main/venue.js) when there is one: build first (npm run build), or it measures an old one.
// Targets per watched market and minute: >= 12 book changes, >= 3 best moves, >= 2 trades; the
// venue < 1.5% of a core. Last line: one JSON object with every figure. `liveliness()` runs it
// for another bench and returns the figures.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { RENDERER } from '../e2e/support.js';
import { CLK_TCK, cpuTicks } from './_proc.js';
import { NODE_MEMORY_FLAGS, venueEnv } from '../src/main/core/venue-launcher.js';
import { LiveMessage } from '../src/shared/spec/live.js';

export const TARGETS = { bookChangesPerMin: 12, bestMovesPerMin: 3, tradesPerMin: 2, venueCpuPct: 1.5 } as const;
/** Messages this close together are one change (one re-quote or fill is sent at once). */
const BURST_MS = 50;

export interface LivelinessOptions {
  /** Seconds each market is followed (60). */
  seconds?: number;
  /** 1-based ranks by 24h volume among the markets taking orders (5, 40, 200). */
  ranks?: number[];
  /** Other markets followed at once, as a list's visible rows (0). */
  rows?: number;
  size?: string;
  /** A data folder to use (and keep); a fresh one, removed after, by default. */
  dataDir?: string;
  log?: (line: string) => void;
}

export interface MarketLiveliness {
  rank: number;
  conditionId: string;
  question: string;
  /** Takers' orders wait out a delay there (the maker holds its quotes until they meet the book). */
  takerDelay: boolean;
  /** Seconds an order must rest before it may be cancelled: the maker re-quotes no more often. */
  minAge: number;
  bookChangesPerMin: number;
  bestMovesPerMin: number;
  tradesPerMin: number;
  priceChangeMessages: number;
  venueCpuPct: number;
  met: boolean;
}

export interface Liveliness {
  bench: 'liveliness';
  size: string;
  seconds: number;
  rows: number;
  venue: 'built' | 'source';
  markets: MarketLiveliness[];
  /** Every market met every target. */
  met: boolean;
}


interface Venue {
  child: ChildProcess;
  urls: { catalog_url: string; trading_url: string };
  built: boolean;
}

/** Starts the venue on `dataDir` and waits for its start line. */
async function startVenue(dataDir: string, size: string): Promise<Venue> {
  const built = join(RENDERER, '..', 'main', 'venue.js');
  const args = ['--data-dir', dataDir, '--size', size];
  const child = existsSync(built)
    ? spawn(process.execPath, [...NODE_MEMORY_FLAGS, built, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: venueEnv() })
    : spawn(process.execPath, ['--import', 'tsx', 'src/venue/cli.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const stderr: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (l) => stderr.push(l));
  const urls = await new Promise<Venue['urls']>((done, fail) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as Partial<Venue['urls']>;
        if (parsed.catalog_url && parsed.trading_url) done(parsed as Venue['urls']);
      } catch {
        // progress lines
      }
    });
    child.once('exit', (code) => fail(new Error(`the venue exited (${code}) before its start line:\n${stderr.join('\n')}`)));
  });
  return { child, urls, built: existsSync(built) };
}

interface Listed {
  conditionId: string;
  question: string;
  tokens: [string, string];
  volume24hr: number;
}

/** The markets taking orders, busiest over 24 h first. */
async function byVolume(catalog: string): Promise<Listed[]> {
  const out: Listed[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await fetch(`${catalog}/markets?active=true&closed=false&limit=100&offset=${offset}`);
    const page = (await res.json()) as Array<Record<string, unknown>>;
    for (const m of page) {
      const tokens = JSON.parse(String(m['clobTokenIds'] ?? '[]')) as string[];
      if (m['acceptingOrders'] !== true || tokens.length !== 2) continue;
      out.push({ conditionId: String(m['conditionId']), question: String(m['question']), tokens: tokens as [string, string], volume24hr: Number(m['volume24hr'] ?? 0) });
    }
    if (page.length < 100) break;
  }
  return out.sort((a, b) => b.volume24hr - a.volume24hr);
}

/** Follows one market's two tokens for `seconds` and counts what changed. */
async function follow(venue: Venue, m: Listed, seconds: number, rows: readonly Listed[]): Promise<Omit<MarketLiveliness, 'rank' | 'conditionId' | 'question' | 'takerDelay' | 'minAge' | 'met'>> {
  const ws = new WebSocket(`${venue.urls.trading_url.replace(/^http/, 'ws')}/ws/market`);
  await new Promise((done, fail) => {
    ws.once('open', done);
    ws.once('error', fail);
  });
  let books = 0;
  let priceChanges = 0;
  let trades = 0;
  let changes = 0;
  let moves = 0;
  let lastAt = -Infinity;
  let best = '';
  let shownBest = '';
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  // A burst of the Yes token ends BURST_MS after its last message: then its best is compared.
  const burstEnded = (): void => {
    if (best !== shownBest) moves++;
    shownBest = best;
  };
  ws.on('message', (data) => {
    const msg = LiveMessage.parse(JSON.parse(String(data)));
    const now = performance.now();
    if (!m.tokens.includes((msg as { asset_id?: string }).asset_id ?? '')) return;
    if (msg.type === 'book') {
      books++;
      const top = (levels: Array<{ price: string }>, pick: (a: number, b: number) => boolean): string | null =>
        levels.reduce<string | null>((b, l) => (b === null || pick(Number(l.price), Number(b)) ? l.price : b), null);
      if (msg.asset_id === m.tokens[0]) shownBest = best = `${top(msg.bids, (a, b) => a > b)}/${top(msg.asks, (a, b) => a < b)}`;
      return;
    }
    if (msg.type === 'last_trade_price') trades++;
    if (msg.type !== 'price_change') return;
    priceChanges++;
    if (now - lastAt > BURST_MS) changes++;
    lastAt = now;
    if (msg.asset_id === m.tokens[0]) {
      best = `${msg.best_bid}/${msg.best_ask}`;
      clearTimeout(settleTimer);
      settleTimer = setTimeout(burstEnded, BURST_MS);
    }
  });
  ws.send(JSON.stringify({ type: 'subscribe', assets_ids: [...m.tokens, ...rows.flatMap((r) => r.tokens)] }));
  while (books < 2) await new Promise((r) => setTimeout(r, 20));
  // The page's own reads of its market, as often as it makes them (its resolution poll).
  const read = (): void => void fetch(`${venue.urls.trading_url}/markets/${m.conditionId}`).then((r) => r.arrayBuffer(), () => undefined);
  if (rows.length > 0) read();
  const reads = rows.length > 0 ? setInterval(read, 10_000) : undefined;
  // The counts start once both books are in: the snapshot's best is where moves are counted from.
  [changes, moves, trades, priceChanges] = [0, 0, 0, 0];
  const pid = venue.child.pid as number;
  const c0 = cpuTicks(pid);
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = ((cpuTicks(pid) - c0) / CLK_TCK / elapsed) * 100;
  clearTimeout(settleTimer);
  clearInterval(reads);
  ws.close();
  const perMin = (n: number): number => Math.round((n / elapsed) * 60 * 10) / 10;
  return { bookChangesPerMin: perMin(changes), bestMovesPerMin: perMin(moves), tradesPerMin: perMin(trades), priceChangeMessages: priceChanges, venueCpuPct: Math.round(cpu * 100) / 100 };
}

/** Runs the bench: one market after the other, each followed for `seconds`. */
export async function liveliness(opts: LivelinessOptions = {}): Promise<Liveliness> {
  const seconds = opts.seconds ?? 60;
  const ranks = opts.ranks ?? [5, 40, 200];
  const rowCount = opts.rows ?? 0;
  const size = opts.size ?? 'default';
  const log = opts.log ?? ((l: string) => console.log(l));
  const dir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'kairos-bench-liveliness-'));
  const venue = await startVenue(dir, size);
  try {
    const listed = await byVolume(venue.urls.catalog_url);
    // Let the start settle (the first checkpoint, the world's caches) before anything is timed.
    await new Promise((r) => setTimeout(r, 5_000));
    const markets: MarketLiveliness[] = [];
    for (const rank of ranks) {
      const m = listed[rank - 1];
      if (!m) {
        log(`rank ${rank}: only ${listed.length} markets take orders`);
        continue;
      }
      const f = await follow(venue, m, seconds, listed.filter((x) => x !== m).slice(0, rowCount));
      // Read after the spell: a read of one market counts as a page watching it.
      const info = (await (await fetch(`${venue.urls.trading_url}/clob-markets/${m.conditionId}`)).json()) as Record<string, unknown>;
      const takerDelay = info['itode'] === true;
      const minAge = Number(info['oas'] ?? 0);
      const met = f.bookChangesPerMin >= TARGETS.bookChangesPerMin && f.bestMovesPerMin >= TARGETS.bestMovesPerMin && f.tradesPerMin >= TARGETS.tradesPerMin && f.venueCpuPct < TARGETS.venueCpuPct;
      const row: MarketLiveliness = { rank, conditionId: m.conditionId, question: m.question, takerDelay, minAge, ...f, met };
      markets.push(row);
      log(
        `#${String(rank).padEnd(4)} ${m.question.slice(0, 48).padEnd(48)} book changes ${String(f.bookChangesPerMin).padStart(5)}/min (>= ${TARGETS.bookChangesPerMin}), ` +
          `best moves ${String(f.bestMovesPerMin).padStart(5)}/min (>= ${TARGETS.bestMovesPerMin}), trades ${String(f.tradesPerMin).padStart(5)}/min (>= ${TARGETS.tradesPerMin}), ` +
          `venue CPU ${f.venueCpuPct.toFixed(2)}% (< ${TARGETS.venueCpuPct}%)${takerDelay ? ' [taker delay]' : ''}${minAge ? ` [min order age ${minAge} s]` : ''} ${met ? 'met' : 'NOT met'}`,
      );
    }
    return { bench: 'liveliness', size, seconds, rows: rowCount, venue: venue.built ? 'built' : 'source', markets, met: markets.length === ranks.length && markets.every((m) => m.met) };
  } finally {
    const exited = new Promise((r) => venue.child.once('exit', r));
    venue.child.kill('SIGTERM');
    await exited;
    if (!opts.dataDir) rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, ranks: { type: 'string', default: '5,40,200' }, rows: { type: 'string', default: '0' }, size: { type: 'string', default: 'default' }, 'data-dir': { type: 'string' } } });
  const figures = await liveliness({
    seconds: Number(values.seconds),
    ranks: (values.ranks as string).split(',').map(Number),
    rows: Number(values.rows),
    size: values.size as string,
    ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
  });
  console.log(JSON.stringify(figures));
}
