// Order entry on the market page: outcome, Buy/Sell, and either a limit price in cents with a size
// in shares or an amount in dollars and the order type, or a market order ("buy $X", "sell N
// shares") walked through the book and capped at a worst price; checked live by the core
// (`orders.preview`) and sent (`orders.submit`) as one line, through the ticket's checks and
// confirmation step.
import { useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { DraftLine } from '@shared/ipc/contract';
import { dollarsText, formatMicros, toMicros } from '@shared/domain/money';
import { ORDER_TYPES, type OrderType } from '@shared/spec/trading';
import { useCall } from '../../api/hooks';
import { call, IpcCallError } from '../../api/transport';
import { useUi } from '../../state/ui';
import { useAccount } from '../../ui/AccountPicker';
import { centsField, parsePriceInput } from '../../ui/cents';
import { cents, size as sizeText } from '../../ui/format';
import { useToasts } from '../../ui/Toasts';
import { useOrderStates } from '../orders/current';
import { lineCheck, needsConfirmation, uncheckedLines, uncheckedNote, type Preview } from '../ticket/checks';
import { ConfirmBatch } from '../ticket/Confirm';
import { GuardConfirm } from '../ticket/GuardConfirm';
import { MAX_LINES, useTicket } from '../ticket/store';
import { useLineChecks } from '../ticket/useLineChecks';
import { laterWords, readEntry, resultWords, stepPrice, switchMode, type EntryForm } from './entry';
import { sharesText, type Ladder } from './book';
import { limitWalk, readMarketEntry, type MarketBook, type MarketForm } from '../ticket/market-entry';
import { MarketFields } from './MarketFields';
import { NoWalkFigures, WalkFigures } from '../ticket/WalkFigures';
import { useNow } from '../../ui/timing';
import '../ticket/walk.css';

export type EntryKind = 'limit' | 'market';

/** The book the Market mode walks: the page's, or only the quotes where the venue publishes none. */
export interface EntryBook {
  ladder: Ladder | undefined;
  fetchedAt: number | undefined;
  stale: boolean;
  notOffered: boolean;
  /** The book could not be read and none is kept. */
  failed: boolean;
  /** When the outcome quotes (best bid and ask) were read, and whether they are the last known. */
  quotesAt: number | undefined;
  quotesStale: boolean;
}

export interface EntryOutcome {
  tokenId: string;
  outcome: string;
  bestBid?: string | undefined;
  bestAsk?: string | undefined;
}

/** What the book and the outcome table ask of the panel. */
export interface EntryHandle {
  /** A price (dollars) from the book, and with Shift a size in shares. */
  fill(price: string, shares?: string): void;
  /** Buy or Sell chosen (B / S, an outcome's button, with the outcome's token), the price field focused. */
  start(side: 'BUY' | 'SELL', price?: string, tokenId?: string): void;
}

const WOULD = { crosses: 'fill now, at least in part', rests: 'rest on the book', killed: 'be cancelled: nothing to match', rejected: 'be refused: post-only would cross' } as const;

/** A key pressed while typing in a field is the field's, not a shortcut. */
const typing = (t: EventTarget | null): boolean => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
const dialogOpen = (): boolean => document.querySelector('[aria-modal="true"], .palette') !== null;
const money = (v: string | undefined): string => {
  const m = toMicros(v);
  return m === undefined ? '—' : dollarsText(m < 0n ? -m : m);
};
/** The mid of an outcome's best bid and ask, where both are known. */
const quotesMid = (o: EntryOutcome | undefined): bigint | undefined => {
  const bid = toMicros(o?.bestBid);
  const ask = toMicros(o?.bestAsk);
  return bid !== undefined && ask !== undefined ? (bid + ask) / 2n : undefined;
};
const localInput = (epoch: number | undefined): string => {
  if (!epoch) return '';
  const d = new Date(epoch * 1000);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function OrderEntry(props: {
  ref?: React.Ref<EntryHandle>;
  conditionId: string;
  question: string;
  outcomes: readonly EntryOutcome[];
  index: number;
  onOutcome(index: number): void;
  /** The market's tick as decimal text, for the arrow keys. */
  tick: string | undefined;
  minSize: number | undefined;
  book: EntryBook;
  /** The market's taker fee in basis points (markets.reading), for the walk. */
  takerFeeBps: number | undefined;
  onSent(): void;
}): React.JSX.Element {
  const { conditionId, outcomes, index } = props;
  const current = outcomes[index];
  const tokenId = current?.tokenId ?? '';
  const [form, setForm] = useState<EntryForm>({ side: 'BUY', price: '', mode: 'shares', size: '', type: 'GTC', postOnly: false });
  const set = (patch: Partial<EntryForm>): void => setForm((f) => ({ ...f, ...patch }));
  // The outcome a price was typed or picked for: another outcome's price is never kept silently.
  const [priceFor, setPriceFor] = useState<{ tokenId: string; outcome: string } | undefined>();
  const [outcomeNote, setOutcomeNote] = useState<string | undefined>();
  const priceOf = (price: string, token = tokenId): void => {
    set({ price });
    setPriceFor({ tokenId: token, outcome: outcomes.find((o) => o.tokenId === token)?.outcome ?? '' });
    setOutcomeNote(undefined);
  };
  const typed = form.price.trim();
  useEffect(() => {
    if (!priceFor || priceFor.tokenId === tokenId) return;
    setPriceFor(undefined);
    if (typed === '') return;
    const now = current?.outcome ?? 'this outcome';
    const said = /^\$|¢$/.test(typed) ? typed : `${typed}¢`;
    setOutcomeNote(`Now ${now}: the price ${said} typed for ${priceFor.outcome} was cleared — type one for ${now}`);
    setForm((f) => ({ ...f, price: '' }));
  }, [tokenId, priceFor, typed, current?.outcome]);
  const entry = useMemo(() => readEntry(form, { conditionId, tokenId }), [form, conditionId, tokenId]);
  const priceBox = useRef<HTMLInputElement>(null);
  const sizeBox = useRef<HTMLInputElement>(null);
  const amountBox = useRef<HTMLInputElement>(null);
  // Limit or Market; each keeps what was typed in it while the other is shown.
  const [kind, setKind] = useState<EntryKind>('limit');
  const [mform, setMform] = useState<Omit<MarketForm, 'side'>>({ amount: '', cap: '', type: 'FAK' });
  const now = useNow(1000);
  const { book: feed } = props;
  const opposite = form.side === 'BUY' ? current?.bestAsk : current?.bestBid;
  const marketBook: MarketBook | undefined = feed.ladder && feed.fetchedAt !== undefined
    ? { ladder: feed.ladder, at: feed.fetchedAt, stale: feed.stale }
    : feed.notOffered && opposite !== undefined && feed.quotesAt !== undefined ? { best: opposite, mid: quotesMid(current), at: feed.quotesAt, stale: feed.quotesStale } : undefined;
  const market = readMarketEntry({ ...mform, side: form.side }, { conditionId, tokenId, tick: props.tick, takerFeeBps: props.takerFeeBps, bookLoading: !feed.ladder && !feed.notOffered && !feed.failed }, marketBook, now);
  const isMarket = kind === 'market';
  // A limit that crosses the book: what it takes at once, walked like a market order.
  const crossing = !isMarket && entry.line && feed.ladder && feed.fetchedAt !== undefined ? limitWalk(entry.line, feed.ladder, { at: feed.fetchedAt, stale: feed.stale }, now, props.takerFeeBps) : undefined;
  const walkedCost = crossing && !(crossing.walk.partial && (form.type === 'GTC' || form.type === 'GTD')) ? crossing.walk.net : undefined;

  const { accounts, account } = useAccount();
  const accountId = account?.id;
  const settings = useCall('settings.get', {});
  const offline = useUi((s) => s.offline.trading);
  const go = useUi((s) => s.go);
  const push = useToasts((s) => s.push);
  const addToTicket = useTicket((t) => t.add);
  const [sending, setSending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; orderId?: string | undefined; status?: string | undefined; side: 'BUY' | 'SELL'; outcome: string; at: number } | undefined>();
  const resultBox = useRef<HTMLParagraphElement>(null);
  // The result shows where the trader clicked: brought into view when it arrives.
  // (Braces: newer Chromium returns a promise from scrollIntoView, which is no effect cleanup.)
  useEffect(() => {
    resultBox.current?.scrollIntoView?.({ block: 'nearest' });
  }, [result?.at]);
  const order = useOrderStates(accountId, result?.ok && result.orderId ? [result.orderId] : []).get(result?.orderId ?? '');

  const line = isMarket ? market.line : entry.line;
  const linePrice = isMarket ? line?.price : entry.price;
  const checks = useLineChecks(line ? [line] : [], accountId);
  // Shown: the last answer (money while typing); the check proper only from an answer for this line.
  const shown: Preview | undefined = checks.shown[0];
  const preview: Preview | undefined = checks.checked[0];
  const state = lineCheck(isMarket ? market.problems : entry.problems, preview);
  // The fat-finger guard: a price far from the book is sent only with its own yes, for this price.
  const guardKey = `${tokenId}|${form.side}|${linePrice ?? ''}`;
  const [guardOk, setGuardOk] = useState('');
  const held = preview?.guard !== undefined && guardOk !== guardKey;
  const draft: DraftLine = {
    key: 'market-entry', conditionId, tokenId, label: props.question, outcome: current?.outcome ?? '', side: form.side,
    price: linePrice ?? '', size: line?.size ?? '', type: line?.type ?? form.type, postOnly: line?.postOnly ?? false, ...(line?.expiration ? { expiration: line.expiration } : {}),
  };
  const unchecked = uncheckedLines([draft], new Set([draft.key]), new Map(preview ? [[draft.key, preview]] : []));

  const blocked =
    !accountId ? 'Pick or create an account first' :
    settings.data?.tradingOff ? 'Trading is switched off in Settings' :
    offline ? 'The venue’s trading surface is unreachable; nothing is queued' :
    accounts.data?.locked ? 'Unlock the vault in Settings to sign orders' :
    state === 'incomplete' ? ((isMarket ? market.problems : entry.problems)[0] as string) :
    state === 'problem' ? 'Fix what the checks found first' :
    preview?.retryAfterSeconds !== undefined ? 'The venue is throttling; checking again shortly…' :
    state === 'checking' ? 'Checking…' :
    held ? 'Confirm the price first: it is far from the book' : undefined;

  const send = async (): Promise<void> => {
    if (!accountId || !line) return;
    setSending(true);
    setConfirming(false);
    setResult(undefined);
    try {
      const [r] = await call('orders.submit', { accountId, lines: [line] });
      if (r) {
        setResult({ ok: r.success, text: resultWords(r, line.side, current?.outcome ?? ''), orderId: r.orderId, status: r.status, side: line.side, outcome: current?.outcome ?? '', at: Date.now() });
        // The same order is not sent twice by a second Ctrl+Enter: the size is typed again.
        if (r.success && isMarket) setMform((m) => ({ ...m, amount: '' }));
        else if (r.success) set({ size: '' });
      }
    } catch (err) {
      // A lost answer may still have placed the order: the core makes the open orders and cash stale.
      // A lost answer and a refusal of the credentials already say whether the order was placed.
      const known = err instanceof IpcCallError && (err.code === 'ANSWER_LOST' || err.code === 'UNAUTHORIZED');
      setResult({ ok: false, text: `${err instanceof Error ? err.message : String(err)}${known ? '' : ' — the order is not known to have been placed'}`, side: line.side, outcome: current?.outcome ?? '', at: Date.now() });
    } finally {
      setSending(false);
      props.onSent();
    }
  };
  const ask = (): void => {
    if (blocked || sending) return;
    // A market order priced from a stale book is sent only after its own look at the figures.
    if (needsConfirmation(settings.data?.confirm, unchecked) || (isMarket && market.walk?.stale)) setConfirming(true);
    else void send();
  };

  useImperativeHandle(props.ref, () => ({
    fill: (price, shares) => {
      // A price from the book is a limit order's.
      setKind('limit');
      priceOf(centsField(price));
      if (shares) set({ size: shares, mode: 'shares' as const });
      // The size is typed next; what is there is replaced.
      sizeBox.current?.focus();
      sizeBox.current?.select();
    },
    start: (side, price, token) => {
      set({ side });
      if (price) {
        setKind('limit');
        priceOf(centsField(price), token);
      }
      const box = price ? sizeBox : kind === 'market' ? amountBox : priceBox;
      box.current?.focus();
      box.current?.select();
    },
  }));

  // B / S and Ctrl+Enter anywhere on the market page, but never with a dialog open, B / S never
  // while typing in a field, and Ctrl+Enter from a field only from the panel's own.
  const panel = useRef<HTMLElement>(null);
  const keys = useRef({ ask, setSide: (side: 'BUY' | 'SELL') => set({ side }), toggle: () => undefined as void, market: isMarket });
  keys.current = { ask, setSide: (side) => set({ side }), toggle: () => setKind((k) => (k === 'market' ? 'limit' : 'market')), market: isMarket };
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (dialogOpen()) return;
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        if (typing(e.target) && !panel.current?.contains(e.target as Node)) return;
        e.preventDefault();
        keys.current.ask();
      } else if (!e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target) && (e.key === 'b' || e.key === 'B' || e.key === 's' || e.key === 'S')) {
        e.preventDefault();
        keys.current.setSide(e.key.toLowerCase() === 'b' ? 'BUY' : 'SELL');
        const box = keys.current.market ? amountBox : priceBox;
        box.current?.focus();
        box.current?.select();
      } else if (!e.ctrlKey && !e.metaKey && !e.altKey && !typing(e.target) && (e.key === 'm' || e.key === 'M')) {
        // M: Limit ↔ Market, the first field of the mode shown focused.
        e.preventDefault();
        const toMarket = !keys.current.market;
        keys.current.toggle();
        setTimeout(() => (toMarket ? amountBox : priceBox).current?.focus(), 0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const best = form.side === 'BUY' ? current?.bestAsk : current?.bestBid;
  const verb = form.side === 'BUY' ? 'Buy' : 'Sell';
  const problems = [...(state === 'problem' ? (preview?.problems ?? []).map((p) => p.message) : [])];
  const later = result?.ok ? laterWords(order, result.status, result.side, result.outcome) : undefined;
  const notes = (preview?.unchecked ?? []).map(uncheckedNote);
  const postOnlyApplies = form.type === 'GTC' || form.type === 'GTD';
  return (
    <section ref={panel} className="mk-entry" aria-label="Order entry" data-testid="order-entry" data-side={form.side}>
      <div className="tabs mk-outcomes" role="radiogroup" aria-label="Outcome">
        {outcomes.map((o, i) => (
          <button key={o.tokenId} role="radio" aria-checked={i === index} aria-pressed={i === index} className={i === 0 ? 'yes' : 'no'} onClick={() => props.onOutcome(i)}>
            {o.outcome} <span className="muted">{cents(form.side === 'BUY' ? o.bestAsk : o.bestBid)}</span>
          </button>
        ))}
      </div>
      <div className="mk-sides" role="radiogroup" aria-label="Side">
        {(['BUY', 'SELL'] as const).map((s) => (
          <button key={s} role="radio" aria-checked={form.side === s} className={`mk-side ${s === 'BUY' ? 'buy' : 'sell'}`} onClick={() => set({ side: s })} title={s === 'BUY' ? 'B' : 'S'}>
            {s === 'BUY' ? 'Buy' : 'Sell'}
          </button>
        ))}
      </div>
      <div className="mk-kind" role="radiogroup" aria-label="Order kind" title="M">
        {(['limit', 'market'] as const).map((k) => (
          <button key={k} type="button" role="radio" aria-checked={kind === k} data-testid={`entry-kind-${k}`} onClick={() => setKind(k)}>
            {k === 'limit' ? 'Limit' : 'Market'}
          </button>
        ))}
      </div>

      {isMarket ? (
        <MarketFields form={{ ...mform, side: form.side }} set={(patch) => setMform((m) => ({ ...m, ...patch }))} entry={market} tick={props.tick} amountRef={amountBox} />
      ) : (<>
      <label className="mk-field">
        <span>Limit price</span>
        <span className="mk-input">
          <input
            ref={priceBox}
            aria-label="Limit price (cents)"
            inputMode="decimal"
            className="num"
            value={form.price}
            placeholder="cents"
            onChange={(e) => priceOf(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
              e.preventDefault();
              priceOf(stepPrice(form.price, props.tick ?? '0.01', e.key === 'ArrowUp' ? 1 : -1, best));
            }}
          />
          <span className="muted">¢</span>
        </span>
      </label>
      {entry.priceNote ? <p className="mk-hint muted" data-testid="price-note">{entry.priceNote}</p> : null}
      {outcomeNote ? <p className="mk-hint warn" role="status" data-testid="entry-outcome-note">{outcomeNote}</p> : null}

      <div className="mk-field">
        <span className="inline">
          <span>{form.mode === 'shares' ? 'Shares' : form.side === 'BUY' ? 'Amount to spend' : 'Amount to receive'}</span>
          <span className="tabs mk-mode" role="radiogroup" aria-label="Size in">
            {(['shares', 'amount'] as const).map((m) => (
              <button key={m} role="radio" aria-checked={form.mode === m} aria-pressed={form.mode === m} onClick={() => form.mode !== m && set({ mode: m, size: switchMode(form, entry) })}>
                {m === 'shares' ? 'Shares' : '$'}
              </button>
            ))}
          </span>
        </span>
        <span className="mk-input">
          {form.mode === 'amount' ? <span className="muted">$</span> : null}
          <input ref={sizeBox} aria-label={form.mode === 'shares' ? 'Size (shares)' : 'Amount (dollars)'} inputMode="decimal" className="num" value={form.size} placeholder={form.mode === 'shares' ? (props.minSize ? `min ${props.minSize}` : '10') : '25'} onChange={(e) => set({ size: e.target.value })} />
        </span>
      </div>
      <p className="mk-hint muted" data-testid="entry-other">{entry.other ?? '\u00a0'}{entry.sizeNote ? ` · ${entry.sizeNote}` : ''}</p>

      <div className="inline mk-type">
        <select aria-label="Order type" value={form.type} onChange={(e) => {
          const type = e.target.value as OrderType;
          // A GTD order starts with a day to live; the date is the trader's to change.
          set({ type, ...(type === 'GTD' && !form.expiration ? { expiration: Math.floor(Date.now() / 1000) + 86_400 } : {}) });
        }}>
          {ORDER_TYPES.map((t) => <option key={t} value={t}>{t}</option>)}
        </select>
        <label className="check" title={postOnlyApplies ? 'Rest on the book only; refused if it would fill at once' : 'Post-only applies to GTC and GTD orders'}>
          <input type="checkbox" checked={form.postOnly && postOnlyApplies} disabled={!postOnlyApplies} onChange={(e) => set({ postOnly: e.target.checked })} /> Post only
        </label>
      </div>
      {form.type === 'GTD' ? (
        <input aria-label="Expires" type="datetime-local" value={localInput(form.expiration)} onChange={(e) => {
          const t = new Date(e.target.value).getTime();
          setForm(({ expiration: _gone, ...f }) => (Number.isFinite(t) ? { ...f, expiration: Math.floor(t / 1000) } : f));
        }} />
      ) : null}
      </>)}

      {isMarket ? (
        market.walk ? <WalkFigures walk={market.walk} type={mform.type} cap={market.cap} atCap={shown?.cost} now={now} testId="entry-walk" /> : <NoWalkFigures side={form.side} why={market.problems[0] ?? ''} testId="entry-walk-none" />
      ) : (
      <dl className="mk-preview" data-testid="entry-preview">
        <dt>{form.side === 'BUY' ? 'Cost' : 'Proceeds'}</dt><dd className="num" data-testid="entry-cost">{walkedCost !== undefined ? dollarsText(walkedCost) : money(shown?.cost)}</dd>
        <dt>{form.side === 'BUY' ? 'Pays if right' : 'Gives up if right'}</dt><dd className="num">{money(shown?.payoutIfRight)}</dd>
        <dt>Fee</dt><dd className="num">{walkedCost !== undefined && crossing ? dollarsText(crossing.walk.fee) : money(shown?.fee)}</dd>
        <dt>Would</dt><dd data-testid="entry-would" className={shown?.execution === 'killed' || shown?.execution === 'rejected' ? 'warn' : undefined}>{shown?.execution ? WOULD[shown.execution] : '—'}</dd>
      </dl>
      )}
      {crossing ? <WalkFigures walk={crossing.walk} type={form.type} cap={crossing.cap} atCap={shown?.cost} now={now} testId="entry-limit-walk" compact /> : null}
      <div className="mk-checks" data-testid="entry-check" data-check={state}>
        {/* A held price is not "passed": the guard's question comes first. */}
        {state === 'checked' && !held ? <span className="yes">✓ Every check passed</span> : null}
        {preview?.guard && state !== 'problem' ? <div><GuardConfirm testId="entry-guard" guard={{ words: preview.guard, confirmed: !held, onConfirm: (yes) => setGuardOk(yes ? guardKey : '') }} /></div> : null}
        {problems.map((p) => <div key={p} className="no" data-testid="entry-problem">{p}</div>)}
        {state !== 'problem' && notes.length ? notes.map((n) => <div key={n} className="warn" data-testid="entry-unchecked">{n}</div>) : null}
      </div>

      <button className={`primary mk-send ${form.side === 'BUY' ? 'buy' : 'sell'}`} data-testid="entry-send" disabled={Boolean(blocked) || sending} title={blocked ?? 'Ctrl+Enter'} onClick={ask}>
        {sending ? 'Sending…' : isMarket ? `${verb} ${current?.outcome ?? ''} at market${market.cap !== undefined ? `, worst ${cents(formatMicros(market.cap))}` : ''}` : `${verb} ${current?.outcome ?? ''}${entry.price ? ` at ${cents(entry.price)}` : ''}`}
      </button>
      {/* Its line is kept when nothing blocks, so Add to ticket does not move as the order becomes sendable. */}
      {blocked && !sending ? <p className="mk-hint muted" data-testid="entry-blocked">{blocked}{!accountId && accounts.data ? <> <button className="link action" onClick={() => go('settings')}>Set up an account</button></> : null}</p> : <p className="mk-hint" aria-hidden="true">{'\u00a0'}</p>}
      {result ? (
        <p ref={resultBox} className={`mk-result ${!result.ok ? 'no' : later?.over && later.state !== 'filled' ? 'muted' : 'yes'}`} role="status" data-testid="entry-result" data-success={String(result.ok)} data-state={later?.state ?? result.status} data-at={result.at}>
          {later?.words ?? result.text}{result.orderId ? <span className="mono muted"> · {result.orderId.slice(0, 10)}…</span> : null}
        </p>
      ) : null}
      <button className="mk-ticket" disabled={!tokenId} onClick={() => {
        const { key: _own, ...limit } = draft;
        // A market order goes as a market line: what was typed, walked again in the ticket.
        const cap = parsePriceInput(mform.cap);
        const toTicket = isMarket
          ? { ...limit, kind: 'market' as const, type: mform.type, price: cap.ok ? cap.price : '', size: form.side === 'SELL' ? mform.amount.trim() : '', spend: form.side === 'BUY' ? mform.amount.trim() : '' }
          : limit;
        const n = addToTicket([toTicket]);
        push(n ? 'info' : 'bad', n ? `${verb} ${draft.outcome} added to the order ticket` : `The ticket already holds ${MAX_LINES} lines`);
      }}>
        Add to ticket
      </button>
      <Holding conditionId={conditionId} address={account?.address} />

      {confirming ? (
        <ConfirmBatch
          count={1}
          summary={isMarket && market.walk
            ? `${verb} ${sharesText(market.walk.orderShares)} ${current?.outcome ?? ''} at market (${mform.type}) · average ${cents(formatMicros(market.walk.avgPrice ?? 0n))}, worst ${cents(linePrice)} · ${form.side === 'BUY' ? 'cost' : 'proceeds'} ${dollarsText(market.walk.net)} as the book stands, fee ${dollarsText(market.walk.fee)}${market.walk.stale ? ' · priced from a stale book: it may fill at other prices, never past the worst price' : ''}`
            : `${verb} ${line?.size ?? ''} ${current?.outcome ?? ''} at ${cents(entry.price)} · ${form.side === 'BUY' ? 'cost' : 'proceeds'} ${money(preview?.cost)} · fee ${money(preview?.fee)}`}
          accountId={account?.label ?? accountId}
          askedFor={settings.data?.confirm === true}
          unchecked={unchecked}
          sending={sending}
          onSend={() => void send()}
          onBack={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}

/** What the account holds of this market, so a fill shows where the order was placed. */
function Holding({ conditionId, address }: { conditionId: string; address: string | undefined }): React.JSX.Element | null {
  const positions = useCall('portfolio.positions', { address: address ?? '', market: [conditionId] }, { enabled: Boolean(address), refetchInterval: 15_000 });
  const held = (positions.data?.data ?? []).filter((p) => (p.size ?? 0) > 0);
  if (held.length === 0) return null;
  return (
    <p className="mk-hint" data-testid="entry-position">
      You hold {held.map((p, i) => <span key={String(p.asset ?? i)}>{i ? ', ' : ''}<b>{sizeText(p.size)}</b> {p.outcome ?? ''}</span>)}
    </p>
  );
}
