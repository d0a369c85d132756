// The inbox: every notice kept for this venue profile, newest first, with its time and read
// state. A notice opens its market, event or wallet (and is read then); one or all are marked
// read. Under the keyboard: ↑ ↓ move, Enter opens, R marks the selected one read.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CallInput } from '@shared/ipc/contract';
import type { InboxItem } from '@shared/ipc/inbox';
import { useCall, useMutate } from '../../api/hooks';
import { staleCalls } from '../../api/keys';
import { useUi } from '../../state/ui';
import { dateTime } from '../../ui/format';
import { ErrorState, Failure, Skeleton } from '../../ui/states';
import { KIND_WORDS, targetOf } from './target';
import './inbox.css';

/** How many notices the screen lists, newest first. */
const SHOWN = 200;

export function InboxScreen(): React.JSX.Element {
  const [unreadOnly, setUnreadOnly] = useState(false);
  const page = useCall('notices.list', { unreadOnly, limit: SHOWN });
  const mark = useMutate('notices.markRead');
  const client = useQueryClient();
  const [selected, setSelected] = useState<number>();
  const list = useRef<HTMLUListElement>(null);
  const items = page.data?.items ?? [];
  const unread = page.data?.unread ?? 0;

  const markRead = (input: CallInput<'notices.markRead'>): void => mark.mutate(input, { onSuccess: () => void staleCalls(client, ['notices.list']) });
  const open = (n: InboxItem): void => {
    const t = targetOf(n);
    if (t.kind === 'none') return;
    if (!n.read) markRead({ ids: [n.id] });
    const ui = useUi.getState();
    if (t.kind === 'market') {
      ui.select(t.ref);
      ui.go('markets');
    } else if (t.kind === 'event') ui.openEvent(t.slug);
    else ui.openTrader(t.address);
  };

  // The selection stays on a listed notice, and in view.
  const current = items.find((n) => n.id === selected) ?? items[0];
  useEffect(() => {
    if (current) list.current?.querySelector(`[data-id="${current.id}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const onKey = (e: React.KeyboardEvent): void => {
    if ((e.target as HTMLElement).tagName === 'BUTTON' && e.key === 'Enter') return;
    const i = current ? items.indexOf(current) : -1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const next = items[Math.max(0, Math.min(items.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)))];
      if (next) setSelected(next.id);
    } else if (e.key === 'Enter' && current) {
      e.preventDefault();
      open(current);
    } else if (e.key.toLowerCase() === 'r' && current && !current.read && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      markRead({ ids: [current.id] });
    }
  };

  return (
    <div className="page inbox">
      <h1>Inbox</h1>
      <div className="inbox-bar">
        <div className="tabs" role="radiogroup" aria-label="Which notices">
          <button role="radio" aria-checked={!unreadOnly} aria-pressed={!unreadOnly} onClick={() => setUnreadOnly(false)}>All{page.data ? ` · ${page.data.total}` : ''}</button>
          <button role="radio" aria-checked={unreadOnly} aria-pressed={unreadOnly} onClick={() => setUnreadOnly(true)}>Unread · {unread}</button>
        </div>
        <button type="button" className="inbox-all" disabled={unread === 0 || mark.isPending} title={unread === 0 ? 'Nothing is unread' : undefined} onClick={() => markRead({ all: true })}>
          Mark all read
        </button>
      </div>
      <p className="muted inbox-keys">↑ ↓ move · Enter opens the market, event or trader · R marks read</p>
      <Failure error={mark.error} />
      {page.isPending ? (
        <Skeleton rows={6} />
      ) : page.isError ? (
        <ErrorState error={page.error} retry={() => void page.refetch()} />
      ) : items.length === 0 ? (
        <p className="muted" data-testid="inbox-empty">
          {unreadOnly ? 'Nothing unread.' : 'No notices yet. Fills, resolved markets, price alerts, followed traders and the local venue stopping are kept here, read or not.'}
        </p>
      ) : (
        <ul ref={list} className="inbox-list" role="listbox" aria-label="Notices" tabIndex={0} onKeyDown={onKey} aria-activedescendant={current ? `notice-${current.id}` : undefined}>
          {items.map((n) => (
            <Row key={n.id} n={n} selected={n.id === current?.id} onSelect={() => setSelected(n.id)} onOpen={() => open(n)} onRead={() => markRead({ ids: [n.id] })} />
          ))}
        </ul>
      )}
      {page.data && page.data.total > items.length && !unreadOnly ? <p className="muted">The newest {items.length} of {page.data.total} notices.</p> : null}
    </div>
  );
}

function Row({ n, selected, onSelect, onOpen, onRead }: { n: InboxItem; selected: boolean; onSelect(): void; onOpen(): void; onRead(): void }): React.JSX.Element {
  const t = targetOf(n);
  return (
    <li id={`notice-${n.id}`} data-id={n.id} className="notice" role="option" aria-selected={selected} data-testid="notice" data-read={n.read} onClick={onSelect} onDoubleClick={onOpen}>
      <span className="notice-dot" aria-hidden="true" />
      <span className="notice-kind">{KIND_WORDS[n.kind]}</span>
      <span className="notice-title">
        {n.title}
        {n.read ? null : <span className="sr-only"> (unread)</span>}
      </span>
      <time className="notice-time" dateTime={new Date(n.at).toISOString()} title={new Date(n.at).toLocaleString()}>{dateTime(n.at)}</time>
      <span className="notice-body">{n.body}</span>
      <span className="notice-actions">
        {t.kind === 'none' ? (
          n.conditionId ? <button type="button" tabIndex={-1} disabled title={t.why}>Open the market</button> : null
        ) : (
          <button type="button" tabIndex={-1} onClick={onOpen}>{t.label}</button>
        )}
        {n.read ? null : <button type="button" tabIndex={-1} onClick={onRead}>Mark read</button>}
      </span>
    </li>
  );
}
