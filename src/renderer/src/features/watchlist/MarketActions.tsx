// The market page header's own actions: the watchlist star and a small "Alert" button whose
// popover makes a price alert on this market and lists the ones it has. Alerts are managed in
// one place, the Watchlist's Alerts section.
import { useEffect, useRef, useState } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { cents } from '../../ui/format';
import { useToasts } from '../../ui/Toasts';
import { AlertForm } from './AlertForm';
import { Star } from './Star';
import './watchlist.css';

export interface MarketActionsProps {
  conditionId: string;
  /** The catalog id the market page was opened with. */
  marketRef: string;
  question: string;
  outcomes: readonly string[];
  /** Each outcome's last trade, where known. */
  lastPrices?: ReadonlyArray<string | undefined>;
}

export function MarketActions({ conditionId, marketRef, question, outcomes, lastPrices }: MarketActionsProps): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const alerts = useCall('alerts.list', {});
  const mine = (alerts.data ?? []).filter((a) => a.conditionId.toLowerCase() === conditionId.toLowerCase());
  const create = useMutate('alerts.create');
  const go = useUi((s) => s.go);
  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent): void => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    window.addEventListener('pointerdown', away);
    return () => window.removeEventListener('pointerdown', away);
  }, [open]);

  return (
    <div className="mk-actions">
      <Star kind="market" id={conditionId} openRef={marketRef} title={question} />
      <div className="popover-anchor" ref={box}>
        <button type="button" aria-expanded={open} aria-haspopup="dialog" onClick={() => setOpen((o) => !o)} data-testid="alert-button">
          Alert{mine.length ? <span className="count"> {mine.length}</span> : null}
        </button>
        {open ? (
          <div className="popover" role="dialog" aria-label="Price alert">
            <h3>New alert</h3>
            <AlertForm
              key={conditionId}
              outcomes={outcomes}
              now={(lastPrices ?? []).map((p) => (p ? cents(p) : undefined))}
              submitLabel="Create alert"
              busy={create.isPending}
              error={create.error?.message}
              onCancel={() => setOpen(false)}
              onSubmit={(condition) =>
                create.mutate(
                  { conditionId, ref: marketRef, condition },
                  {
                    onSuccess: (a) => {
                      setOpen(false);
                      useToasts.getState().push('info', a.state === 'met' ? `Alert set: ${a.words}. It holds already, so it fires the next time it crosses.` : `Alert set: ${a.words}.`);
                    },
                  },
                )
              }
            />
            {mine.length ? (
              <ul className="alert-mini" aria-label="Alerts on this market">
                {mine.map((a) => (
                  <li key={a.id}>
                    <span>{a.words}</span> <span className="muted">{a.paused ? 'paused' : a.state === 'met' ? 'met' : 'armed'}</span>
                  </li>
                ))}
              </ul>
            ) : null}
            <button type="button" className="link" onClick={() => go('watchlist')}>Manage alerts in Watchlist</button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
