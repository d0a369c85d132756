// The form of one alert, for a new one (the market page's popover) and for editing one (the
// Watchlist's Alerts section): what it watches, which way, and the level.
import { useState } from 'react';
import { conditionOf, type AlertDraft, type AlertTarget } from './alert-form';
import type { AlertCondition } from '@shared/ipc/watchlist';

export interface AlertFormProps {
  /** The market's outcome labels, in order. */
  outcomes: readonly string[];
  initial?: AlertDraft | undefined;
  /** What each outcome trades at now, for the hint ("Yes now 45¢"). */
  now?: ReadonlyArray<string | undefined>;
  submitLabel: string;
  busy?: boolean;
  /** The core's refusal, in its words. */
  error?: string | undefined;
  onSubmit(condition: AlertCondition): void;
  onCancel(): void;
}

const targetKey = (t: AlertTarget): string => (t.kind === 'price' ? `price:${t.outcome}` : t.kind);
const targetOf = (key: string): AlertTarget => (key.startsWith('price:') ? { kind: 'price', outcome: Number(key.slice(6)) } : key === 'spread' ? { kind: 'spread' } : { kind: 'volume24h' });

export function AlertForm({ outcomes, initial, now, submitLabel, busy, error, onSubmit, onCancel }: AlertFormProps): React.JSX.Element {
  const [draft, setDraft] = useState<AlertDraft>(initial ?? { target: { kind: 'price', outcome: 0 }, op: '>=', value: '' });
  const [tried, setTried] = useState(false);
  const parsed = conditionOf(draft);
  const t = draft.target;
  const unit = t.kind === 'volume24h' ? '$' : '¢';
  const hint = t.kind === 'price' && now?.[t.outcome] ? `${outcomes[t.outcome] ?? 'It'} last traded at ${now[t.outcome]}` : undefined;
  const submit = (e: React.FormEvent): void => {
    e.preventDefault();
    setTried(true);
    if (parsed.ok) onSubmit(parsed.condition);
  };
  return (
    <form className="alert-form" onSubmit={submit} aria-label="Alert condition" onKeyDown={(e) => e.key === 'Escape' && (e.stopPropagation(), onCancel())}>
      <div className="alert-fields">
        <select aria-label="Alert on" value={targetKey(t)} onChange={(e) => setDraft({ ...draft, target: targetOf(e.target.value), op: e.target.value === 'spread' ? '<=' : e.target.value === 'volume24h' ? '>=' : draft.op })}>
          {outcomes.map((o, i) => (
            <option key={`${o}-${i}`} value={`price:${i}`}>{o} price</option>
          ))}
          <option value="spread">Spread</option>
          <option value="volume24h">24h volume</option>
        </select>
        {t.kind === 'price' ? (
          <select aria-label="Direction" value={draft.op} onChange={(e) => setDraft({ ...draft, op: e.target.value as '>=' | '<=' })}>
            <option value=">=">≥ rises to</option>
            <option value="<=">≤ falls to</option>
          </select>
        ) : (
          <span className="alert-op">{t.kind === 'spread' ? '≤' : '≥'}</span>
        )}
        <label className="alert-value">
          {unit === '$' ? <span className="muted">$</span> : null}
          <input
            aria-label={t.kind === 'volume24h' ? 'Amount in dollars' : 'Level in cents'}
            inputMode="decimal"
            autoFocus
            value={draft.value}
            placeholder={t.kind === 'volume24h' ? '25000' : t.kind === 'spread' ? '2' : '60'}
            onChange={(e) => setDraft({ ...draft, value: e.target.value })}
          />
          {unit === '¢' ? <span className="muted">¢</span> : null}
        </label>
      </div>
      {hint ? <p className="muted alert-hint">{hint}</p> : null}
      {t.kind === 'price' ? <p className="muted alert-hint">The price is the outcome’s last trade, as the markets list shows it.</p> : null}
      {tried && !parsed.ok ? <p className="no" role="alert">{parsed.reason}</p> : null}
      {error ? <p className="no" role="alert">{error}</p> : null}
      <div className="alert-actions">
        <button type="submit" disabled={busy}>{submitLabel}</button>
        <button type="button" onClick={onCancel}>Cancel</button>
      </div>
    </form>
  );
}
