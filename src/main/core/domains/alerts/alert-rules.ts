// What an alert compares, exactly: prices, spreads and volumes in micro units (integers), taken
// from the latest readings of a market's tokens. Pure: no storage, no venue.
import { centsText, formatMicros, parseMicros, toMicros, usdText } from '@shared/domain/money.js';
import { MICROS_PER_DOLLAR } from '@shared/domain/units.js';
import type { Alert } from '@shared/ipc/watchlist.js';
import type { PriceSeen } from '../../readings.js';
import type { AlertRow, AlertRule } from '../../user-data/watchlist.js';

export type { PriceSeen };

interface TokenState {
  bid?: bigint | null;
  ask?: bigint | null;
  last?: bigint;
  at: number;
}

/** The latest readings of one Session: what alerts are judged against. */
export class Readings {
  private readonly tokens = new Map<string, TokenState>();
  private readonly volumes = new Map<string, { v: bigint; at: number }>();

  /** Takes in readings; returns the tokens and markets (lower-case condition ids) they changed. */
  take(prices: Iterable<PriceSeen>, now: number): { tokens: Set<string>; markets: Set<string> } {
    const tokens = new Set<string>();
    const markets = new Set<string>();
    const price = (p: string | null | undefined): bigint | null | undefined => (p === null ? null : p === undefined ? undefined : (parseMicros(p) ?? undefined));
    for (const p of prices) {
      const at = p.at ?? now;
      const had = p.tokenId ? this.tokens.get(p.tokenId) : undefined;
      if (p.tokenId && !(had && had.at > at)) {
        const next: TokenState = { ...had, at };
        const bid = price(p.bestBid);
        const ask = price(p.bestAsk);
        const last = price(p.last);
        if (p.bestBid !== undefined && bid !== undefined) next.bid = bid;
        if (p.bestAsk !== undefined && ask !== undefined) next.ask = ask;
        if (last !== undefined && last !== null) next.last = last;
        this.tokens.set(p.tokenId, next);
        tokens.add(p.tokenId);
      }
      const v = p.volume24hr === null ? undefined : toMicros(p.volume24hr);
      const cid = p.conditionId?.toLowerCase();
      const seen = cid ? this.volumes.get(cid) : undefined;
      if (cid && v !== undefined && !(seen && seen.at > at)) {
        this.volumes.set(cid, { v, at });
        markets.add(cid);
      }
    }
    return { tokens, markets };
  }

  /**
   * An outcome's price as the venue marks it: its last trade; in a two-outcome market without
   * one, the complement of the other outcome's last trade; else the middle of its best bid and ask.
   */
  price(tokens: readonly string[], outcome: number): bigint | undefined {
    const token = tokens[outcome];
    if (!token) return undefined;
    const own = this.tokens.get(token);
    if (own?.last !== undefined) return own.last;
    const other = tokens.length === 2 ? this.tokens.get(tokens[1 - outcome] as string)?.last : undefined;
    if (other !== undefined) return MICROS_PER_DOLLAR - other;
    // Ticks are whole hundredths of a cent or coarser, so the middle is a whole micro.
    if (own?.bid && own.ask) return (own.bid + own.ask) / 2n;
    return undefined;
  }

  /** The first outcome's spread: best ask − best bid, when both sides have orders. */
  spread(tokens: readonly string[]): bigint | undefined {
    const t = tokens[0] ? this.tokens.get(tokens[0]) : undefined;
    return t?.bid && t.ask ? t.ask - t.bid : undefined;
  }

  volume(conditionId: string): bigint | undefined {
    return this.volumes.get(conditionId.toLowerCase())?.v;
  }

  /** What the alert compares now, when the readings say. */
  valueOf(a: Pick<AlertRow, 'kind' | 'outcome' | 'tokens' | 'conditionId'>): bigint | undefined {
    if (a.kind === 'price') return a.outcome === undefined ? undefined : this.price(a.tokens, a.outcome);
    if (a.kind === 'spread') return this.spread(a.tokens);
    return this.volume(a.conditionId);
  }
}

/** Whether the rule's condition holds for `value`. */
export function holds(rule: AlertRule, value: bigint): boolean {
  if (rule.kind === 'price') return rule.op === '<=' ? value <= rule.threshold : value >= rule.threshold;
  if (rule.kind === 'spread') return value <= rule.threshold;
  return value >= rule.threshold;
}


/** The condition in words: "Yes ≥ 60¢", "Spread ≤ 2¢", "24h volume ≥ $25,000.00". */
export function ruleWords(rule: AlertRule): string {
  if (rule.kind === 'price') return `${rule.outcomeLabel ?? `Outcome ${(rule.outcome ?? 0) + 1}`} ${rule.op === '<=' ? '≤' : '≥'} ${centsText(rule.threshold)}`;
  if (rule.kind === 'spread') return `Spread ≤ ${centsText(rule.threshold)}`;
  return `24h volume ≥ ${usdText(rule.threshold)}`;
}

/** The value in words: a price or spread in cents, a volume in dollars. */
export function valueWords(rule: Pick<AlertRule, 'kind'>, value: bigint): string {
  return rule.kind === 'volume24h' ? usdText(value) : centsText(value);
}

/** The alert as the contract gives it. */
export function alertOut(a: AlertRow, fires: { latest: Array<{ at: number; value: bigint }>; count: number }): Alert {
  const condition: Alert['condition'] =
    a.kind === 'price'
      ? { kind: 'price', outcome: a.outcome ?? 0, op: a.op ?? '>=', price: formatMicros(a.threshold) }
      : a.kind === 'spread'
        ? { kind: 'spread', max: formatMicros(a.threshold) }
        : { kind: 'volume24h', min: formatMicros(a.threshold) };
  return {
    id: a.id,
    conditionId: a.conditionId,
    ref: a.ref,
    question: a.question,
    condition,
    words: ruleWords(a),
    ...(a.outcomeLabel !== undefined ? { outcome: a.outcomeLabel } : {}),
    paused: a.paused,
    state: a.armed ? 'armed' : 'met',
    ...(a.value !== undefined ? { value: formatMicros(a.value) } : {}),
    ...(a.checkedAt !== undefined ? { checkedAt: a.checkedAt } : {}),
    createdAt: a.createdAt,
    fired: fires.latest.map((f) => ({ at: f.at, value: formatMicros(f.value) })),
    fireCount: fires.count,
  };
}
