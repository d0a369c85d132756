// What a typed palette command means here and now: its market (the one in view, or the one its
// words name), that market's outcomes, tick and minimum as the venue reads them, what the account
// holds and has open. Pure reading and checking are in command.ts and resolve.ts.
import { useMemo } from 'react';
import { tickText } from '@shared/domain/money';
import { useCall } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { useAccount } from '../../ui/AccountPicker';
import { useRouteState } from '../../ui/useVenue';
import { isNotOffered } from '../../ui/venue';
import { RESTING } from '../orders/rows';
import { MAX_LINES, useTicket } from '../ticket/store';
import { parseCommand, USAGE, type Command, type Parsed } from './command';
import { heldByToken, pickMarket, resolveCancel, resolveFollow, resolveOnMarket, type Action, type MarketFacts } from './resolve';

/** The palette's command row: what it will open, what is wrong, or what is still being read. */
export type CommandRow = { state: 'ready'; action: Action } | { state: 'problem'; text: string; usage: string } | { state: 'reading'; text: string };

const marketText = (c: Command | undefined): string | undefined => (c && 'market' in c ? c.market : undefined);

export function useCommand(query: string): { parsed: Parsed | undefined; row: CommandRow | undefined } {
  const parsed = useMemo(() => parseCommand(query), [query]);
  const screen = useUi((s) => s.screen);
  const selected = useUi((s) => s.selectedMarket);
  const inView = screen === 'markets' ? selected : undefined;
  const cmd = parsed?.ok ? parsed.command : undefined;
  const named = marketText(cmd);
  // Every command but follow is on a market: the one named, else the one in view (cancel: else every one).
  const onMarket = cmd !== undefined && cmd.kind !== 'follow' && (named !== undefined || inView !== undefined);

  const hits = useCall('markets.search', { query: named ?? '', kinds: ['markets'], limit: 10, status: 'active' }, { enabled: onMarket && named !== undefined && named.trim().length > 1 });
  const picked = named !== undefined ? (hits.data ? pickMarket(named, hits.data) : undefined) : inView ? ({ ok: true, id: inView } as const) : undefined;
  const marketId = onMarket && picked?.ok ? picked.id : '';
  const market = useCall('markets.get', { idOrSlug: marketId }, { enabled: marketId !== '' });
  const m = market.data?.data;
  const conditionId = marketId && m?.conditionId ? String(m.conditionId) : '';
  // The tick and minimum where the venue's sources may disagree: the reading that risks less.
  const reading = useCall('markets.reading', { conditionId }, { enabled: conditionId !== '' });
  const settings = useCall('markets.settings', { conditionId }, { enabled: conditionId !== '' && reading.data?.data.tick === undefined });

  const { accounts, account } = useAccount();
  const wantsHeld = cmd?.kind === 'order' && cmd.size === 'all';
  const positions = useCall('portfolio.positions', { address: account?.address ?? '', market: [conditionId] }, { enabled: wantsHeld && Boolean(account?.address) && conditionId !== '', refetchInterval: 5_000 });
  const wantsOrders = cmd?.kind === 'cancel' && Boolean(account);
  const open = useCall('orders.open', { accountId: account?.id ?? '' }, { enabled: wantsOrders, retry: false, refetchInterval: (q) => (isNotOffered(q.state.error) ? false : 5_000) });
  // A venue that lists no open orders: the journal's resting ones, as the Orders screen does.
  const journal = useCall('orders.journal', { accountId: account?.id ?? '', limit: 1000 }, { enabled: wantsOrders && open.isError, refetchInterval: 5_000 });
  const cancelRoute = useRouteState('cancel');
  const room = MAX_LINES - useTicket((s) => s.lines.length);

  const row = ((): CommandRow | undefined => {
    if (!parsed) return undefined;
    if (!parsed.ok) return { state: 'problem', text: `${parsed.verb}: ${parsed.problem}`, usage: USAGE[parsed.verb] };
    const c = parsed.command;
    const usage = USAGE[c.kind === 'order' ? (c.side === 'BUY' ? 'buy' : 'sell') : c.kind];
    const problem = (text: string): CommandRow => ({ state: 'problem', text, usage });
    if (c.kind === 'follow') return done(resolveFollow(c.address), usage);
    if (c.kind === 'cancel') {
      if (cancelRoute === 'lacking') return problem('cancelling is not offered by this venue');
      if (account === null) return problem('no account: create or import one in Settings to cancel its orders');
      if (accounts.data?.locked) return problem('unlock the vault in Settings to cancel orders');
    }
    if (onMarket) {
      if (named !== undefined && named.trim().length < 2) return problem(`type more of the market’s question than “${named}”`);
      if (!picked) return hits.isError ? problem(`the market could not be looked up: ${hits.error.message}`) : { state: 'reading', text: `Finding the market “${named ?? ''}”…` };
      if (!picked.ok) return problem(picked.problem);
      if (market.isError) return problem(`the market could not be read: ${market.error.message}`);
      if (!m) return { state: 'reading', text: 'Reading the market…' };
    } else if (c.kind !== 'cancel') {
      return problem(`open a market, or name one after the command: ${usage}`);
    }
    if (c.kind === 'cancel') {
      if (!account) return { state: 'reading', text: 'Reading the account…' };
      const orders = open.data
        ? open.data.data.map((o) => ({ id: o.id, tokenId: o.asset_id }))
        : journal.data
          ? journal.data.filter((e) => RESTING.has(e.state)).map((e) => ({ id: e.orderId, tokenId: e.tokenId }))
          : undefined;
      if (!orders) return open.isError && journal.isError ? problem(`the open orders could not be read: ${journal.error.message}`) : { state: 'reading', text: 'Reading the open orders…' };
      return done(resolveCancel(orders, m ? facts(m, marketId, '') : undefined), usage);
    }
    if (!m) return { state: 'reading', text: 'Reading the market…' };
    const tick = reading.data?.data.tick ?? (settings.data ? tickText(settings.data.data.mts) : undefined);
    if (!tick) return reading.isError && settings.isError ? problem('the market’s tick could not be read, so no price can be checked') : { state: 'reading', text: 'Reading the market’s tick…' };
    let held: Map<string, string> | undefined;
    if (wantsHeld) {
      if (!account) return problem('no account: create or import one in Settings');
      if (positions.isError) return problem(`what you hold could not be read: ${positions.error.message}`);
      if (!positions.data) return { state: 'reading', text: 'Reading what you hold…' };
      held = heldByToken(positions.data.data, conditionId, (m.clobTokenIds ?? []).map(String));
    }
    const minSize = reading.data?.data.minSize ?? (settings.data ? String(settings.data.data.mos) : undefined);
    return done(resolveOnMarket(c, { ...facts(m, marketId, tick), minSize, held }, room), usage);
  })();
  return { parsed, row };
}

function done(r: ReturnType<typeof resolveFollow>, usage: string): CommandRow {
  return r.ok ? { state: 'ready', action: r.action } : { state: 'problem', text: r.problem, usage };
}

type CatalogMarket = { question?: unknown; outcomes?: readonly unknown[] | undefined; clobTokenIds?: readonly unknown[] | undefined; conditionId?: unknown; id?: unknown };

function facts(m: CatalogMarket, ref: string, tick: string): MarketFacts {
  const labels = (m.outcomes ?? []).map(String);
  return {
    conditionId: String(m.conditionId ?? ''),
    ref: String(m.id ?? ref),
    question: String(m.question ?? ''),
    outcomes: (m.clobTokenIds ?? []).map((t, i) => ({ tokenId: String(t), outcome: labels[i] ?? `Outcome ${i + 1}` })),
    tick,
  };
}
