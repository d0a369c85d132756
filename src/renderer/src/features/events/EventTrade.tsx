// Trading from an event's page: Buy / Sell on each outcome's row, "Buy every outcome" / "Sell
// every outcome" filling the order ticket with one limit line per outcome that can still win,
// and the payoff table of both batches — what each pays under each outcome, and the edge
// against the 100¢ a set pays, after fees. Nothing is sent from here: the ticket signs and sends.
import type { Side } from '@shared/domain/event-basket';
import { changeText, formatMicros } from '@shared/domain/money';
import type { DraftLine } from '@shared/ipc/contract';
import type { EventOutcome } from '@shared/ipc/find';
import { useUi } from '../../state/ui';
import { cents } from '../../ui/format';
import { usdMicros } from '../../ui/money';
import { useToasts } from '../../ui/Toasts';
import { cashText } from '../ticket/price';
import { MAX_LINES, useTicket } from '../ticket/store';
import type { Basket, SideBasket } from './useBasket';

type Outcome = EventOutcome & { label: string };

const yesName = (o: Outcome): string => o.outcomes?.[0] ?? 'Yes';
const verb = (side: Side): string => (side === 'BUY' ? 'Buy' : 'Sell');

/** Puts lines in the ticket and opens it; all of them or, without room, none (a part of a bracket is another trade). */
function useFill(): (lines: Array<Partial<DraftLine>>, what: string) => void {
  const go = useUi((s) => s.go);
  const push = useToasts((s) => s.push);
  return (lines, what) => {
    const room = MAX_LINES - useTicket.getState().lines.length;
    if (lines.length > room) {
      push('bad', `${what} needs ${lines.length} lines; the ticket has room for ${room} of its ${MAX_LINES}. Send or clear its lines first.`);
      return;
    }
    useTicket.getState().add(lines);
    push('info', `${what}: ${lines.length === 1 ? 'a line' : `${lines.length} lines`} added to the order ticket`);
    go('ticket');
  };
}

/**
 * An outcome's best bid or ask as a button: Sell there or Buy there, a line in the ticket with
 * that price and the size for the trader to type. With no quote the line comes without a price.
 */
export function QuoteCell({ outcome, side }: { outcome: Outcome; side: Side }): React.JSX.Element {
  const fill = useFill();
  const at = side === 'BUY' ? outcome.bestAsk : outcome.bestBid;
  const best = side === 'BUY' ? 'ask' : 'bid';
  return (
    <td className="num ev-quote">
      <button
        className={`ev-trade ${side === 'BUY' ? 'buy' : 'sell'}`}
        data-testid={`outcome-${side === 'BUY' ? 'buy' : 'sell'}`}
        disabled={!outcome.tokenId}
        title={`${verb(side)} ${yesName(outcome)} of “${outcome.label}”${at ? ` at the best ${best}, ${cents(at)}` : `: no ${best} now, the price is yours to type`} — a line in the order ticket`}
        onClick={(e) => {
          e.stopPropagation();
          fill([{ conditionId: outcome.conditionId, tokenId: outcome.tokenId ?? '', label: outcome.question, outcome: yesName(outcome), side, price: at ?? '', size: '' }], `${verb(side)} ${outcome.label}`);
        }}
      >
        <span className="ev-verb">{verb(side)}</span> <span data-field={best}>{cents(at)}</span>
      </button>
    </td>
  );
}

/** "Buy every outcome": the basket's lines into the ticket, or why they cannot be made now. */
export function BasketButton({ basket, side }: { basket: Basket; side: SideBasket }): React.JSX.Element {
  const fill = useFill();
  // A bracket is traded whole or not at all: one larger than the ticket cannot be.
  const why = side.problems[0] ?? (side.lines.length > MAX_LINES ? `${side.lines.length} outcomes can still win; the ticket takes ${MAX_LINES} lines` : undefined);
  const name = `${verb(side.side)} every outcome`;
  return (
    <button
      className={`ev-basket ${side.side === 'BUY' ? 'buy' : 'sell'}`}
      data-testid={side.side === 'BUY' ? 'buy-every' : 'sell-every'}
      disabled={why !== undefined}
      title={why ?? `${side.lines.length} limit lines of ${basket.setsText} shares each, at the best ${side.side === 'BUY' ? 'asks' : 'bids'}, into the order ticket`}
      onClick={() =>
        fill(
          side.lines.map((l) => {
            const o = basket.outcomes.find((x) => x.conditionId === l.conditionId) as Outcome;
            return { conditionId: l.conditionId, tokenId: l.tokenId, label: o.question, outcome: yesName(o), side: l.side, price: l.price, size: l.size, type: 'GTC', postOnly: false };
          }),
          name,
        )
      }
    >
      {name}
    </button>
  );
}

/** A figure of a basket: '—' when the basket cannot be made, '…' while its lines are priced. */
const pending = (s: SideBasket): string => (s.problems.length ? '—' : '…');

/** Money with its sign: a gain green, a loss red. */
function Net({ micros, none }: { micros: bigint | undefined; none: string }): React.JSX.Element {
  const cls = micros === undefined || micros === 0n ? '' : micros > 0n ? 'yes' : 'no';
  return <td className={`num ${cls}`}>{micros === undefined ? none : `${micros > 0n ? '+' : ''}${usdMicros(micros)}`}</td>;
}

/** The edge of a basket: per set against 100¢, and over the whole batch. */
function edgeText(side: SideBasket): string {
  const p = side.payoff;
  if (!p) return pending(side);
  const per = p.edgePerSet !== undefined ? `${changeText(p.edgePerSet)} a set · ` : '';
  return `${per}${p.worst > 0n ? '+' : ''}${usdMicros(p.worst)}`;
}

/** Both baskets' payoff under each outcome that can still win, with the sets field that sizes them. */
export function PayoffTable({ basket }: { basket: Basket }): React.JSX.Element {
  const { buy, sell } = basket;
  const rowOf = (s: SideBasket, conditionId: string) => s.payoff?.rows.find((r) => r.conditionId === conditionId);
  const problems = [...new Set([...buy.problems, ...buy.lineProblems].map((p) => `Buy every: ${p}`).concat([...sell.problems, ...sell.lineProblems].map((p) => `Sell every: ${p}`)))];
  const sets = basket.setsText;
  return (
    <div className="section ev-payoff" data-testid="payoff">
      <h2>Every outcome at once · payoff</h2>
      <div className="inline ev-sets">
        <label>
          Sets{' '}
          <input aria-label="Sets (shares of each outcome)" inputMode="decimal" className="num" value={sets} onChange={(e) => basket.setSets(e.target.value)} />
        </label>
        <span className="muted">
          shares of each outcome{basket.fewest !== undefined ? ` (at least ${formatMicros(basket.fewest)}, the largest minimum size)` : ''} · a set pays $1 whichever wins
        </span>
      </div>
      <table className="ev-table ev-payoff-table">
        <thead>
          <tr>
            <th>If this wins</th>
            <th className="num" title="What the bought shares pay">Buy every · paid</th>
            <th className="num" title="Paid less the cost, fees included">net</th>
            <th className="num" title="What the sold shares would have paid: given up">Sell every · paid</th>
            <th className="num" title="The proceeds, fees taken off, less what is given up">net</th>
          </tr>
        </thead>
        <tbody>
          {basket.outcomes.map((o) => {
            const b = rowOf(buy, o.conditionId);
            const s = rowOf(sell, o.conditionId);
            return (
              <tr key={o.conditionId} data-testid="payoff-row" data-market={o.marketId}>
                <td title={o.question}>{o.label}</td>
                <td className="num" data-field="buy-paid">{b ? usdMicros(b.paid) : pending(buy)}</td>
                <Net micros={b?.net} none={pending(buy)} />
                <td className="num" data-field="sell-paid">{s ? usdMicros(s.paid) : pending(sell)}</td>
                <Net micros={s?.net} none={pending(sell)} />
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <td>Cost · proceeds, fees included</td>
            <td colSpan={2} className="num" data-testid="payoff-buy-cost">{buy.payoff ? cashText(buy.payoff.cost) : pending(buy)}</td>
            <td colSpan={2} className="num" data-testid="payoff-sell-cost">{sell.payoff ? cashText(sell.payoff.cost) : pending(sell)}</td>
          </tr>
          <tr>
            <td>Fees</td>
            <td colSpan={2} className="num" data-testid="payoff-buy-fees">{buy.payoff ? usdMicros(buy.payoff.fees) : pending(buy)}</td>
            <td colSpan={2} className="num">{sell.payoff ? usdMicros(sell.payoff.fees) : pending(sell)}</td>
          </tr>
          <tr className="ev-edge">
            <td title="What the batch makes whichever outcome wins, against the 100¢ a set pays, after fees">Edge against 100¢ after fees</td>
            <td colSpan={2} className={`num ${edgeClass(buy)}`} data-testid="edge-buy">{edgeText(buy)}</td>
            <td colSpan={2} className={`num ${edgeClass(sell)}`} data-testid="edge-sell">{edgeText(sell)}</td>
          </tr>
        </tfoot>
      </table>
      {problems.length ? (
        <ul className="ev-problems muted" data-testid="payoff-problems">
          {problems.slice(0, 6).map((p) => <li key={p}>{p}</li>)}
          {problems.length > 6 ? <li>and {problems.length - 6} more</li> : null}
        </ul>
      ) : null}
      <p className="muted ev-note">Each line is a limit order at the best ask (bid): it fills as far as that price goes and the rest waits on the book. Selling needs the shares, which the ticket checks.</p>
    </div>
  );
}

const edgeClass = (s: SideBasket): string => (s.payoff === undefined || s.payoff.worst === 0n ? '' : s.payoff.worst > 0n ? 'yes' : 'no');
