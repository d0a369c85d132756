// A palette command applied to its market: the outcome named among the market's own, prices on
// its tick and within its band, sizes on the share step and at least its minimum, "all" as the
// whole position held. What comes out is what the palette row says and what its preview opens
// with; anything that does not fit is a problem in words, never a rounded or guessed value.
import type { DraftLine } from '@shared/ipc/contract';
import { buildLadder } from '@shared/domain/ladder';
import { centsText, formatMicros, parseMicros, toMicros } from '@shared/domain/money';
import { highestPrice, priceFault, sizeFault, snapSize, tickNeighbours } from '@shared/domain/grid';
import { clobTokenIdOf, tokenIdKind } from '@shared/domain/token-ids';
import type { AlertDraft } from '../watchlist/alert-form';
import { centsField } from '../../ui/cents';
import type { Command, TypedPrice } from './command';

export interface MarketFacts {
  conditionId: string;
  /** The catalog id the market page opens with. */
  ref: string;
  question: string;
  outcomes: ReadonlyArray<{ tokenId: string; outcome: string }>;
  /** The market's tick, decimal text ("0.01"). */
  tick: string;
  /** The smallest order in shares, decimal text, where known. */
  minSize?: string | undefined;
  /** Shares held of each outcome token, decimal text; undefined while not known. */
  held?: ReadonlyMap<string, string> | undefined;
}

export type Action =
  | { kind: 'lines'; label: string; lines: Array<Partial<DraftLine>> }
  | { kind: 'alert'; label: string; conditionId: string; ref: string; question: string; outcomes: string[]; draft: AlertDraft }
  | { kind: 'cancel'; label: string; question?: string; input: { orderIds: string[] } | { all: true }; count: number }
  | { kind: 'follow'; label: string; address: string };

export type Resolved = { ok: true; action: Action } | { ok: false; problem: string };

const bad = (problem: string): Resolved => ({ ok: false, problem });
const quoted = (q: string): string => `“${q.length > 70 ? `${q.slice(0, 69)}…` : q}”`;
const sharesWord = (n: string): string => `${n} share${n === '1' ? '' : 's'}`;

/** The market's outcome named, by its own name (case aside), or why none is. */
export function findOutcome(name: string, m: Pick<MarketFacts, 'outcomes'>): { index: number; tokenId: string; outcome: string } | string {
  const i = m.outcomes.findIndex((o) => o.outcome.toLowerCase() === name.toLowerCase());
  const o = m.outcomes[i];
  if (!o) return `“${name}” is not an outcome of this market: ${m.outcomes.map((x) => x.outcome).join(' or ')}`;
  return { index: i, tokenId: o.tokenId, outcome: o.outcome };
}

/** Why a typed price cannot be used on this tick, or undefined when it can. */
export function tickProblem(p: TypedPrice, tickText: string): string | undefined {
  const price = parseMicros(p.price);
  const tick = parseMicros(tickText);
  if (price === null || tick === null || tick <= 0n) return `${p.typed} cannot be checked against a tick of ${tickText}`;
  const fault = priceFault(price, tick);
  if (fault === 'off-tick') return `${centsText(price)} is not on this market’s ${centsText(tick)} tick: type ${tickNeighbours(price, tick).map((x) => centsField(formatMicros(x))).join(' or ')}`;
  if (fault === 'out-of-band') return `${centsText(price)} is outside this market’s prices, ${centsText(tick)} to ${centsText(highestPrice(tick))}`;
  return undefined;
}

function sizeProblem(size: string, minSize: string | undefined): string | undefined {
  const s = parseMicros(size);
  const min = minSize === undefined ? 0n : (toMicros(minSize) ?? 0n);
  if (s === null) return `“${size}” is not a number of shares`;
  const fault = sizeFault(s, min);
  if (fault === 'below-minimum') return `${sharesWord(size)} is below this market’s smallest order, ${sharesWord(formatMicros(min))}`;
  if (fault) return `${size} is not a size an order can carry`;
  return undefined;
}

function order(c: Extract<Command, { kind: 'order' }>, m: MarketFacts): Resolved {
  const o = findOutcome(c.outcome, m);
  if (typeof o === 'string') return bad(o);
  const priceBad = c.price ? tickProblem(c.price, m.tick) : undefined;
  if (priceBad) return bad(priceBad);
  let size = c.size;
  let note = '';
  if (size === 'all') {
    const held = m.held?.get(o.tokenId);
    if (m.held === undefined) return bad(`reading what you hold of ${o.outcome}…`);
    const micros = held === undefined ? 0n : (toMicros(held) ?? 0n);
    // An order carries hundredths: the part of a share below that stays held, and the row says so.
    const sellable = snapSize(micros);
    if (sellable <= 0n) return bad(`you hold no ${o.outcome} of ${quoted(m.question)}`);
    size = formatMicros(sellable);
    if (sellable !== micros) note = ` (of ${formatMicros(micros)} held: orders take hundredths)`;
  }
  const sizeBad = sizeProblem(size, m.minSize);
  if (sizeBad) return bad(sizeBad);
  const verb = c.side === 'BUY' ? 'Buy' : 'Sell';
  const what = c.size === 'all' ? `all ${size} ${o.outcome}${note}` : `${size} ${o.outcome}`;
  const at = c.price ? `at ${centsText(c.price.price)}` : 'at a price to type in the ticket';
  const line: Partial<DraftLine> = { conditionId: m.conditionId, tokenId: o.tokenId, label: m.question, outcome: o.outcome, side: c.side, price: c.price?.price ?? '', size, type: 'GTC' };
  return { ok: true, action: { kind: 'lines', label: `${verb} ${what} ${at} — ${quoted(m.question)} — preview`, lines: [line] } };
}

function ladder(c: Extract<Command, { kind: 'ladder' }>, m: MarketFacts, room: number): Resolved {
  const o = findOutcome(c.outcome, m);
  if (typeof o === 'string') return bad(o);
  const priceBad = tickProblem(c.from, m.tick) ?? tickProblem(c.to, m.tick);
  if (priceBad) return bad(priceBad);
  const sizeBad = sizeProblem(c.size, m.minSize);
  if (sizeBad) return bad(sizeBad);
  const each = parseMicros(c.size) as bigint;
  // The rungs' size is given per rung; the ladder builder splits a total evenly, so each gets exactly it.
  const built = buildLadder({ from: c.from.price, to: c.to.price, rungs: c.rungs, spacing: 'linear', totalSize: formatMicros(each * BigInt(c.rungs)), split: 'even', tick: m.tick });
  if (!built.ok) return bad(built.problem);
  if (built.rungs.length > room) return bad(`${built.rungs.length} rungs do not fit: the ticket has room for ${room} more line${room === 1 ? '' : 's'}`);
  const lines = built.rungs.map((r) => ({ conditionId: m.conditionId, tokenId: o.tokenId, label: m.question, outcome: o.outcome, side: c.side, price: r.price, size: r.size, type: 'GTC' as const }));
  const verb = c.side === 'BUY' ? 'buy' : 'sell';
  const prices = built.rungs.map((r) => centsField(r.price)).join(', ');
  return { ok: true, action: { kind: 'lines', label: `Ladder: ${verb} ${o.outcome}, ${c.rungs} rung${c.rungs === 1 ? '' : 's'} at ${prices}¢, ${sharesWord(c.size)} each — ${quoted(m.question)} — preview`, lines } };
}

function alert(c: Extract<Command, { kind: 'alert' }>, m: MarketFacts): Resolved {
  const o = findOutcome(c.outcome, m);
  if (typeof o === 'string') return bad(o);
  const priceBad = tickProblem(c.price, m.tick);
  if (priceBad) return bad(priceBad);
  const draft: AlertDraft = { target: { kind: 'price', outcome: o.index }, op: c.op, value: centsField(c.price.price) };
  const label = `Alert when ${o.outcome} ${c.op === '>=' ? '≥' : '≤'} ${centsText(c.price.price)} — ${quoted(m.question)} — open the form`;
  return { ok: true, action: { kind: 'alert', label, conditionId: m.conditionId, ref: m.ref, question: m.question, outcomes: m.outcomes.map((x) => x.outcome), draft } };
}

/** A command on a market (every kind but cancel and follow), with the ticket's room for new lines. */
export function resolveOnMarket(c: Exclude<Command, { kind: 'cancel' | 'follow' }>, m: MarketFacts, room: number): Resolved {
  if (c.kind === 'order') {
    const r = order(c, m);
    if (r.ok && r.action.kind === 'lines' && r.action.lines.length > room) return bad(`the ticket already holds its most lines; clear one first`);
    return r;
  }
  if (c.kind === 'ladder') return ladder(c, m, room);
  return alert(c, m);
}

/** "cancel all": the open orders of the market in view or named (by their tokens), else every one. */
export function resolveCancel(orders: ReadonlyArray<{ id: string; tokenId: string }>, m: Pick<MarketFacts, 'question' | 'outcomes'> | undefined): Resolved {
  if (!m) {
    if (orders.length === 0) return bad('no open orders listed for this account');
    return { ok: true, action: { kind: 'cancel', label: `Cancel all open orders of this account (${orders.length} listed) — confirm`, input: { all: true }, count: orders.length } };
  }
  const tokens = new Set(m.outcomes.map((o) => o.tokenId));
  const ids = orders.filter((o) => tokens.has(o.tokenId)).map((o) => o.id);
  if (ids.length === 0) return bad(`no open orders of ${quoted(m.question)}`);
  return { ok: true, action: { kind: 'cancel', label: `Cancel ${ids.length === 1 ? 'the open order' : `all ${ids.length} open orders`} of ${quoted(m.question)} — confirm`, question: m.question, input: { orderIds: ids }, count: ids.length } };
}

/** "follow 0x…": the trader's page, where the wallet is followed. */
export function resolveFollow(address: string): Resolved {
  return { ok: true, action: { kind: 'follow', label: `Follow ${address.slice(0, 6)}…${address.slice(-4)} — confirm`, address } };
}

/**
 * Shares held per outcome token (the trading form), from the data surface's positions, whose
 * `asset` is `<condition_id>:<index>` or, on some deployments, the token id itself.
 */
export function heldByToken(positions: ReadonlyArray<{ asset?: string | undefined; size?: number | undefined; outcomeIndex?: number | undefined }>, conditionId: string, tokenIds: readonly string[]): Map<string, string> {
  const held = new Map<string, bigint>();
  for (const p of positions) {
    const asset = String(p.asset ?? '');
    const kind = tokenIdKind(asset);
    const token = kind === 'uint256' ? asset : kind === 'data' ? clobTokenIdOf(asset, conditionId, tokenIds) : typeof p.outcomeIndex === 'number' ? tokenIds[p.outcomeIndex] : undefined;
    const size = toMicros(p.size);
    if (token === undefined || !tokenIds.includes(token) || size === undefined) continue;
    held.set(token, (held.get(token) ?? 0n) + size);
  }
  return new Map([...held].map(([t, m]) => [t, formatMicros(m)]));
}

export interface MarketHit {
  id: string;
  title: string;
}

/** The one market a named text means, or why it means none or several (never the first of many). */
export function pickMarket(text: string, hits: readonly MarketHit[]): { ok: true; id: string } | { ok: false; problem: string } {
  const t = text.trim().toLowerCase();
  if (hits.length === 1) return { ok: true, id: (hits[0] as MarketHit).id };
  const exact = hits.filter((h) => h.title.trim().toLowerCase() === t);
  if (exact.length === 1) return { ok: true, id: (exact[0] as MarketHit).id };
  if (hits.length === 0) return { ok: false, problem: `no open market matches “${text}”` };
  const some = hits.slice(0, 3).map((h) => quoted(h.title)).join(', ');
  return { ok: false, problem: `“${text}” matches ${hits.length} markets (${some}${hits.length > 3 ? ', …' : ''}): type more of the question` };
}
