// Plans the catalog of a world in memory: series, events, markets (with their settings, ids and
// eventual winners), tags and creators. Nothing here touches the database.
import { addressFor, conditionIdFor, hashId, tokenIdFor } from '../ids.js';
import type { Rng } from './random.js';
import { GENERIC_TAGS, KINDS, TAG_TREE, slugify, type Category, type EventText, type Kind, type MarketText, type Names, type Recurrence, type Subject } from './text.js';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
const IMG = 'https://img.kairos.local';

export type MarketStatus = 'active' | 'paused' | 'closed' | 'resolved' | 'archived';
/** Where an event is in its life at the anchor: still trading, or ended in one of three ways. */
type Phase = 'live' | 'paused' | 'closed' | 'resolved' | 'archived';

export const SITES = ['kairos', 'harbor', 'meridian'] as const;
export const creatorAddress = (site: string): string => addressFor(`kairos-venue:creator:${site}`);
/** Neg-risk conditions are prepared by an adapter contract rather than the creator. */
const NEG_RISK_ADAPTER = addressFor('kairos-venue:neg-risk-adapter');

export interface Counts {
  series: number;
  events: number;
  markets: number;
  tags: number;
}

export interface TagPlan {
  id: number;
  label: string;
  slug: string;
  category: Category | null;
  createdAt: number;
}

export interface SeriesPlan {
  id: number;
  kind: Kind;
  subject: Subject;
  title: string;
  slug: string;
  recurrence: Recurrence;
  site: string;
  events: EventPlan[];
  createdAt: number;
  updatedAt: number;
}

export interface EventPlan {
  id: number;
  kind: Kind;
  subject: Subject;
  series: SeriesPlan | null;
  phase: Phase;
  start: number;
  end: number;
  createdAt: number;
  updatedAt: number;
  site: string;
  text: EventText;
  slug: string;
  negRiskMarketId: string;
  markets: MarketPlan[];
  tags: number[];
  /** Relative interest: drives trading volume and comments. */
  pop: number;
  /** Tick size of all its markets (micro): one grid per event keeps its prices comparable. */
  tick: number;
}

export interface MarketPlan {
  id: number;
  event: EventPlan;
  text: MarketText;
  questionId: string;
  conditionId: string;
  tokenIds: string[];
  slug: string;
  status: MarketStatus;
  /** The outcome that wins (or will): set for ended markets, null for live ones. */
  outcome: number | null;
  start: number;
  end: number;
  createdAt: number;
  updatedAt: number;
  image: string;
  mirrorConditionId: string | null;
  mirrorTokenIds: string | null;
  tick: number;
  minSize: number;
  makerFee: number;
  takerFee: number;
  feeRate: number;
  feeExponent: number;
  rewards: { rate: number; minSize: number; maxSpread: number };
  rfq: boolean;
  takerDelay: number;
  screening: boolean;
  minOrderAge: number;
  gameStart: number | null;
  pop: number;
}

export interface CatalogPlan {
  tags: TagPlan[];
  series: SeriesPlan[];
  events: EventPlan[];
  markets: MarketPlan[];
}

const PERIOD: Record<Recurrence, number> = { daily: DAY, weekly: 7 * DAY, monthly: 30 * DAY, quarterly: 91 * DAY };
/** How much of the catalog each category gets. */
const CATEGORY_WEIGHT: Record<Category, number> = { POLITICS: 1.8, SPORTS: 2.2, CRYPTO: 1.5, FINANCE: 1.1, ECONOMICS: 1.2, CULTURE: 1.2, MENTIONS: 0.8, WEATHER: 0.9, TECH: 1.1 };
/** Recurring series by category: sports and prices recur daily, politics rarely. */
const SERIES_WEIGHT: Record<Category, number> = { POLITICS: 0.3, SPORTS: 2.5, CRYPTO: 2.5, FINANCE: 1.2, ECONOMICS: 1.2, CULTURE: 0.4, MENTIONS: 0.8, WEATHER: 1.2, TECH: 0.6 };
/** Event interest by category, for trading volume. */
const CATEGORY_POP: Record<Category, number> = { POLITICS: 1.6, SPORTS: 1.3, CRYPTO: 1.4, FINANCE: 0.8, ECONOMICS: 1, CULTURE: 0.7, MENTIONS: 0.6, WEATHER: 0.5, TECH: 0.8 };
/** Sub-tags that only fit some subjects of a kind (a hockey game is not "Basketball"). */
const TAG_KEYWORDS: Record<string, RegExp> = {
  Basketball: /basketball/i, Football: /football/i, Hockey: /hockey/i, Baseball: /baseball/i, Esports: /esports/i, Soccer: /soccer/i,
  MMA: /fighting/i, Tennis: /tennis/i, Bitcoin: /bitcoin/i, Ethereum: /ethereum/i, Solana: /solana/i, Fed: /^fed$/i,
  'Earnings Calls': /earnings call/i, 'Press Conferences': /press briefing/i, Speeches: /podcast|governor/i, Movies: /oscars|globes/i, Music: /grammys|top 50|album|tour|festival/i,
  'Fed Rates': /^fed$/i, Governors: /governor/i, 'US Politics': /act|governor/i, TV: /late night/i, Celebrities: /./, Gadgets: /./, Space: /satellite/i,
};

/** A category by weight, then one of its kinds; neg-risk kinds rarer so groups stay ≈10%. */
function pickKind(rng: Rng, kinds: readonly Kind[], weights: Record<Category, number>): Kind {
  const cats = [...new Set(kinds.map((k) => k.category))];
  const cat = rng.weighted(cats, cats.map((c) => weights[c]));
  const pool = kinds.filter((k) => k.category === cat);
  return rng.weighted(pool, pool.map((k) => (k.resolution === 'negRisk' ? 0.35 : 1)));
}

const hour = (t: number): number => Math.floor(t / HOUR) * HOUR;
/** The next `endHour` o'clock (UTC) at or after `t`. */
const atHour = (t: number, endHour: number): number => {
  const d = Math.floor(t / DAY) * DAY + endHour * HOUR;
  return d >= t ? d : d + DAY;
};

/** Splits `total` into `parts` by weight: every part gets at least `min`, largest remainders get the rest. */
export function apportion(total: number, weights: readonly number[], min = 0): number[] {
  const out = weights.map(() => min);
  const left = Math.max(0, total - min * weights.length);
  const sum = weights.reduce((a, b) => a + b, 0) || 1;
  const exact = weights.map((w) => (w / sum) * left);
  let given = 0;
  exact.forEach((x, i) => {
    out[i] = (out[i] ?? 0) + Math.floor(x);
    given += Math.floor(x);
  });
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; k < left - given; k++) {
    const i = order[k % order.length]?.[1] ?? 0;
    out[i] = (out[i] ?? 0) + 1;
  }
  return out;
}

/** `n` phases in random order with shares of each, at least one of every kind when n ≥ 5. */
function phaseQuota(rng: Rng, n: number): Phase[] {
  const shares: Array<[Phase, number]> = [['live', 0.6], ['paused', 0.03], ['resolved', 0.23], ['closed', 0.06], ['archived', 0.08]];
  const counts = apportion(n, shares.map(([, s]) => s), n >= 5 ? 1 : 0);
  return rng.shuffle(shares.flatMap(([p], i) => Array<Phase>(counts[i] ?? 0).fill(p)));
}

class Slugs {
  private readonly used = new Set<string>();
  take(base: string): string {
    let slug = base || 'untitled';
    for (let i = 2; this.used.has(slug); i++) slug = `${base}-${i}`;
    this.used.add(slug);
    return slug;
  }
}

export function planCatalog(rng: Rng, names: Names, counts: Counts, anchor: number, seed: number): CatalogPlan {
  const slugs = { series: new Slugs(), events: new Slugs(), markets: new Slugs() };
  const pickSite = (): string => rng.weighted(SITES, [0.6, 0.25, 0.15]);

  // ---- series: recurring kinds with a fixed subject ("Bitcoin daily price").
  const recurring = KINDS.filter((k) => k.recurrence && k.seriesTitle);
  const series: SeriesPlan[] = [];
  const titles = new Set<string>();
  for (let tries = 0; series.length < counts.series && tries < counts.series * 50; tries++) {
    const kind = pickKind(rng, recurring, SERIES_WEIGHT);
    const subject = kind.subject(rng, names);
    const title = kind.seriesTitle?.(subject) ?? subject.name;
    if (titles.has(title) || (counts.series <= 5 && series.some((s) => s.kind.category === kind.category))) continue;
    titles.add(title);
    const recurrence = kind.recurrence ?? 'weekly';
    series.push({ id: series.length + 1, kind, subject, title, slug: slugs.series.take(slugify(title)), recurrence, site: pickSite(), events: [], createdAt: 0, updatedAt: 0 });
  }

  // ---- event slots: about half in series, the rest one-off.
  interface Slot { kind: Kind; subject: Subject; series: SeriesPlan | null; phase: Phase; start: number; end: number }
  const slots: Slot[] = [];
  const inSeries = Math.min(Math.round(counts.events * 0.5), series.length * 40);
  const recurrenceWeight: Record<Recurrence, number> = { daily: 2, weekly: 1.6, monthly: 1.2, quarterly: 0.6 };
  const perSeries = apportion(inSeries, series.map((s) => recurrenceWeight[s.recurrence] * (s.kind.resolution === 'negRisk' ? 0.5 : 1) * rng.range(0.5, 1.5)), 1);
  series.forEach((s, si) => {
    const k = perSeries[si] ?? 1;
    const P = PERIOD[s.recurrence];
    const perDay = s.kind.id === 'game' ? 2 : 1;
    const future = k === 1 ? (rng.chance(0.7) ? 1 : 0) : Math.max(1, Math.round(k * rng.range(0.45, 0.7)));
    const past = Math.min(k - future, Math.floor((85 * DAY) / P) * perDay);
    const first = s.recurrence === 'daily' ? atHour(anchor + HOUR, s.kind.endHour ?? 16) : atHour(anchor + P * rng.range(0.05, 0.9), s.kind.endHour ?? 16);
    for (let j = 0; j < k; j++) {
      const end = first + Math.floor((j - past) / perDay) * P;
      const ended = end < anchor;
      const phase: Phase = !ended ? (rng.chance(0.02) ? 'paused' : 'live') : end > anchor - 2 * DAY && rng.chance(0.25) ? 'closed' : end < anchor - 30 * DAY && rng.chance(0.5) ? 'archived' : 'resolved';
      slots.push({ kind: s.kind, subject: s.subject, series: s, phase, start: 0, end });
    }
  });

  // Standalone events: kinds by category weight, with enough neg-risk groups for ≈10%.
  const standalone = counts.events - slots.length;
  const negTarget = Math.max(2, Math.round(counts.events * 0.1));
  const negInSeries = slots.filter((s) => s.kind.resolution === 'negRisk').length;
  const needNeg = Math.max(Math.min(standalone, 1), Math.min(standalone, negTarget - negInSeries));
  // One-off events; recurring kinds appear here too (a one-off game, a token without a series)
  // except the daily price ladders, which only make sense as series.
  const oneOff = KINDS.filter((k) => k.id !== 'up-down' && k.id !== 'price-above' && k.id !== 'stock-close');
  const negKinds = oneOff.filter((k) => k.resolution === 'negRisk');
  const otherKinds = oneOff.filter((k) => k.resolution !== 'negRisk');
  const phases = phaseQuota(rng, standalone);
  for (let i = 0; i < standalone; i++) {
    const kind = pickKind(rng, i < needNeg ? negKinds : otherKinds, CATEGORY_WEIGHT);
    slots.push({ kind, subject: kind.subject(rng, names), series: null, phase: phases[i] ?? 'live', start: 0, end: 0 });
  }

  // ---- dates: series slots have their end already; one-off ones get one from their phase.
  const place = (s: Slot): void => {
    const D = rng.range(s.kind.days[0], s.kind.days[1]) * DAY;
    if (!s.series) {
      const endHour = s.kind.endHour ?? rng.int(0, 23);
      if (s.phase === 'live' || s.phase === 'paused') s.end = atHour(anchor + D * rng.range(0.05, 0.85), endHour);
      else {
        const ago = s.phase === 'closed' ? rng.range(1, 72) * HOUR : s.phase === 'archived' ? rng.range(30, 85) * DAY : rng.range(2 * HOUR, 80 * DAY);
        s.end = s.kind.endHour === undefined ? hour(anchor - ago) : atHour(anchor - ago - DAY, endHour);
      }
    }
    s.start = hour(s.end - D);
    // Anything still trading has been open for a while: it has a past and a creation date.
    if (s.end > anchor) s.start = Math.min(s.start, hour(anchor - rng.range(2, 36) * HOUR));
  };
  slots.forEach(place);

  // ---- market counts per event, steered to the wanted total.
  const ns = slots.map((s) => rng.int(s.kind.markets[0], s.kind.markets[1]));
  const flexible = slots.map((_, i) => i).filter((i) => (slots[i]?.kind.markets[0] ?? 0) < (slots[i]?.kind.markets[1] ?? 0));
  let total = ns.reduce((a, b) => a + b, 0);
  for (let guard = 0; total !== counts.markets && flexible.length > 0 && guard < 1_000_000; guard++) {
    const k = rng.int(0, flexible.length - 1);
    const i = flexible[k] ?? 0;
    const [lo, hi] = slots[i]?.kind.markets ?? [1, 1];
    const n = ns[i] ?? lo;
    if (total < counts.markets ? n >= hi : n <= lo) {
      flexible[k] = flexible[flexible.length - 1] ?? i;
      flexible.pop();
      continue;
    }
    ns[i] = n + (total < counts.markets ? 1 : -1);
    total += total < counts.markets ? 1 : -1;
  }

  // ---- events and markets.
  const events: EventPlan[] = [];
  const markets: MarketPlan[] = [];
  const textRng = rng.fork('text');
  const eventTitles = new Set<string>();
  slots.forEach((s, i) => {
    const n = ns[i] ?? 1;
    let text = s.kind.event({ rng: textRng, names, n, start: s.start, end: s.end, subject: s.subject });
    // A one-off event that repeats another's title gets another subject, then another kind.
    for (let k = 0; k < 12 && !s.series && eventTitles.has(text.title); k++) {
      if (k >= 4) {
        s.kind = pickKind(rng, s.kind.resolution === 'negRisk' ? negKinds : otherKinds, CATEGORY_WEIGHT);
        place(s);
      }
      s.subject = s.kind.subject(rng, names);
      const m = Math.min(s.kind.markets[1], Math.max(s.kind.markets[0], n));
      text = s.kind.event({ rng: textRng, names, n: m, start: s.start, end: s.end, subject: s.subject });
    }
    eventTitles.add(text.title);
    const id = events.length + 1;
    const createdAt = hour(s.start - rng.range(2, 120) * HOUR) + rng.int(0, 59) * 60_000;
    const negRisk = s.kind.resolution === 'negRisk';
    const slug = slugs.events.take(text.slug ?? slugify(text.title));
    const e: EventPlan = {
      id, kind: s.kind, subject: s.subject, series: s.series, phase: s.phase, start: s.start, end: s.end, createdAt, updatedAt: createdAt,
      site: s.series?.site ?? pickSite(), text, slug,
      negRiskMarketId: negRisk ? `${hashId(`kairos-world:${seed}:neg-risk:${id}`).slice(0, 64)}00` : '',
      markets: [], tags: [],
      pop: rng.lognormal(0, 1) * CATEGORY_POP[s.kind.category] * (s.series ? 1.3 : 1),
      tick: 0, // its first market's
    };
    s.series?.events.push(e);
    events.push(e);
    const live = s.phase === 'live' || s.phase === 'paused';
    const outcomes = decideOutcomes(rng, s.kind, text.markets, (mt) => live && Math.min(mt.end ?? s.end, s.end) <= anchor);
    text.markets.forEach((mt, j) => markets.push(planMarket(rng, e, mt, j, outcomes[j] ?? 1, markets.length + 1, slugs.markets, anchor, seed)));
    if (s.phase === 'closed' && s.kind.resolution === 'ladder') settleClosedLadder(e);
  });

  // ---- roll-ups: an event/series is as active as its most active market.
  for (const e of events) {
    e.updatedAt = Math.max(e.createdAt, ...e.markets.map((m) => m.updatedAt));
  }
  for (const s of series) {
    s.createdAt = Math.min(...s.events.map((e) => e.createdAt)) - hour(rng.range(1, 20) * DAY);
    s.updatedAt = Math.max(...s.events.map((e) => e.updatedAt));
  }

  assignMirrors(rng, markets, seed);
  const tags = planTags(rng, counts.tags, series, events, anchor);
  return { tags, series, events, markets };
}

/** The winning outcome index of each market of an event, drawn up front so that prices can
 *  drift toward it and ended markets resolve consistently (one Yes per neg-risk group, no
 *  "above $90k: No" next to "above $95k: Yes" in a ladder). `endedEarly` marks the markets of a
 *  still-trading event whose own deadline passed: those resolved No, or the later deadlines of
 *  their ladder would be settled too. */
function decideOutcomes(rng: Rng, kind: Kind, ms: MarketText[], endedEarly: (m: MarketText) => boolean): number[] {
  if (kind.resolution === 'negRisk') {
    const winner = ms.indexOf(rng.weighted(ms, ms.map((m) => m.prior)));
    return ms.map((_, i) => (i === winner ? 0 : 1));
  }
  if (kind.resolution === 'ladder') {
    const floor = Math.max(0, ...ms.filter(endedEarly).map((m) => m.prior));
    const u = floor + (1 - floor) * rng.next();
    return ms.map((m) => (u < m.prior ? 0 : 1));
  }
  return ms.map((m) => (rng.chance(m.prior) ? 0 : 1));
}

function tickOf(e: EventPlan, drawn: number): number {
  if (e.markets.length === 0) e.tick = drawn;
  return e.tick;
}

/** A closed ladder awaits only its last deadline: the earlier ones have resolved, and once one
 *  of them resolved Yes the later ones are settled too. */
function settleClosedLadder(e: EventPlan): void {
  const happened = e.markets.some((m) => m.end < e.end && m.outcome === 0);
  for (const m of e.markets) if (happened || m.end < e.end) m.status = 'resolved';
}

function planMarket(rng: Rng, e: EventPlan, t: MarketText, j: number, outcome: number, id: number, slugs: Slugs, anchor: number, seed: number): MarketPlan {
  const end = Math.min(t.end ?? e.end, e.end);
  const ended = end <= anchor;
  // A market whose own deadline passed inside a live event has resolved already.
  const status: MarketStatus =
    e.phase === 'live' ? (ended ? 'resolved' : rng.chance(0.03) ? 'paused' : 'active') : e.phase === 'paused' ? (ended ? 'resolved' : 'paused') : e.phase;
  const negRisk = e.negRiskMarketId !== '';
  const questionId = negRisk ? `${e.negRiskMarketId.slice(0, 64)}${j.toString(16).padStart(2, '0')}` : hashId(`kairos-world:${seed}:question:${id}`);
  const conditionId = conditionIdFor(negRisk ? NEG_RISK_ADAPTER : creatorAddress(e.site), questionId, t.outcomes.length);
  const createdAt = Math.min(e.createdAt + rng.int(0, 40) * 60_000, e.start - 60_000);
  const single = e.text.markets.length === 1;
  const slug = slugs.take(t.sports ? `${e.slug}-${slugify(t.label)}` : single ? e.slug : slugify(t.question));
  const updatedAt = ended ? Math.min(anchor - 60_000, end + rng.int(1, 48) * HOUR) : Math.max(createdAt, anchor - rng.int(1, 72 * 60) * 60_000);
  const live = status === 'active' || status === 'paused';
  const takerFee = rng.chance(0.12) ? rng.int(4, 8) * 25 : 0;
  const takerDelay = t.sports ? rng.chance(0.6) : rng.chance(0.02);
  const m: MarketPlan = {
    id, event: e, text: t, questionId, conditionId,
    tokenIds: t.outcomes.map((_, i) => tokenIdFor(conditionId, i)),
    slug, status, outcome: live ? null : outcome,
    start: e.start, end, createdAt, updatedAt,
    image: single ? `${IMG}/events/${e.slug}.png` : `${IMG}/markets/${slug}.png`,
    mirrorConditionId: null, mirrorTokenIds: null,
    // Drawn for every market, kept from the event's first: one grid per event, and the same
    // draws as when each market had its own (a seed keeps its catalog).
    tick: tickOf(e, rng.weighted([10_000, 1_000, 100], [0.85, 0.13, 0.02])),
    minSize: rng.weighted([5, 1, 10, 15], [0.8, 0.05, 0.1, 0.05]),
    makerFee: 0, takerFee,
    feeRate: takerFee / 10_000, feeExponent: takerFee ? rng.int(1, 2) : 0,
    rewards: live && rng.chance(0.5)
      ? { rate: rng.weighted([1, 5, 10, 25, 50, 100, 250], [2, 4, 4, 3, 2, 1, 0.5]), minSize: rng.pick([20, 50, 100, 200, 500]), maxSpread: rng.pick([1.5, 2, 3, 3.5, 4.5, 5.5]) }
      : { rate: 0, minSize: 0, maxSpread: 0 },
    rfq: rng.chance(0.04),
    takerDelay: takerDelay ? rng.int(1, 5) : 0,
    screening: rng.chance(0.1),
    minOrderAge: rng.chance(0.12) ? rng.int(5, 30) : 0,
    gameStart: t.sports && e.text.gameStart !== undefined ? e.text.gameStart : null,
    // Long shots in a group draw less interest than favourites.
    pop: e.pop * (negRisk ? 0.25 + 1.5 * Math.sqrt(t.prior) : 1) / Math.sqrt(e.text.markets.length),
  };
  e.markets.push(m);
  return m;
}

/** About 22% of markets mirror an external market; most of those also map their tokens. */
function assignMirrors(rng: Rng, markets: MarketPlan[], seed: number): void {
  const picked = rng.sample(markets, Math.round(markets.length * 0.22));
  const withTokens = Math.min(picked.length - (picked.length >= 2 ? 1 : 0), Math.round(picked.length * 0.8));
  picked.forEach((m, i) => {
    m.mirrorConditionId = hashId(`kairos-world:${seed}:mirror:${m.id}`);
    if (i < withTokens) m.mirrorTokenIds = JSON.stringify(m.text.outcomes.map((_, k) => tokenIdFor(m.mirrorConditionId as string, k)));
  });
}

/** Category tags, then sub-tags round-robin across categories, then generic tags, then the
 *  names events are about, until `count`; then links events (and their markets) to tags. */
function planTags(rng: Rng, count: number, series: SeriesPlan[], events: EventPlan[], anchor: number): TagPlan[] {
  const candidates: Array<[string, Category | null]> = TAG_TREE.map(([label, cat]) => [label, cat]);
  const depth = Math.max(...TAG_TREE.map(([, , subs]) => subs.length));
  for (let d = 0; d < depth; d++) for (const [, cat, subs] of TAG_TREE) if (subs[d]) candidates.push([subs[d] as string, cat]);
  for (const g of GENERIC_TAGS) candidates.push([g, null]);
  for (const s of series) candidates.push([s.subject.name, s.kind.category]);
  for (const e of events) for (const name of e.text.entities) candidates.push([name, e.kind.category]);

  const tags: TagPlan[] = [];
  const bySlug = new Map<string, TagPlan>();
  for (const [label, category] of candidates) {
    if (tags.length >= count) break;
    const slug = slugify(label);
    if (!slug || bySlug.has(slug)) continue;
    const tag = { id: tags.length + 1, label, slug, category, createdAt: hour(anchor - 400 * DAY) + tags.length * 37 * 60_000 };
    tags.push(tag);
    bySlug.set(slug, tag);
  }
  const categoryTag = new Map(TAG_TREE.map(([label, cat]) => [cat, bySlug.get(slugify(label))]));
  const popular = [...events].sort((a, b) => b.pop - a.pop || a.id - b.id).slice(0, Math.ceil(events.length * 0.08));
  const trending = new Set(popular);

  for (const e of events) {
    const labels: string[] = [];
    const about = `${e.subject.name} ${e.subject.extra} ${e.text.title}`;
    for (const t of e.kind.tags) if (!TAG_KEYWORDS[t] || TAG_KEYWORDS[t].test(about)) labels.push(t);
    if (e.series) labels.push('Recurring', e.series.recurrence === 'daily' ? 'Daily' : e.series.recurrence === 'weekly' ? 'Weekly' : 'Monthly');
    if (trending.has(e)) labels.push('Trending');
    if (e.createdAt > anchor - 3 * DAY) labels.push('New');
    if (e.kind.id === 'up-down' || e.kind.id === 'price-above' || e.kind.id === 'stock-close') labels.push('Hide From New');
    if (!e.series && e.kind.category === 'POLITICS' && rng.chance(0.1)) labels.push('Breaking News');
    labels.push(...e.text.entities);
    const ids = new Set<number>();
    const cat = categoryTag.get(e.kind.category);
    if (cat) ids.add(cat.id);
    for (const l of labels) {
      const t = bySlug.get(slugify(l));
      if (t) ids.add(t.id);
    }
    e.tags = [...ids].sort((a, b) => a - b);
  }
  return tags;
}
