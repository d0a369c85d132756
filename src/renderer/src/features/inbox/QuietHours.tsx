// Quiet hours, in Settings: from and to, local time. During them the desktop shows no OS
// notification; the inbox and the window's toasts keep every notice all the same.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCall, useMutate } from '../../api/hooks';
import { keyOf } from '../../api/keys';
import { Failure } from '../../ui/states';
import './inbox.css';

export function QuietHoursSetting(): React.JSX.Element {
  const settings = useCall('settings.get', {});
  const set = useMutate('settings.set');
  const client = useQueryClient();
  const kept = settings.data?.quietHours;
  // What is typed stays as typed, whatever the core answers.
  const [from, setFrom] = useState('22:00');
  const [to, setTo] = useState('07:00');
  useEffect(() => {
    if (kept) {
      setFrom(kept.from);
      setTo(kept.to);
    }
  }, [kept]);
  const save = (quietHours: { from: string; to: string } | null, settled?: () => void): void =>
    set.mutate({ quietHours }, { onSuccess: (data) => client.setQueryData(keyOf('settings.get', {}), data), ...(settled ? { onSettled: settled } : {}) });
  // While a switch is being saved the box shows what was asked, not the core's last answer
  // (a controlled box would spring back until the answer comes).
  const [asked, setAsked] = useState<boolean>();
  const on = asked ?? (kept !== null && kept !== undefined);
  return (
    <section className="section" aria-labelledby="quiet-hours">
      <h2 id="quiet-hours">Notifications</h2>
      <div className="quiet-hours">
        <label className="check">
          <input type="checkbox" checked={on} disabled={!settings.data} onChange={(e) => (setAsked(e.target.checked), save(e.target.checked ? { from, to } : null, () => setAsked(undefined)))} />
          Quiet hours
        </label>
        <label>
          from <input type="time" aria-label="Quiet from" value={from} onChange={(e) => setFrom(e.target.value)} onBlur={() => on && save({ from, to })} />
        </label>
        <label>
          to <input type="time" aria-label="Quiet until" value={to} onChange={(e) => setTo(e.target.value)} onBlur={() => on && save({ from, to })} />
        </label>
        <span className="muted">local time — no desktop notification then; the inbox keeps every notice</span>
      </div>
      <Failure error={set.error} />
    </section>
  );
}
