// The batch order ticket: up to 15 lines checked live by the core (tick, minimum size, price
// bounds, market open, cash and tokens for the whole batch), previewed in money, then signed and
// sent in one batch with each line's result shown beside it.
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { CallInput, DraftLine } from '@shared/ipc/contract';
import { sumMicros } from '../../ui/money';
import { useCall } from '../../api/hooks';
import { keyOf } from '../../api/keys';
import { call, IpcCallError } from '../../api/transport';
import { useUi } from '../../state/ui';
import { useToasts } from '../../ui/Toasts';
import { isNotOffered } from '../../ui/venue';
import { useOrderStates } from '../orders/current';
import { lineCheck, needsConfirmation, uncheckedLines, type Preview as LinePreview } from './checks';
import { ConfirmBatch } from './Confirm';
import { Ladder } from './Ladder';
import { LineRow } from './LineRow';
import { batchCases } from './outcomes';
import { cashText, lossText, priceProblem } from './price';
import { MAX_LINES, useTicket, type LineResult } from './store';
import { ClearUndo, useClearUndo } from './ClearUndo';
import { useLineChecks } from './useLineChecks';
import { isMarketLine, useWalks } from './useWalks';
import './ticket.css';

type Preview = CallInput<'orders.preview'>['lines'][number];

const DECIMAL = /^\d+(\.\d+)?$/;

/** What is missing before the core can check a line at all. */
function localProblems(l: DraftLine): string[] {
  const p: string[] = [];
  if (!l.tokenId) p.push('pick a market and outcome');
  const price = priceProblem(l.price);
  if (price) p.push(price);
  if (!DECIMAL.test(l.size)) p.push(l.size ? `size “${l.size}” is not a number such as 10` : 'enter a size');
  if (l.type === 'GTD' && !l.expiration) p.push('a GTD order needs an expiry');
  return p;
}


function toOrderLine(l: DraftLine): Preview {
  return { conditionId: l.conditionId, tokenId: l.tokenId, side: l.side, price: l.price, size: l.size, type: l.type, postOnly: l.postOnly, ...(l.type === 'GTD' && l.expiration ? { expiration: l.expiration } : {}) };
}


export function TicketScreen(): React.JSX.Element {
  const lines = useTicket((s) => s.lines);
  const results = useTicket((s) => s.results);
  const { add, update, remove, duplicate, move, setResults, resetResults } = useTicket.getState();
  const accountId = useUi((s) => s.accountId);
  const go = useUi((s) => s.go);
  const offline = useUi((s) => s.offline.trading);
  const settings = useCall('settings.get', {});
  const accounts = useCall('accounts.list', {});
  const balance = useCall('portfolio.balance', { accountId: accountId ?? '' }, { enabled: Boolean(accountId), refetchInterval: (q) => (isNotOffered(q.state.error) ? false : 10_000) });
  const push = useToasts((s) => s.push);
  const [sending, setSending] = useState(false);
  // The keys of the lines the confirmation step is about.
  const [confirming, setConfirming] = useState<string[] | undefined>();
  const [ladder, setLadder] = useState(false);
  const [sendError, setSendError] = useState<{ message: string; notOffered: boolean } | undefined>();
  const [now, setNow] = useState(Date.now());
  // Lines whose far-off price the trader confirmed, by line key: the price, side and outcome confirmed.
  const [guardOk, setGuardOk] = useState<Record<string, string>>({});
  const undo = useClearUndo();
  // Market lines take their shares and worst price from their book's walk; crossing limit lines show it.
  const { market: marketOf, walks } = useWalks(lines);
  const problemsOf = (l: DraftLine): string[] => (isMarketLine(l) ? [...(l.tokenId ? [] : ['pick a market and outcome']), ...(marketOf.get(l.key)?.problems ?? [])] : localProblems(l));
  const orderLineOf = (l: DraftLine): Preview => (isMarketLine(l) ? (marketOf.get(l.key)?.line as Preview) : toOrderLine(l));
  const guardKey = (l: DraftLine): string => `${l.tokenId}|${l.side}|${orderLineOf(l)?.price ?? l.price}`;

  // Lines placed already are done: the next send, and its checks, are about the others.
  const pending = useMemo(() => lines.filter((l) => !results[l.key]?.success), [lines, results]);
  // Only complete lines go to the core; the check runs when typing pauses.
  const complete = pending.filter((l) => problemsOf(l).length === 0);
  const { shown, checked } = useLineChecks(complete.map(orderLineOf), accountId);
  // What each line shows (may be the last answer while a new one is asked), and its check proper.
  const shownOf = new Map<string, LinePreview>();
  const previewOf = new Map<string, LinePreview>();
  complete.forEach((l, i) => {
    if (shown[i]) shownOf.set(l.key, shown[i]);
    if (checked[i]) previewOf.set(l.key, checked[i]);
  });
  const waiting = complete.filter((l) => previewOf.get(l.key)?.retryAfterSeconds !== undefined);
  const checking = complete.some((l) => !previewOf.has(l.key)) || waiting.length > 0;
  const bad = pending.filter((l) => problemsOf(l).length > 0 || (previewOf.get(l.key)?.ok === false && !waiting.includes(l)));
  // A price far from the book waits for its own yes, given for this very price.
  const isHeld = (l: DraftLine): boolean => previewOf.get(l.key)?.guard !== undefined && guardOk[l.key] !== guardKey(l);
  const held = pending.filter(isHeld);
  // Results follow their orders: a line placed "live" reads cancelled once it was.
  const orderStates = useOrderStates(accountId, Object.values(results).flatMap((r) => (r.success && r.orderId ? [r.orderId] : [])));
  const throttled = Object.values(results).some((r) => r.retryAfterSeconds && r.at + r.retryAfterSeconds * 1000 > now);
  useEffect(() => {
    if (!throttled) return;
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [throttled]);

  const blocked =
    !accountId ? 'Pick or create an account first' :
    settings.data?.tradingOff ? 'Trading is switched off in Settings' :
    offline ? 'The venue’s trading surface is unreachable; nothing is queued' :
    accounts.data?.locked ? 'Unlock the vault in Settings to sign orders' :
    lines.length === 0 ? 'Add a line' :
    pending.length === 0 ? 'Every line is placed; Reset results to send them again' :
    bad.length > 0 ? `Fix ${bad.length} line${bad.length > 1 ? 's' : ''} first` :
    held.length > 0 ? `Confirm the price of line ${held.map((l) => lines.indexOf(l) + 1).join(', ')} first: far from the book` :
    waiting.length > 0 ? 'The venue is throttling; checking again shortly…' :
    checking ? 'Checking…' : undefined;

  // A failed line goes again on its own once it checks out and trading is possible.
  const canRetry = (l: DraftLine): boolean =>
    Boolean(accountId) && !settings.data?.tradingOff && !offline && !sending && previewOf.get(l.key)?.ok === true && problemsOf(l).length === 0 && !isHeld(l);

  const send = async (keys: string[]): Promise<void> => {
    if (!accountId) return;
    const batch = keys.map((k) => lines.find((l) => l.key === k)).filter((l): l is DraftLine => l !== undefined);
    setSending(true);
    setSendError(undefined);
    setConfirming(undefined);
    try {
      const out = await call('orders.submit', { accountId, lines: batch.map(orderLineOf) });
      const at = Date.now();
      const next: Record<string, LineResult> = {};
      out.forEach((r) => {
        const l = batch[r.line];
        if (l) next[l.key] = { ...r, at };
      });
      setResults(next);
      const okCount = out.filter((r) => r.success).length;
      // Cash and open orders follow from the core's `orders.updated` (api/stale.ts).
      push(okCount === out.length ? 'good' : 'bad', `${okCount} of ${out.length} orders accepted`);
    } catch (err) {
      // A lost answer may have placed orders: the core makes the open orders and cash stale.
      // NOT_OFFERED: nothing was signed (no order domain known, say); its words say where to set it.
      setSendError(
        err instanceof IpcCallError
          ? { message: `${err.message}${err.code === 'ANSWER_LOST' || err.code === 'UNAUTHORIZED' || isNotOffered(err) ? '' : ' — nothing in this batch is known to have been placed'}`, notOffered: isNotOffered(err) }
          : { message: String(err), notOffered: false },
      );
    } finally {
      setSending(false);
    }
  };
  const uncheckedOf = (keys: string[]) => uncheckedLines(lines, new Set(keys), previewOf);
  // Lines not fully checked always pass the confirmation step; a retry asks only for those.
  const ask = (keys: string[], retry = false): void => {
    if (needsConfirmation(retry ? false : settings.data?.confirm, uncheckedOf(keys))) setConfirming(keys);
    else void send(keys);
  };
  const sendAll = (): void => ask(pending.map((l) => l.key));
  const notChecked = pending.filter((l) => lineCheck(problemsOf(l), previewOf.get(l.key)) === 'unchecked').length;

  // Negative-risk events the lines are in, with their open markets: a batch on all of an event's
  // markets cannot lose on every one of them.
  const eventIds = [...new Set([...previewOf.values()].flatMap((p) => (p.negRiskEvent ? [p.negRiskEvent] : [])))];
  const events = useQueries({
    queries: eventIds.map((idOrSlug) => ({ queryKey: keyOf('events.get', { idOrSlug }), queryFn: () => call('events.get', { idOrSlug }), staleTime: 60_000, retry: false })),
  });
  const eventMarkets = new Map(
    eventIds.flatMap((id, i) => {
      const e = events[i]?.data?.data;
      return e ? [[id, (e.markets ?? []).filter((m) => m.active !== false && m.closed !== true).map((m) => String(m.conditionId))] as const] : [];
    }),
  );
  // The money of what a send would place: cost, best and worst case over outcomes, fees.
  const casesOf = (of: readonly DraftLine[]) => {
    const priced = of.flatMap((l) => {
      const p = previewOf.get(l.key);
      return p?.cost === undefined ? [] : [{ conditionId: l.conditionId, tokenId: l.tokenId, side: l.side, size: p.shares ?? l.size, cost: p.cost, outcomeTokens: p.outcomeTokens, negRiskEvent: p.negRiskEvent }];
    });
    return { ...batchCases(priced, eventMarkets), fee: sumMicros(of.map((l) => previewOf.get(l.key)?.fee)) };
  };
  const totals = casesOf(pending);
  const account = accounts.data?.accounts.find((a) => a.id === accountId);

  return (
    <div className="page ticket" data-testid="ticket" onKeyDown={(e) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !blocked && !sending) {
        e.preventDefault();
        sendAll();
      }
    }}>
      <div className="inline ticket-head">
        <h1>Order ticket</h1>
        <span className="muted">{lines.length} / {MAX_LINES} lines</span>
        {accountId ? (
          <span className="muted" data-testid="available">
            {isNotOffered(balance.error) && !balance.data ? 'Cash balance not reported by this venue' : null}
            {isNotOffered(balance.error) && !balance.data ? null : `Available ${balance.data ? cashText(balance.data.data.available) : '…'}`}
            {balance.data?.data.reserved && balance.data.data.reserved !== '0' ? ` (${cashText(balance.data.data.reserved)} in open orders)` : ''}
          </span>
        ) : (
          <button onClick={() => go('settings')}>Set up an account</button>
        )}
        {settings.data?.tradingOff ? <span className="badge no">trading off</span> : null}
      </div>

      <table className="lines" data-testid="ticket-lines">
        <thead>
          <tr>
            <th>#</th><th>Market · outcome</th><th>Side</th><th className="num">Price</th><th className="num">Size</th><th>Type</th><th>Post</th>
            <th className="num">Cost</th><th className="num">If right</th><th className="num">Max loss</th><th className="num">Fee</th><th>Would</th><th />
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const p = previewOf.get(l.key);
            const problems = [...problemsOf(l), ...(p?.problems.map((x) => x.message) ?? [])];
            const guard = p?.guard;
            const r = results[l.key];
            const wait = r?.retryAfterSeconds ? Math.max(0, Math.ceil((r.at + r.retryAfterSeconds * 1000 - now) / 1000)) : 0;
            return (
              <LineRow
                key={l.key}
                index={i}
                line={l}
                problems={problems}
                check={lineCheck(problemsOf(l), p)}
                walk={walks.get(l.key)}
                market={marketOf.get(l.key)}
                preview={shownOf.get(l.key)}
                {...(guard && !r?.success ? { guard: { words: guard, confirmed: guardOk[l.key] === guardKey(l), onConfirm: (yes: boolean) => setGuardOk((g) => ({ ...g, [l.key]: yes ? guardKey(l) : '' })) } } : {})}
                result={r}
                order={r?.orderId ? orderStates.get(r.orderId) : undefined}
                wait={wait}
                disabled={sending}
                onChange={(patch) => update(l.key, patch)}
                onRemove={() => remove(l.key)}
                onDuplicate={() => duplicate(l.key)}
                onMove={(by) => move(l.key, by)}
                onRetry={canRetry(l) ? () => ask([l.key], true) : undefined}
              />
            );
          })}
          {lines.length === 0 ? (
            <tr><td colSpan={13} className="muted">No lines yet. Add one, build a ladder, or use Buy / Sell on a market page.</td></tr>
          ) : null}
        </tbody>
        {lines.length > 0 ? (
          <tfoot>
            <tr data-testid="ticket-totals">
              <td colSpan={7}>
                Total{checking ? <span className="muted"> (checking…)</span> : null}
                {notChecked > 0 ? <span className="warn" data-testid="not-checked-count"> · {notChecked} line{notChecked === 1 ? '' : 's'} not checked in full</span> : null}
              </td>
              <td className="num" data-testid="total-cost">{cashText(totals.cost)}</td>
              <td className="num" data-testid="total-best" title="Paid if the batch is right, in the best case: of one market only one outcome wins, of a negative-risk event only one market’s Yes">{cashText(totals.best)}</td>
              <td className="num" data-testid="total-worst" title="Lost if everything goes against the batch">{lossText(totals.worst)}</td>
              <td className="num">{cashText(totals.fee)}</td>
              <td colSpan={2} />
            </tr>
          </tfoot>
        ) : null}
      </table>

      <div className="inline" style={{ marginTop: 10 }}>
        <button onClick={() => add([{}])} disabled={lines.length >= MAX_LINES}>Add line</button>
        <button onClick={() => setLadder((v) => !v)} aria-expanded={ladder}>Ladder…</button>
        <button onClick={undo.clear} disabled={lines.length === 0 || sending}>Clear</button>
        <span style={{ flex: 1 }} />
        {Object.keys(results).length > 0 && !sending ? <button onClick={resetResults}>Reset results</button> : null}
        {sending ? <span className="inline muted"><progress aria-label="Sending" /> Signing and sending {pending.length} orders…</span> : null}
        {blocked && !sending ? <span className="muted" data-testid="submit-blocked">{blocked}</span> : null}
        <button className="primary" disabled={Boolean(blocked) || sending} onClick={sendAll} title="Ctrl+Enter">
          Sign and send {pending.length} order{pending.length === 1 ? '' : 's'}
        </button>
      </div>
      <ClearUndo undo={undo} />
      {sendError ? (
        <p className="no" role="alert" data-testid="send-error">
          {sendError.message}
          {sendError.notOffered ? <> <button className="link action" onClick={() => go('settings')}>Open Venues → Order signing</button></> : null}
        </p>
      ) : null}
      {ladder ? <Ladder onAdd={(ls) => { const n = add(ls); if (n < ls.length) push('bad', `Only ${n} of ${ls.length} rungs fit in the ticket (${MAX_LINES} lines)`); setLadder(false); }} room={MAX_LINES - lines.length} /> : null}

      {confirming ? (
        <ConfirmBatch
          count={confirming.length}
          cases={((c) => ({ cost: cashText(c.cost), best: cashText(c.best), worst: lossText(c.worst), fees: cashText(c.fee) }))(casesOf(lines.filter((l) => confirming.includes(l.key))))}
          accountId={accountId}
          {...(account ? { account } : {})}
          askedFor={settings.data?.confirm === true}
          unchecked={uncheckedOf(confirming)}
          sending={sending}
          onSend={() => void send(confirming)}
          onBack={() => setConfirming(undefined)}
        />
      ) : null}
    </div>
  );
}
