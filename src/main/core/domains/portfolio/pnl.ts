// The account's P&L that adds up: every position open, settled (held in a resolved market) or
// closed, with realised and unrealised P&L; the account's value = cash + marked positions and its
// P&L = realised + unrealised; the reserved cash of open buys. The venue's own position figures
// come first; where it gives none (no realised P&L, or no row for a position that was traded),
// Kairos computes them from the venue's trades of the account by average cost, and says so.
import { formatMicros, toMicros } from '@shared/domain/money.js';
import { applyFill, EMPTY_LOT, settle, totals, worth, type Lot } from '@shared/domain/pnl.js';
import { endedMarkets, held, MAX_ASKED, settlesAt } from '@shared/domain/settlement.js';
import { parseDataTokenId } from '@shared/domain/token-ids.js';
import type { AccountPnl, PositionPnl } from '@shared/ipc/pnl.js';
import type { MarketResolution } from '@shared/ipc/resolution.js';
import type { Position, Trade } from '@shared/spec/index.js';
import type { CachedResult } from '../../cache/index.js';
import type { Session } from '../../session.js';
import type { AccountSummary } from '../../vault/vault.js';
import type { Accounts } from '../accounts/accounts.js';
import { FRESH, type CoreContext, type HandlersOf } from '../../context.js';

/** Outcome labels and token ids of a market do not change: a day-old copy names them. */
const LABELS_FOR = 86_400_000;
/** Trades read per page, and the deepest offset the spec allows. */
const TRADES_PAGE = 500;
const TRADES_MAX_OFFSET = 10_000;
/** The most positions one `/positions` answer holds (the spec's limit). */
const POSITIONS_MAX = 500;

type Balance = CachedResult<{ balance: string; reserved: string; available: string }>;

/** What the P&L reads of the order journal (the orders domain's, handed in). */
export interface ReservedOrders {
  reservable(accountId: string, side: 'BUY' | 'SELL'): Array<{ tokenId: string; price: string; size: string; sizeMatched: string }>;
}

export interface PnlDeps {
  balanceOf(s: Session, a: AccountSummary): Promise<Balance>;
  positionsOf(s: Session, a: { address: string }, maxAge: number): Promise<CachedResult<Position[]>>;
  resolutions(conditionIds: string[]): Promise<MarketResolution[]>;
  /** The orders domain's journal: the orders this app sent that may still hold cash on the book. */
  journal: (s: Session) => ReservedOrders;
}

const text = formatMicros;
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The trades of one asset folded by average cost, oldest first; undefined where they do not add up. */
function lotOf(trades: readonly Trade[]): Lot | undefined {
  // The venue lists newest first; equal times keep the venue's order, reversed.
  const ordered = trades.map((t, i) => ({ t, i })).sort((a, b) => (a.t.timestamp ?? 0) - (b.t.timestamp ?? 0) || b.i - a.i);
  let lot = EMPTY_LOT;
  try {
    for (const { t } of ordered) {
      const size = toMicros(t.size);
      if (size === undefined || size <= 0n || (t.side !== 'BUY' && t.side !== 'SELL')) return undefined;
      const cash = toMicros(t.usdcSize) ?? (t.price !== undefined ? worth(size, toMicros(t.price) ?? 0n) : undefined);
      if (cash === undefined) return undefined;
      lot = applyFill(lot, { side: t.side, size, cash });
    }
  } catch {
    return undefined; // a sell of more than the listed buys: the list is not whole
  }
  return lot;
}

export function pnlService(ctx: CoreContext, accounts: Accounts, deps: PnlDeps) {
  /** Every trade of the account the venue lists, up to the spec's deepest page. */
  const tradesOf = async (s: Session, user: string): Promise<{ trades: Trade[]; whole: boolean }> => {
    const trades: Trade[] = [];
    for (let offset = 0; offset <= TRADES_MAX_OFFSET; offset += TRADES_PAGE) {
      const q = { user, limit: TRADES_PAGE, offset, takerOnly: false };
      const page = (await s.cached('data', '/trades', q, FRESH.data, () => s.clients.data.trades(q))).data;
      trades.push(...page);
      if (page.length < TRADES_PAGE) return { trades, whole: true };
    }
    return { trades, whole: false };
  };

  /** The trading token ids of a market's outcomes by outcome index, where the venue names them. */
  const tokenIdsOf = async (s: Session, cid: string): Promise<Array<{ tokenId: string; outcome: string }> | undefined> => {
    try {
      const m = await s.cached('trading', `/markets/${cid}`, {}, LABELS_FOR, () => s.clients.trading.market(cid));
      return m.data.tokens.map((t) => ({ tokenId: String(t.token_id), outcome: String(t.outcome ?? '') }));
    } catch {
      return undefined;
    }
  };

  /** Cash open buys hold: the venue's figure, or Kairos's journal of the orders it sent that still rest. */
  const reservedOf = (s: Session, a: AccountSummary, balance: Balance | undefined): AccountPnl['reserved'] => {
    if (balance) return { amount: text(toMicros(balance.data.reserved) ?? 0n), source: 'venue', orders: 0 };
    const open = deps.journal(s).reservable(a.id, 'BUY');
    let amount = 0n;
    for (const o of open) {
      const rest = (toMicros(o.size) ?? 0n) - (toMicros(o.sizeMatched) ?? 0n);
      if (rest > 0n) amount += worth(rest, toMicros(o.price) ?? 0n);
    }
    return { amount: text(amount), source: 'journal', orders: open.length };
  };

  const accountPnl = async (accountId: string) => {
    const s = ctx.session();
    const a = accounts.account(accountId);
    const user = a.address.toLowerCase();
    const notes: string[] = [];
    const [positions, balance, traded] = await Promise.all([
      deps.positionsOf(s, a, FRESH.data),
      deps.balanceOf(s, a).catch((err: unknown) => {
        const code = (err as { code?: string }).code;
        if (code === 'NOT_OFFERED') notes.push('This venue reports no cash balance: the account’s value (cash + positions) is not known; the positions’ value and the P&L are.');
        else notes.push(`The cash balance could not be read (${(err as Error).message}): the account’s value is not known now.`);
        return undefined;
      }),
      tradesOf(s, user).catch(() => undefined),
    ]);
    const rows = positions.data;
    const listed = new Set(rows.map((p) => String(p.asset ?? '')));
    const byAsset = new Map<string, Trade[]>();
    for (const t of traded?.trades ?? []) {
      const k = String(t.asset ?? '');
      if (k) byAsset.set(k, [...(byAsset.get(k) ?? []), t]);
    }

    // Traded, but the venue lists no position: the trades tell what was bought, sold and is left.
    const unlisted = [...byAsset].filter(([asset]) => !listed.has(asset)).map(([asset, ts]) => ({ asset, trades: ts, lot: lotOf(ts) }));
    const unlistedHeld = unlisted.filter((u) => u.lot && u.lot.size > 0n).map((u) => String(u.trades[0]?.conditionId ?? parseDataTokenId(u.asset)?.conditionId ?? ''));
    const ask = [...new Set([...endedMarkets(rows, ctx.clock.now()), ...unlistedHeld.filter(Boolean)])].slice(0, MAX_ASKED);
    const resolutions = new Map((ask.length ? await deps.resolutions(ask).catch(() => []) : []).map((r) => [r.conditionId, r]));

    const cids = [...new Set([...rows.map((p) => String(p.conditionId ?? '')), ...unlisted.map((u) => String(u.trades[0]?.conditionId ?? ''))].filter(Boolean))];
    const tokens = new Map(await Promise.all(cids.map(async (cid) => [cid, await tokenIdsOf(s, cid)] as const)));
    const tokenIdOf = (cid: string, index: number | undefined, outcome: string | undefined): string | undefined => {
      const list = tokens.get(cid);
      if (!list) return undefined;
      return (outcome ? list.find((t) => t.outcome === outcome)?.tokenId : undefined) ?? (index !== undefined ? list[index]?.tokenId : undefined);
    };

    let computed = 0;
    const fromVenue = rows.map((p): PositionPnl => {
      const asset = String(p.asset ?? '');
      const cid = String(p.conditionId ?? parseDataTokenId(asset)?.conditionId ?? '');
      const size = toMicros(p.size) ?? 0n;
      const avg = toMicros(p.avgPrice);
      const cost = size === 0n ? 0n : (toMicros(p.initialValue) ?? (avg !== undefined ? worth(size, avg) : 0n));
      let realised = toMicros(p.realizedPnl);
      let source: PositionPnl['source'] = 'venue';
      if (realised === undefined) {
        const lot = lotOf(byAsset.get(asset) ?? []);
        realised = lot?.realised ?? 0n;
        source = 'trades';
        computed++;
        if (!lot) notes.push(`The realised P&L of ${p.title ?? asset} is not known: the venue gives none and its trades do not add up.`);
      }
      const r = cid ? resolutions.get(cid) : undefined;
      const settles = held(p) ? settlesAt(p, r) : undefined;
      const index = parseDataTokenId(asset)?.outcomeIndex ?? p.outcomeIndex;
      const tokenId = tokenIdOf(cid, index, p.outcome);
      const base = {
        asset, ...(tokenId ? { tokenId } : {}), conditionId: cid, title: String(p.title ?? cid), ...(p.outcome ? { outcome: p.outcome } : {}), ...(p.slug ? { slug: p.slug } : {}),
        size: text(size), cost: text(cost), ...(avg !== undefined && size > 0n ? { avgPrice: text(avg) } : {}), source, ...(p.timestamp ? { at: p.timestamp } : {}),
      };
      if (size === 0n) return { ...base, state: 'closed', value: '0', realised: text(realised), unrealised: '0' };
      if (settles !== undefined) {
        // Resolved: what is held is worth exactly $1 or $0 a token, final whether redeemed or not.
        const value = settles === '1' ? size : 0n;
        return { ...base, state: 'settled', settles, mark: settles, value: text(value), realised: text(realised + value - cost), unrealised: '0' };
      }
      const mark = toMicros(p.curPrice);
      const value = toMicros(p.currentValue) ?? (mark !== undefined ? worth(size, mark) : 0n);
      return { ...base, state: 'open', ...(mark !== undefined ? { mark: text(mark) } : {}), value: text(value), realised: text(realised), unrealised: text(value - cost) };
    });

    const fromTrades: PositionPnl[] = [];
    let unknownLeft = 0;
    for (const u of unlisted) {
      const first = u.trades[0] as Trade;
      const cid = String(first.conditionId ?? parseDataTokenId(u.asset)?.conditionId ?? '');
      if (!u.lot) {
        unknownLeft++;
        continue;
      }
      let lot = u.lot;
      if (lot.size > 0n) {
        const s1 = settlesAt({ asset: u.asset, ...(first.outcomeIndex !== undefined ? { outcomeIndex: first.outcomeIndex } : {}) }, resolutions.get(cid));
        if (s1 === undefined) {
          unknownLeft++;
          continue;
        }
        lot = settle(lot, s1);
      }
      const tokenId = tokenIdOf(cid, parseDataTokenId(u.asset)?.outcomeIndex ?? first.outcomeIndex, first.outcome);
      fromTrades.push({
        asset: u.asset, ...(tokenId ? { tokenId } : {}), conditionId: cid, title: String(first.title ?? cid), ...(first.outcome ? { outcome: first.outcome } : {}), ...(first.slug ? { slug: first.slug } : {}),
        state: 'closed', size: '0', cost: '0', value: '0', realised: text(lot.realised), unrealised: '0', source: 'trades',
        ...(first.timestamp ? { at: Math.max(...u.trades.map((t) => t.timestamp ?? 0)) } : {}),
      });
    }
    if (fromTrades.length) notes.push(`${plural(fromTrades.length, 'closed position')} the venue no longer lists: realised P&L computed by Kairos from the venue’s trades (fees not counted).`);
    if (computed) notes.push(`${plural(computed, 'position')} without a realised P&L from the venue: computed by Kairos from the venue’s trades (fees not counted).`);
    if (unknownLeft) notes.push(`${plural(unknownLeft, 'traded token')} the venue lists no position for and whose end is not known: left out of the realised P&L.`);
    if (rows.length >= POSITIONS_MAX) notes.push(`The venue lists ${POSITIONS_MAX} positions at most in one answer: the sums cover those only.`);
    if (!traded) notes.push('The venue’s trades of the account could not be read: positions it no longer lists are not in the closed view.');
    if (traded && !traded.whole) notes.push('The account has more trades than the venue pages through: the oldest are not counted.');

    const all = [...fromVenue, ...fromTrades];
    const sum = totals(all.map((p) => ({ value: toMicros(p.value) ?? 0n, realised: toMicros(p.realised) ?? 0n, unrealised: toMicros(p.unrealised) ?? 0n })));
    const cash = balance ? toMicros(balance.data.balance) : undefined;
    const byRecent = (x: PositionPnl, y: PositionPnl): number => (y.at ?? 0) - (x.at ?? 0) || x.title.localeCompare(y.title);
    const data: AccountPnl = {
      ...(cash !== undefined ? { cash: text(cash), value: text(cash + sum.value) } : {}),
      positionsValue: text(sum.value),
      realised: text(sum.realised),
      unrealised: text(sum.unrealised),
      pnl: text(sum.pnl),
      reserved: reservedOf(s, a, balance),
      open: all.filter((p) => p.state !== 'closed'),
      closed: all.filter((p) => p.state === 'closed').sort(byRecent),
      notes,
    };
    // A whole, fresh answer is the account at that moment: one snapshot for the value chart.
    const whole = rows.length < POSITIONS_MAX && !positions.stale && !balance?.stale;
    if (whole) s.user.snapshots.record(user, positions.fetchedAt, { cash, positionsValue: sum.value, realised: sum.realised, unrealised: sum.unrealised }, rows);
    const stale = positions.stale || balance?.stale === true;
    return { data, fetchedAt: Math.min(positions.fetchedAt, balance?.fetchedAt ?? Infinity), stale, ageMs: ctx.clock.now() - positions.fetchedAt };
  };

  const handlers: HandlersOf<'portfolio.pnl'> = {
    'portfolio.pnl': ({ accountId }) => accountPnl(accountId),
  };
  return { handlers };
}
