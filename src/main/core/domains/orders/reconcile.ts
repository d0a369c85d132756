// Orders whose answer was lost, looked for on each watcher pass until each settles: in the venue's
// open orders where it offers them, else in the account's trades, each trade counted for one
// order only. A fill found either way is told as the watcher tells every fill, once.
import { formatMicros, parseMicros } from '@shared/domain/money.js';
import type { Notice } from '@shared/ipc/contract.js';
import { GAVE_UP, type JournalOf, type MarketOrder, type OrderJournal, type UnknownOrder } from './journal.js';
import { fillNotice } from './notices.js';
import type { Session } from '../../session.js';
import type { AccountSummary } from '../../vault/vault.js';
import { FRESH, type CoreContext } from '../../context.js';
import type { Markets } from '../markets/markets.js';
import { assignTrades, keyTrades, type AccountTrade, type Claimant, type KeyedTrade } from './trade-match.js';

/** How long an order whose answer was lost is looked for on the venue before it is given up on. */
export const LOOK_FOR_MS = 10 * 60_000;
/** Seconds our clock and the venue's may differ by when judging that a trade came after an order was over. */
const SLACK_S = 5;

const micros = (d: string): bigint => parseMicros(d) ?? 0n;
const sum = (sizes: readonly string[]): bigint => sizes.reduce((a, s) => a + micros(s), 0n);

export interface FillIo {
  now(): number;
  label(conditionId: string | null, tokenId: string): Promise<{ question?: string; outcome?: string }>;
  notify(notice: Notice): void;
}

/**
 * Tells that `matched` of a lost order is now known filled, with the watcher's fill notice, once
 * per order and amount (the `notices` table remembers it across passes and restarts).
 */
export async function tellLostFill(journal: OrderJournal, accountId: string, orderId: string, matched: string, io: FillIo): Promise<void> {
  const row = journal.row(orderId, accountId);
  if (!row || micros(matched) <= 0n) return;
  if (!journal.tell(accountId, `fill:${orderId}:${formatMicros(micros(matched))}`, io.now())) return;
  const title = micros(matched) >= micros(row.size) ? 'Order filled' : 'Order partly filled';
  io.notify(await fillNotice(row, formatMicros(micros(matched)), title, accountId, io));
}

/**
 * What an order of the journal may still take of the account's trades on its token, side and
 * price: a lost one up to its size; one resting up to its size, or only what the venue says
 * matched when its open orders were just read; one that is over only what it matched, and only
 * trades from before it was over. What it was counted before is taken off.
 */
function claimantOf(o: MarketOrder, lost: boolean, counted: bigint, openKnown: boolean): Claimant | undefined {
  const price = parseMicros(o.price);
  if (price === null) return undefined;
  const size = micros(o.size);
  const matched = micros(o.sizeMatched);
  const over = Math.floor(o.updatedAt / 1000) + SLACK_S;
  let room: bigint;
  let until: number | undefined;
  if (lost) room = size;
  else if (o.state === 'open' || o.state === 'partly_filled') room = openKnown ? matched : size;
  else if (o.state === 'filled') [room, until] = [size, over];
  else if (o.state === 'cancelled' || o.state === 'closed' || o.state === 'expired' || o.state === 'unknown') [room, until] = [matched, over];
  else return undefined; // sending, rejected: nothing of it traded
  room -= counted;
  return { orderId: o.orderId, tokenId: o.tokenId, side: o.side, price, room: room > 0n ? room : 0n, sentAt: o.sentAt, seq: o.seq, ...(until !== undefined ? { until } : {}) };
}

/**
 * The trades of one market the account's lost orders there get this pass: the account's orders on
 * the market compete for its trades not counted before, earliest placed first.
 */
function newTradesOf(journal: OrderJournal, accountId: string, conditionId: string, lost: readonly UnknownOrder[], trades: KeyedTrade[], counted: Map<string, { orderId: string; size: string }>, openKnown: boolean): Map<string, KeyedTrade[]> {
  const lostIds = new Set(lost.map((o) => o.orderId));
  const countedFor = new Map<string, bigint>();
  for (const c of counted.values()) countedFor.set(c.orderId, (countedFor.get(c.orderId) ?? 0n) + micros(c.size));
  // Only orders alike to a lost one can take its trades.
  const alike = new Set(lost.map((o) => `${o.tokenId}|${o.side}|${micros(o.price)}`));
  const claimants = journal
    .ordersOn(accountId, conditionId)
    .filter((o) => alike.has(`${o.tokenId}|${o.side}|${micros(o.price)}`))
    .map((o) => claimantOf(o, lostIds.has(o.orderId), countedFor.get(o.orderId) ?? 0n, openKnown))
    .filter((c): c is Claimant => c !== undefined);
  const got = assignTrades(claimants, trades, new Set(counted.keys()));
  return new Map([...got].filter(([id]) => lostIds.has(id)));
}

export interface LostDeps {
  markets: Markets;
  journal: JournalOf;
  /** Reads the account's open orders, bringing the journal in step (lost orders listed there too). */
  openOrdersOf(s: Session, a: AccountSummary, maxAge: number): Promise<unknown>;
  /** After a change to the account's orders: its reads are due again. */
  accountChanged(s: Session, a: AccountSummary): void;
}

export function lostOrdersService(ctx: CoreContext, deps: LostDeps) {
  const { markets } = deps;

  /**
   * Orders of the account whose answer was lost, looked for until each settles: in the venue's
   * open orders where it offers them (one listed there becomes open or partly filled through the
   * reconciling), else in the account's trades on its market, each trade counted for one order
   * (filled once they cover its size). One not settled `LOOK_FOR_MS` after it was sent is given up
   * on: it stays 'unknown', saying so. A fill found is told once.
   */
  const lookForLost = async (s: Session, a: AccountSummary, maxAge: number = FRESH.prices): Promise<void> => {
    const journal = deps.journal(s);
    if (journal.unknownOrders(a.id).length === 0) return;
    if (s.capabilities.mayHave('openOrders')) await deps.openOrdersOf(s, a, maxAge).catch(() => undefined);
    const lost = journal.unknownOrders(a.id);
    if (lost.length === 0 || !s.isOpen) return;
    // The journal knows what rests only where the venue lists open orders.
    const openKnown = s.capabilities.state('openOrders') === 'offered';
    const user = a.address.toLowerCase();
    const counted = journal.tradeClaims(a.id);
    const byMarket = new Map<string, UnknownOrder[]>();
    for (const o of lost) if (o.conditionId) byMarket.set(o.conditionId, [...(byMarket.get(o.conditionId) ?? []), o]);
    const got = new Map<string, KeyedTrade[]>();
    const read = new Set<string>();
    for (const [conditionId, orders] of byMarket) {
      const found = await Promise.all([
        s.clients.data.trades({ user, market: conditionId, takerOnly: false, limit: 1000 }),
        markets.market(s, conditionId, FRESH.data).then((m) => m.tokens.map((t) => t.token_id ?? '')).catch(() => [] as string[]),
      ]).catch(() => undefined);
      if (!found || !s.isOpen) continue;
      read.add(conditionId);
      const trades = keyTrades(found[0] as AccountTrade[], found[1]);
      for (const [id, ts] of newTradesOf(journal, a.id, conditionId, orders, trades, counted, openKnown)) got.set(id, ts);
    }

    const changed: string[] = [];
    const grew: Array<{ orderId: string; matched: string }> = [];
    for (const o of lost) {
      const now = ctx.clock.now();
      const before = micros(o.sizeMatched);
      let matched = before;
      if (o.conditionId && read.has(o.conditionId)) {
        const claims = (got.get(o.orderId) ?? []).map((t) => ({ key: t.key, size: formatMicros(t.size) }));
        const all = journal.claimTrades(a.id, o.orderId, claims, now);
        const total = sum(all.map((c) => c.size));
        const size = micros(o.size);
        if (total > matched) matched = total > size ? size : total;
      }
      const text = formatMicros(matched);
      if (matched === micros(o.size)) journal.found(o.orderId, { state: 'filled' }, now);
      else if (now - o.sentAt >= LOOK_FOR_MS) journal.found(o.orderId, { state: 'unknown', sizeMatched: text, code: GAVE_UP, message: `not found on the venue after ${LOOK_FOR_MS / 60_000} minutes; check its trades` }, now);
      else if (matched !== before) journal.found(o.orderId, { state: 'unknown', sizeMatched: text }, now);
      else continue;
      changed.push(o.orderId);
      if (matched > before) grew.push({ orderId: o.orderId, matched: text });
    }
    if (changed.length === 0) return;
    deps.accountChanged(s, a);
    ctx.emit('orders.updated', { accountId: a.id, orderIds: changed });
    const io = { now: () => ctx.clock.now(), label: markets.labeller(s), notify: (n: Notice) => ctx.emit('notices.raised', n) };
    for (const g of grew) await tellLostFill(journal, a.id, g.orderId, g.matched, io);
  };

  return { lookForLost };
}
