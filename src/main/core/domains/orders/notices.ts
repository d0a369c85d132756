// Fills and resolutions for the accounts of the active profile. The journal is the memory: a fill
// is a rise of an order's matched size, or an order that left the book while its market still
// trades; a resolution is a held market that became redeemable or closed, told once per account
// (the `notices` table, through the journal), so a restart neither repeats one nor forgets one.
import { centsText, dollarsText, parseMicros } from '@shared/domain/money.js';
import type { Notice } from '@shared/ipc/contract.js';
import type { Position, TradingMarket } from '@shared/spec/index.js';
import type { Logger } from '../../ports.js';
import type { ArrivalPrice } from '../../user-data/fills.js';
import type { JournalRow, OrderJournal, Settled } from './journal.js';

const micros = (d: string | null | undefined): bigint => (d ? (parseMicros(d) ?? 0n) : 0n);

export interface SettleIo {
  now(): number;
  /** The order's market, asked now (maxAge 0) when it must be current. */
  market(conditionId: string, maxAgeMs: number): Promise<TradingMarket>;
  label(conditionId: string | null, tokenId: string): Promise<{ question?: string; outcome?: string }>;
  notify(notice: Notice): void;
}

/** Tells what became of the orders that left the book, and raises a notice per fill. */
export async function settle(journal: OrderJournal, accountId: string, s: Settled, io: SettleIo): Promise<void> {
  for (const row of s.gone) {
    const verdict = await judgeGone(row, io);
    if (verdict !== 'closed') journal.gone(row.order_id, verdict, io.now());
    if (verdict === 'filled') io.notify(await fillNotice(row, row.size, 'Order filled', accountId, io));
  }
  for (const { row, matched } of s.grew) io.notify(await fillNotice(row, matched, 'Order partly filled', accountId, io));
}

async function judgeGone(row: JournalRow, io: SettleIo): Promise<'filled' | 'expired' | 'closed'> {
  if (row.expires_at !== null && row.expires_at * 1000 <= io.now()) return 'expired';
  if (!row.condition_id) return 'closed';
  try {
    // The venue cancels resting orders when a market stops trading; while it trades, only a match
    // takes an order off the book without our cancel.
    const m = await io.market(row.condition_id, 0);
    return m.accepting_orders && !m.closed ? 'filled' : 'closed';
  } catch {
    return 'closed';
  }
}


/** How the fee of a fill on arrival is told beside its price: apart, or said to be in the average. */
function feeWords(paid: ArrivalPrice | undefined): string {
  if (!paid) return '';
  if ('feeIncluded' in paid) return ' on average, fee included';
  return paid.fee > 0n ? ` (fee ${dollarsText(paid.fee)})` : '';
}

/**
 * The notice of a fill of `matched` of the order (the watcher's, for every way a fill is found),
 * at the order's price; a fill on arrival gives its own price and fee (`paid`).
 */
export async function fillNotice(row: JournalRow, matched: string, title: string, accountId: string, io: Pick<SettleIo, 'now' | 'label'>, paid?: ArrivalPrice): Promise<Notice> {
  const l = await io.label(row.condition_id, row.token_id);
  const amount = matched === row.size || micros(matched) === micros(row.size) ? row.size : `${matched} of ${row.size}`;
  const what = `${row.side === 'BUY' ? 'Buy' : 'Sell'} ${amount}${l.outcome ? ` ${l.outcome}` : ''} at ${centsText(row.price)}${feeWords(paid)}`;
  return {
    kind: 'fill',
    title,
    body: l.question ? `${what} · ${l.question}` : what,
    accountId,
    orderId: row.order_id,
    ...(row.condition_id ? { conditionId: row.condition_id } : {}),
    at: io.now(),
  };
}

export interface WatchedAccount {
  id: string;
  address: string;
}

export interface WatchDeps {
  log: Logger;
  now(): number;
  /** The active profile's id: a pass stops when it changes under it. */
  profile(): string;
  /** The active profile's accounts, or undefined while the vault is locked. */
  accounts(): WatchedAccount[] | undefined;
  /** The active profile's order journal (the notices told are kept there too). */
  journal(): OrderJournal;
  /** Reads the account's open orders, settling the journal (and raising fill notices) on the way. */
  openOrders(a: WatchedAccount): Promise<unknown>;
  /** Looks for the account's orders whose answer was lost, until each is settled or given up on. */
  lostOrders(a: WatchedAccount): Promise<unknown>;
  positions(a: WatchedAccount): Promise<Position[]>;
  /** The market as recently read, or `fresh` from the venue. */
  market(conditionId: string, fresh?: boolean): Promise<TradingMarket>;
  notify(notice: Notice): void;
}

/**
 * Runs a pass every `everyMs` (one at a time; a pass asked for during one runs right after it),
 * until stopped. Failures are quiet: the venue may be away, the vault locked, an account removed.
 */
export class Watcher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly deps: WatchDeps,
    readonly everyMs: number,
  ) {}

  start(): void {
    this.schedule(this.everyMs);
  }

  /** A pass as soon as possible: right after an order batch, fills come early. */
  kick(): void {
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Stops the timer; returns the pass under way, if one is (it ends at its next step). */
  stop(): Promise<void> | undefined {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    return this.running;
  }

  /** One pass now (or the one under way). */
  run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      const soon = this.again;
      this.again = false;
      this.schedule(soon ? 0 : this.everyMs);
    });
    return this.running;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), ms);
    // Never the reason a process stays up.
    this.timer.unref?.();
  }

  private async pass(): Promise<void> {
    const accounts = this.deps.accounts();
    if (!accounts) return;
    const profile = this.deps.profile();
    for (const a of accounts) {
      if (this.stopped || this.deps.profile() !== profile) return;
      await this.deps.openOrders(a).catch((err: unknown) => this.quiet(err));
      if (this.stopped || this.deps.profile() !== profile) return;
      await this.deps.lostOrders(a).catch((err: unknown) => this.quiet(err));
      if (this.stopped || this.deps.profile() !== profile) return;
      await this.resolutions(a).catch((err: unknown) => this.quiet(err));
    }
  }

  private quiet(err: unknown): void {
    const e = err as { name?: string; code?: string; message?: string };
    // A venue without open orders is said once, on the screens; not logged every pass.
    if (this.stopped || e?.name === 'NetworkError' || e?.name === 'VaultError' || e?.code === 'NO_ACCOUNT' || e?.code === 'NOT_OFFERED') return;
    this.deps.log.warn('watching orders and markets failed', { error: e?.message ?? String(err) });
  }

  /** Held markets that resolved or closed since the account was first watched. */
  private async resolutions(a: WatchedAccount): Promise<void> {
    const journal = this.deps.journal();
    const told = journal.told(a.id);
    // The first pass only learns what is already over: that is not news.
    const first = !told.has('baseline');
    const held = new Map<string, Position[]>();
    for (const p of await this.deps.positions(a)) {
      if (!p.conditionId || !(Number(p.size ?? 0) > 0)) continue;
      held.set(p.conditionId, [...(held.get(p.conditionId) ?? []), p]);
    }
    for (const [conditionId, positions] of held) {
      if (told.has(`resolved:${conditionId}`)) continue;
      const redeemable = positions.some((p) => p.redeemable === true);
      // A redeemable position says it all; the market is read again only to name the winner.
      const m = await this.deps.market(conditionId, redeemable).catch(() => undefined);
      const winner = m?.tokens?.find((t) => t.winner === true)?.outcome;
      const resolved = redeemable || m?.status === 'resolved' || winner !== undefined;
      const closed = resolved || m?.closed === true;
      if (!closed || (!resolved && told.has(`closed:${conditionId}`))) continue;
      const at = this.deps.now();
      journal.tell(a.id, `closed:${conditionId}`, at);
      if (resolved) journal.tell(a.id, `resolved:${conditionId}`, at);
      if (first) continue;
      const question = m?.question ?? positions[0]?.title ?? conditionId;
      const holding = positions.map((p) => `${Number(p.size).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${p.outcome ?? ''}`.trim()).join(', ');
      this.deps.notify({
        kind: 'resolved',
        title: resolved ? 'Market resolved' : 'Market closed',
        body: `${question} — ${resolved ? (winner ? `${winner} won` : 'resolved') : 'trading is over'} · you hold ${holding}`,
        accountId: a.id,
        conditionId,
        at,
      });
    }
    if (first) journal.tell(a.id, 'baseline', this.deps.now());
  }
}
