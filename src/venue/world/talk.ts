// Comments and reactions: threads under events, series and markets, written mostly by the
// wallets that trade (and often still hold) what they talk about.
import { DAY, type CatalogPlan } from './catalog.js';
import { WeightedTable, type Rng } from './random.js';
import { commentBody, replyBody } from './text.js';
import type { TradingResult, WalletPlan } from './trading.js';

export interface CommentRow {
  id: number;
  body: string;
  parentType: 'Event' | 'Series' | 'market';
  parentId: number;
  parentCommentId: number | null;
  user: number;
  replyTo: number | null;
  createdAt: number;
  updatedAt: number;
  reportCount: number;
}

export interface ReactionRow {
  commentId: number;
  user: number;
  type: string;
  createdAt: number;
}

const REACTIONS = ['THUMBS_UP', 'HEART', 'LAUGH', 'FIRE'] as const;

interface Parent {
  type: CommentRow['parentType'];
  id: number;
  createdAt: number;
  subjects: string[];
  holders: number[];
  traders: number[];
}

export function planComments(
  rng: Rng,
  catalog: CatalogPlan,
  wallets: WalletPlan[],
  trading: TradingResult,
  count: number,
  anchor: number,
  emit: (c: CommentRow, reactions: ReactionRow[]) => void,
): void {
  const eventHolders = new Map<number, Set<number>>();
  for (const m of catalog.markets) {
    const set = eventHolders.get(m.event.id) ?? new Set<number>();
    for (const w of trading.holders.get(m.id) ?? []) set.add(w);
    eventHolders.set(m.event.id, set);
  }
  // One array per event, shared by the event's markets and series.
  const tradersOf = new Map(catalog.events.map((e) => [e.id, [...(trading.traders.get(e.id) ?? [])]]));
  const subjectsOf = (e: CatalogPlan['events'][number]): string[] => (e.text.entities.length ? e.text.entities : [e.text.title]);
  // Three kinds of parent in fixed shares; within a kind, busier ones get more comments.
  const kinds: Array<{ share: number; parents: Parent[]; table: WeightedTable }> = [];
  const addKind = (share: number, list: Array<[Parent, number]>): void => {
    if (list.length) kinds.push({ share, parents: list.map(([p]) => p), table: new WeightedTable(list.map(([, w]) => w)) });
  };
  addKind(0.75, catalog.events.map((e) => {
    const traders = tradersOf.get(e.id) ?? [];
    return [{ type: 'Event', id: e.id, createdAt: e.createdAt, subjects: subjectsOf(e), holders: [...(eventHolders.get(e.id) ?? [])], traders }, e.pop * Math.sqrt(1 + traders.length)];
  }));
  addKind(0.1, catalog.series.map((s) => {
    const holders = new Set(s.events.flatMap((e) => [...(eventHolders.get(e.id) ?? [])]));
    const traders = new Set(s.events.flatMap((e) => tradersOf.get(e.id) ?? []));
    return [{ type: 'Series', id: s.id, createdAt: s.createdAt, subjects: [s.subject.name], holders: [...holders], traders: [...traders] }, Math.sqrt(s.events.length)];
  }));
  addKind(0.15, catalog.markets.map((m) => {
    // A candidate's market is about the candidate; a threshold market is about its event's subject.
    const subjects = m.event.negRiskMarketId ? [m.text.label] : m.text.sports ? m.text.outcomes : subjectsOf(m.event);
    const trades = trading.perMarket.get(m.id) ?? 0;
    return [{ type: 'market', id: m.id, createdAt: m.createdAt, subjects, holders: [...(trading.holders.get(m.id) ?? [])], traders: tradersOf.get(m.event.id) ?? [] }, Math.sqrt(1 + trades) * m.event.pop];
  }));
  const kindTable = new WeightedTable(kinds.map((k) => k.share));
  const walletTable = new WeightedTable(wallets.map((w) => w.activity));

  // Draw parents and times, then write in time order so ids follow time and replies
  // always come after what they answer.
  const drafts = Array.from({ length: count }, (_, i) => {
    const kind = kinds[kindTable.pick(rng)] as (typeof kinds)[number];
    const parent = kind.parents[kind.table.pick(rng)] as Parent;
    const lo = Math.max(parent.createdAt, anchor - 120 * DAY) + 10 * 60_000;
    const hi = anchor - 60_000;
    return { i, parent, at: Math.floor(hi - (hi - lo) * rng.next() ** 1.6) };
  });
  drafts.sort((a, b) => a.at - b.at || a.i - b.i);

  const threads = new Map<string, CommentRow[]>(); // top-level comments per parent
  const replies = new Map<number, CommentRow[]>(); // replies per top-level comment
  drafts.forEach(({ parent, at }, k) => {
    const id = k + 1;
    const key = `${parent.type}:${parent.id}`;
    const roots = threads.get(key) ?? [];
    // Authors: mostly holders and traders of what is discussed, else anyone.
    const r = rng.next();
    const user = r < 0.5 && parent.holders.length ? rng.pick(parent.holders) : r < 0.75 && parent.traders.length ? rng.pick(parent.traders) : walletTable.pick(rng);
    const subject = rng.pick(parent.subjects);
    let row: CommentRow;
    if (roots.length > 0 && rng.chance(0.3)) {
      // A reply, usually to one of the latest threads; sometimes to someone else in it.
      const root = roots[Math.max(0, roots.length - Math.floor(rng.pareto(1.2)))] as CommentRow;
      const inThread = replies.get(root.id) ?? [];
      const target = inThread.length && rng.chance(0.35) ? rng.pick(inThread) : root;
      const parentName = wallets[target.user]?.name ?? 'anon';
      row = { id, body: replyBody(rng, subject, parentName), parentType: parent.type, parentId: parent.id, parentCommentId: root.id, user, replyTo: target.user, createdAt: at, updatedAt: at, reportCount: 0 };
      inThread.push(row);
      replies.set(root.id, inThread);
    } else {
      row = { id, body: commentBody(rng, subject), parentType: parent.type, parentId: parent.id, parentCommentId: null, user, replyTo: null, createdAt: at, updatedAt: at, reportCount: 0 };
      roots.push(row);
      threads.set(key, roots);
    }
    if (rng.chance(0.06)) row.updatedAt = Math.min(anchor - 1, at + rng.int(1, 360) * 60_000);
    if (rng.chance(0.03)) row.reportCount = rng.int(1, 3);

    // Reactions: most comments get none or a few, a handful get many.
    const n = Math.min(40, Math.floor(rng.pareto(1.25) - 0.6));
    const seen = new Set<number>([user]);
    const reactions: ReactionRow[] = [];
    for (let j = 0; j < n * 2 && reactions.length < n; j++) {
      const w = walletTable.pick(rng);
      if (seen.has(w)) continue;
      seen.add(w);
      reactions.push({ commentId: id, user: w, type: rng.weighted(REACTIONS, [45, 25, 15, 15]), createdAt: Math.floor(at + (anchor - 1 - at) * rng.next() ** 3) });
    }
    emit(row, reactions);
  });
}
