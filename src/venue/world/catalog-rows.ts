// The catalog's rows as the database holds them: creators, wallets, tags, series, events and
// their markets and tokens, each table's rows in the order they are numbered.
import type { TableRows } from '../db/insert-many.js';
import { creatorAddress, SITES, type CatalogPlan, type MarketStatus } from './catalog.js';
import type { WalletPlan } from './trading.js';

const isLive = (s: MarketStatus): boolean => s === 'active' || s === 'paused';
const isClosed = (s: MarketStatus): boolean => !isLive(s);
const flag = (b: boolean): number => (b ? 1 : 0);

const table = (name: string, columns: readonly string[]): TableRows => ({ table: name, columns, values: [] });

/** Every catalog table's rows; call after trading, which settles each event's tick size. */
export function catalogRows(catalog: CatalogPlan, wallets: readonly WalletPlan[]): TableRows[] {
  const creators = table('creators', ['address', 'site']);
  for (const site of SITES) creators.values.push(creatorAddress(site), site);

  const walletRows = table('wallets', ['address', 'name', 'pseudonym', 'bio', 'profile_image', 'x_username', 'verified', 'display_public', 'created_at']);
  for (const w of wallets) walletRows.values.push(w.address, w.name, w.pseudonym, w.bio, w.image, w.xUsername, flag(w.verified), flag(w.displayPublic), w.createdAt);

  const tags = table('tags', ['id', 'label', 'slug', 'category', 'requires_translation', 'created_at', 'updated_at']);
  for (const t of catalog.tags) tags.values.push(t.id, t.label, t.slug, t.category, 0, t.createdAt, t.createdAt);

  const series = table('series', ['id', 'ticker', 'slug', 'title', 'series_type', 'recurrence', 'image', 'icon', 'active', 'closed', 'archived', 'created_at', 'updated_at']);
  for (const s of catalog.series) {
    const image = `https://img.kairos.local/series/${s.slug}.png`;
    const statuses = s.events.flatMap((e) => e.markets.map((m) => m.status));
    series.values.push(s.id, s.slug, s.slug, s.title, 'single', s.recurrence, image, image, flag(statuses.some(isLive)), flag(statuses.every(isClosed)), flag(statuses.every((x) => x === 'archived')), s.createdAt, s.updatedAt);
  }

  const events = table('events', [
    'id', 'ticker', 'slug', 'title', 'description', 'resolution_source', 'image', 'icon', 'start_date', 'end_date', 'creation_date', 'created_at', 'updated_at',
    'active', 'closed', 'archived', 'neg_risk', 'neg_risk_market_id', 'series_id', 'category',
  ]);
  const eventTags = table('event_tags', ['event_id', 'tag_id']);
  const markets = table('markets', [
    'id', 'condition_id', 'question_id', 'question', 'slug', 'description', 'resolution_source', 'image', 'icon', 'start_date', 'end_date', 'created_at', 'updated_at',
    'event_id', 'status', 'outcomes', 'winner_index', 'creator', 'mirror_condition_id', 'mirror_token_ids', 'neg_risk', 'neg_risk_request_id', 'tick_size', 'min_size',
    'maker_base_fee', 'taker_base_fee', 'fee_rate', 'fee_exponent', 'fee_taker_only', 'rewards_daily_rate', 'rewards_min_size', 'rewards_max_spread', 'rfq_enabled',
    'taker_delay', 'seconds_delay', 'screening', 'min_order_age', 'game_start_time', 'accepting_orders_since', 'category',
  ]);
  const marketTags = table('market_tags', ['market_id', 'tag_id']);
  const tokens = table('tokens', ['token_id', 'condition_id', 'outcome_index', 'outcome']);
  for (const e of catalog.events) {
    const image = `https://img.kairos.local/events/${e.slug}.png`;
    const statuses = e.markets.map((m) => m.status);
    const negRisk = e.negRiskMarketId !== '';
    events.values.push(
      e.id, e.slug, e.slug, e.text.title, e.text.description, e.text.resolutionSource, image, image, e.start, e.end, e.createdAt, e.createdAt, e.updatedAt,
      flag(statuses.some(isLive)), flag(statuses.every(isClosed)), flag(statuses.every((s) => s === 'archived')), flag(negRisk), e.negRiskMarketId, e.series?.id ?? null, e.kind.category,
    );
    for (const t of e.tags) eventTags.values.push(e.id, t);
    for (const m of e.markets) {
      const winner = m.status === 'resolved' || m.status === 'archived' ? m.outcome : null;
      markets.values.push(
        m.id, m.conditionId, m.questionId, m.text.question, m.slug, m.text.description, e.text.resolutionSource, m.image, m.image, m.start, m.end, m.createdAt, m.updatedAt,
        e.id, m.status, JSON.stringify(m.text.outcomes), winner, creatorAddress(e.site), m.mirrorConditionId, m.mirrorTokenIds, flag(negRisk), negRisk ? m.questionId : '',
        m.tick, m.minSize, m.makerFee, m.takerFee, m.feeRate, m.feeExponent, 1, m.rewards.rate, m.rewards.minSize, m.rewards.maxSpread, flag(m.rfq),
        flag(m.takerDelay > 0), m.takerDelay, flag(m.screening), m.minOrderAge, m.gameStart, m.start, e.kind.category,
      );
      for (const t of e.tags) marketTags.values.push(m.id, t);
      m.tokenIds.forEach((id, i) => tokens.values.push(id, m.conditionId, i, m.text.outcomes[i] ?? ''));
    }
  }
  return [creators, walletRows, tags, series, events, eventTags, markets, marketTags, tokens];
}
