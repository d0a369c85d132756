// Notices raised in the core (kept in the inbox first) as toasts. Under Electron the main
// process also raises them as OS notifications, outside quiet hours. What they change on screen is
// refreshed by the event map (api/stale.ts). Data files the app found damaged at its start and
// moved aside are said once the page opens, and stay until dismissed.
import { useEffect } from 'react';
import { call, onEvent } from '../../api/transport';
import { useToasts } from '../../ui/Toasts';
import { damagedText } from './damaged';

export function Notices(): null {
  useEffect(() => onEvent('notices.raised', (n) => useToasts.getState().push(n.kind === 'fill' ? 'good' : 'info', `${n.title}: ${n.body}`)), []);
  useEffect(() => {
    let gone = false;
    call('app.damagedFiles', {})
      .then((files) => {
        if (!gone) for (const d of files) useToasts.getState().push('bad', damagedText(d), { sticky: true });
      })
      .catch(() => undefined); // an older core without the call has nothing to say
    return () => void (gone = true);
  }, []);
  return null;
}
