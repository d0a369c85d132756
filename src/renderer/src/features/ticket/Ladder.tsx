// The ladder builder: from price A to price B in N rungs, linear or geometric, the total size
// split evenly or skewed; on one outcome, or the same ladder on the first outcome of every market
// of an event.
import { useState } from 'react';
import type { DraftLine } from '@shared/ipc/contract';
import { buildLadder, type LadderSpec } from '@shared/domain/ladder';
import { tickText } from '@shared/domain/money';
import { useCall } from '../../api/hooks';
import { call } from '../../api/transport';
import { parsePriceInput } from '../../ui/cents';
import { cents } from '../../ui/format';
import { MarketSearch, OutcomeSelect } from './MarketPicker';

interface Target {
  conditionId: string;
  tokenId: string;
  label: string;
  outcome: string;
}

const tickOf = async (conditionId: string): Promise<string> => tickText((await call('markets.settings', { conditionId })).data.mts);

export function Ladder({ onAdd, room }: { onAdd(lines: Array<Partial<DraftLine>>): void; room: number }): React.JSX.Element {
  const [mode, setMode] = useState<'outcome' | 'event'>('outcome');
  const [market, setMarket] = useState<{ conditionId: string; label: string } | undefined>();
  const [token, setToken] = useState<{ tokenId: string; outcome: string } | undefined>();
  const [eventId, setEventId] = useState('');
  const [eventQuery, setEventQuery] = useState('');
  const [side, setSide] = useState<'BUY' | 'SELL'>('BUY');
  const [type, setType] = useState<DraftLine['type']>('GTC');
  const [spec, setSpec] = useState<Omit<LadderSpec, 'tick' | 'from' | 'to'>>({ rungs: 5, spacing: 'linear', totalSize: '100', split: 'even' });
  // Prices typed in cents, as on the ticket's lines; a dollar value ("0.40") is read as dollars.
  const [prices, setPrices] = useState({ from: '40', to: '48' });
  const from = parsePriceInput(prices.from);
  const to = parsePriceInput(prices.to);
  const priceProblem = !from.ok ? `From: ${from.reason}` : !to.ok ? `To: ${to.reason}` : undefined;
  const full = from.ok && to.ok ? { ...spec, from: from.price, to: to.price } : undefined;
  const [problem, setProblem] = useState<string | undefined>();
  const events = useCall('markets.search', { query: eventQuery, limit: 8, kinds: ['events'] }, { enabled: eventQuery.trim().length > 1 });
  const settings = useCall('markets.settings', { conditionId: market?.conditionId ?? '' }, { enabled: Boolean(market) });
  const tick = settings.data ? tickText(settings.data.data.mts) : undefined;
  const preview = tick && full ? buildLadder({ ...full, tick }) : undefined;

  const build = async (): Promise<void> => {
    setProblem(undefined);
    if (!full) return setProblem(priceProblem);
    try {
      let targets: Array<Target & { tick: string }> = [];
      if (mode === 'outcome') {
        if (!market || !token) return setProblem('pick a market and an outcome');
        targets = [{ ...market, ...token, tick: tick ?? (await tickOf(market.conditionId)) }];
      } else {
        if (!eventId) return setProblem('pick an event');
        const e = (await call('events.get', { idOrSlug: eventId })).data;
        const markets = (e.markets ?? []).filter((m) => m.active !== false && m.closed !== true);
        targets = await Promise.all(
          markets.map(async (m) => ({
            conditionId: String(m.conditionId),
            tokenId: String(m.clobTokenIds?.[0] ?? ''),
            label: String(m.groupItemTitle ?? m.question ?? ''),
            outcome: String(m.outcomes?.[0] ?? 'Yes'),
            tick: await tickOf(String(m.conditionId)),
          })),
        );
        targets = targets.filter((t) => t.tokenId !== '');
        if (targets.length === 0) return setProblem('this event has no open markets');
      }
      const lines: Array<Partial<DraftLine>> = [];
      for (const t of targets) {
        const l = buildLadder({ ...full, tick: t.tick });
        if (!l.ok) return setProblem(`${t.label}: ${l.problem}`);
        for (const r of l.rungs) lines.push({ conditionId: t.conditionId, tokenId: t.tokenId, label: t.label, outcome: t.outcome, side, type, price: r.price, size: r.size });
      }
      if (lines.length > room) return setProblem(`${lines.length} lines do not fit: the ticket has room for ${room} more`);
      onAdd(lines);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };

  const num = (k: 'from' | 'to' | 'totalSize', label: string): React.JSX.Element => (
    <label>
      {label}
      {k === 'totalSize' ? (
        <input aria-label={label} inputMode="decimal" className="num small" value={spec.totalSize} onChange={(e) => setSpec({ ...spec, totalSize: e.target.value.trim() })} />
      ) : (
        <input aria-label={label} inputMode="decimal" className="num small" value={prices[k]} placeholder="cents" onChange={(e) => setPrices({ ...prices, [k]: e.target.value })} />
      )}
    </label>
  );

  return (
    <section className="ladder" aria-label="Ladder builder">
      <h2>Ladder</h2>
      <div className="tabs" role="radiogroup" aria-label="Ladder on">
        <button role="radio" aria-checked={mode === 'outcome'} aria-pressed={mode === 'outcome'} onClick={() => setMode('outcome')}>One outcome</button>
        <button role="radio" aria-checked={mode === 'event'} aria-pressed={mode === 'event'} onClick={() => setMode('event')}>Every market of an event</button>
      </div>
      <div className="inline">
        {mode === 'outcome' ? (
          market ? (
            <>
              <span className="label">{market.label}</span>
              <OutcomeSelect conditionId={market.conditionId} tokenId={token?.tokenId ?? ''} outcome={token?.outcome ?? ''} onChange={(tokenId, outcome) => setToken({ tokenId, outcome })} />
              <button className="link action" onClick={() => (setMarket(undefined), setToken(undefined))}>change</button>
            </>
          ) : (
            <MarketSearch onPick={setMarket} placeholder="Market for the ladder…" />
          )
        ) : (
          <div className="picker">
            <input aria-label="Event search" placeholder="Find an event…" value={eventQuery} onChange={(e) => (setEventQuery(e.target.value), setEventId(''))} />
            {eventQuery.trim().length > 1 && !eventId && events.data ? (
              <ul className="picker-list" role="listbox">
                {events.data.map((h) => (
                  <li key={h.id} role="option" aria-selected={false} onMouseDown={(e) => (e.preventDefault(), setEventId(h.id), setEventQuery(h.title))}>{h.title}</li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
      </div>
      <div className="inline" style={{ marginTop: 8 }}>
        <select aria-label="Ladder side" value={side} onChange={(e) => setSide(e.target.value as 'BUY' | 'SELL')}>
          <option value="BUY">Buy</option>
          <option value="SELL">Sell</option>
        </select>
        {num('from', 'From price (¢)')}
        {num('to', 'To price (¢)')}
        <label>
          Rungs
          <input aria-label="Rungs" type="number" min={1} max={15} className="num small" value={spec.rungs} onChange={(e) => setSpec({ ...spec, rungs: Number(e.target.value) })} />
        </label>
        <select aria-label="Spacing" value={spec.spacing} onChange={(e) => setSpec({ ...spec, spacing: e.target.value as LadderSpec['spacing'] })}>
          <option value="linear">Linear</option>
          <option value="geometric">Geometric</option>
        </select>
        {num('totalSize', 'Total size')}
        <select aria-label="Split" value={spec.split} onChange={(e) => setSpec({ ...spec, split: e.target.value as LadderSpec['split'] })}>
          <option value="even">Even</option>
          <option value="skew-to">More toward “to”</option>
          <option value="skew-from">More toward “from”</option>
        </select>
        <select aria-label="Ladder order type" value={type} onChange={(e) => setType(e.target.value as DraftLine['type'])}>
          <option value="GTC">GTC</option>
          <option value="FOK">FOK</option>
          <option value="FAK">FAK</option>
        </select>
        <button className="primary" onClick={() => void build()}>Add rungs to ticket</button>
      </div>
      {preview?.ok ? <p className="muted" data-testid="ladder-preview">{preview.rungs.map((r) => `${r.size} @ ${cents(r.price)}`).join(' · ')}</p> : null}
      {preview && !preview.ok ? <p className="no">{preview.problem}</p> : null}
      {priceProblem ? <p className="no" data-testid="ladder-price-problem">{priceProblem}</p> : null}
      {[from, to].some((p) => p.ok && p.asDollars) ? <p className="muted" data-testid="ladder-price-hint">{[from, to].flatMap((p, i) => (p.ok && p.asDollars ? [`${i === 0 ? 'From' : 'To'} read as dollars: ${cents(p.price)}`] : [])).join(' · ')}</p> : null}
      {problem ? <p className="no" role="alert">{problem}</p> : null}
    </section>
  );
}
