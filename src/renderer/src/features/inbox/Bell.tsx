// The bell in the header: the inbox's unread count, refreshed by `notices.changed`; it opens the inbox.
import { useCall } from '../../api/hooks';
import { useUi } from '../../state/ui';
import { countText } from './target';
import './inbox.css';

export function Bell(): React.JSX.Element {
  // The count alone: the newest unread notice is all this asks for.
  const page = useCall('notices.list', { unreadOnly: true, limit: 1 });
  const go = useUi((s) => s.go);
  const open = useUi((s) => s.screen === 'inbox');
  const unread = page.data?.unread ?? 0;
  const words = page.data ? (unread ? `Inbox: ${unread} unread` : 'Inbox: nothing unread') : 'Inbox';
  return (
    <button type="button" className="bell" data-testid="bell" aria-label={words} title={words} aria-current={open ? 'page' : undefined} onClick={() => go('inbox')}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 1.5a4.5 4.5 0 0 0-4.5 4.5v2.6L2 11v1h12v-1l-1.5-2.4V6A4.5 4.5 0 0 0 8 1.5Z" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinejoin="round" />
        <path d="M6.3 13.2a1.8 1.8 0 0 0 3.4 0" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
      </svg>
      {unread ? <span className="bell-count" data-testid="bell-count">{countText(unread)}</span> : null}
    </button>
  );
}
