import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, StrictMode, Suspense, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useCall } from './api/hooks';
import { useRefreshOnEvents } from './api/stale';
import { call, onEvent } from './api/transport';
import { SearchBox } from './features/search/SearchBox';
import { MarketsScreen } from './features/markets/MarketsScreen';
import { prefetchList } from './features/markets/list-query';
import { AccountPicker } from './ui/AccountPicker';
import { LocalVenueStatus } from './ui/LocalVenueStatus';
import { useVenueBannerShown, VenueProblemBanner } from './ui/VenueProblem';
import { LiveStatus } from './ui/LiveStatus';
import { Toasts } from './ui/Toasts';
import { Notices } from './features/notify/Notices';
import { Bell } from './features/inbox/Bell';
import { SCREENS, useUi } from './state/ui';
import { Help } from './ui/Help';
import { Skeleton } from './ui/states';
import { asOf } from './ui/format';
import { updateNote, type UpdateStatus } from './ui/update';
import { isNotOffered } from './ui/venue';

const EventsScreen = lazy(() => import('./features/events/EventsScreen').then((m) => ({ default: m.EventsScreen })));
const TagsScreen = lazy(() => import('./features/tags/TagsScreen').then((m) => ({ default: m.TagsScreen })));
const TraderPage = lazy(() => import('./features/traders/TraderPage').then((m) => ({ default: m.TraderPage })));
const LeaderboardScreen = lazy(() => import('./features/leaderboard/LeaderboardScreen').then((m) => ({ default: m.LeaderboardScreen })));
const OrdersScreen = lazy(() => import('./features/orders/OrdersScreen').then((m) => ({ default: m.OrdersScreen })));
const PortfolioScreen = lazy(() => import('./features/portfolio/PortfolioScreen').then((m) => ({ default: m.PortfolioScreen })));
const SettingsScreen = lazy(() => import('./features/settings/SettingsScreen').then((m) => ({ default: m.SettingsScreen })));
const InboxScreen = lazy(() => import('./features/inbox/InboxScreen').then((m) => ({ default: m.InboxScreen })));
const FollowingScreen = lazy(() => import('./features/traders/FollowingScreen').then((m) => ({ default: m.FollowingScreen })));
const WatchlistScreen = lazy(() => import('./features/watchlist/WatchlistScreen').then((m) => ({ default: m.WatchlistScreen })));
const TicketScreen = lazy(() => import('./features/ticket/TicketScreen').then((m) => ({ default: m.TicketScreen })));
const Palette = lazy(() => import('./ui/Palette').then((m) => ({ default: m.Palette })));
import './ui/tokens.css';

// A route the venue lacks stays lacking: asking again only repeats the same answer.
const queries = new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: (n, err) => n < 1 && !isNotOffered(err), refetchOnWindowFocus: false } } });


function App(): React.JSX.Element {
  const screen = useUi((s) => s.screen);
  const go = useUi((s) => s.go);
  const trader = useUi((s) => s.trader);
  const setSearch = useUi((s) => s.setSearch);
  const searchBox = useRef<HTMLInputElement>(null);
  const info = useCall('profiles.list', {});
  const syncStatus = useCall('sync.status', {}, { refetchInterval: 30_000 });
  const offline = useUi((s) => s.offline);
  const sync = useUi((s) => s.sync);
  const syncProgress = useUi((s) => s.syncProgress);
  useEffect(() => onEvent('sync.progressed', (e) => syncProgress(e.kind, e.done, e.total)), [syncProgress]);
  const [update, setUpdate] = useState<UpdateStatus>();
  useEffect(() => onEvent('update.status', setUpdate), []);
  const note = update && updateNote(update);
  // What each event makes stale is asked again, on this screen or when another one opens.
  useRefreshOnEvents();
  const [palette, setPalette] = useState(false);
  const [help, setHelp] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        setPalette((p) => !p);
      } else if (e.key === '?' && document.activeElement?.tagName !== 'INPUT') setHelp((h) => !h);
      else if (e.key === 'Escape') setHelp(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // While the embedded venue starts, its surfaces cannot answer yet: the status bar says it is
  // starting, and the saved catalog shows meanwhile; that is no outage to announce.
  const localVenue = useCall('venue.status', {});
  const starting = localVenue.data?.local?.state === 'starting';
  // An embedded venue that is down answers nothing, whatever the last request found.
  const localDown = localVenue.data?.local?.state === 'down';
  const down = starting ? [] : (Object.keys(offline) as Array<keyof typeof offline>).filter((k) => offline[k]);
  // A venue that cannot start on its folder says why, in place of the outage it causes.
  const venueBanner = useVenueBannerShown(localVenue.data?.local);

  useEffect(() => {
    // Fill the local search index in the background; the list works from the first page on.
    void call('sync.start', {}).catch(() => undefined);
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === '/' && document.activeElement?.tagName !== 'INPUT') {
        e.preventDefault();
        searchBox.current?.focus();
      } else if (e.key === 'Escape' && document.activeElement === searchBox.current) {
        setSearch('');
        searchBox.current?.blur();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setSearch]);

  const profile = info.data?.profiles.find((p) => p.id === info.data?.active);
  return (
    <div className="shell">
      <nav className="rail" aria-label="Screens">
        <div className="brand">KAIROS</div>
        {SCREENS.map(([id, label]) => (
          <button key={id} aria-current={screen === id ? 'page' : undefined} onClick={() => go(id)}>{label}</button>
        ))}
      </nav>
      <header className="top">
        <SearchBox inputRef={searchBox} />
        <div className="top-end">
          <AccountPicker />
          <Bell />
        </div>
      </header>
      <main className="main" style={{ gridTemplateRows: down.length || venueBanner ? 'auto 1fr' : '1fr' }}>
        {venueBanner ? (
          <VenueProblemBanner local={localVenue.data?.local} />
        ) : down.length ? (
          <div className="banner" role="status">Offline: the venue’s {down.join(', ')} {down.length > 1 ? 'surfaces are' : 'surface is'} unreachable. Showing saved data with its time.</div>
        ) : null}
        {/* Every screen but the list loads on first use, keeping the first paint of the list small. */}
        <Suspense fallback={<Skeleton />}>
        {screen === 'markets' ? (
          <MarketsScreen />
        ) : screen === 'watchlist' ? (
          <WatchlistScreen />
        ) : screen === 'inbox' ? (
          <InboxScreen />
        ) : screen === 'events' ? (
          <EventsScreen />
        ) : screen === 'series' ? (
          <EventsScreen key="series" series />
        ) : screen === 'tags' ? (
          <TagsScreen />
        ) : screen === 'following' ? (
          <FollowingScreen />
        ) : screen === 'trader' && trader ? (
          <TraderPage address={trader} onBack={() => go(useUi.getState().traderFrom)} />
        ) : screen === 'ticket' ? (
          <TicketScreen />
        ) : screen === 'orders' ? (
          <OrdersScreen />
        ) : screen === 'portfolio' ? (
          <PortfolioScreen />
        ) : screen === 'settings' ? (
          <SettingsScreen />
        ) : (
          <LeaderboardScreen />
        )}
        </Suspense>
      </main>
      <footer className="status">
        <span>{profile?.name ?? 'connecting…'}</span>
        {(['catalog', 'trading', 'data'] as const).map((s) => (
          <span key={s}><span className={`dot ${offline[s] || localDown ? 'off' : ''}`} data-testid={`surface-${s}`} data-online={!(offline[s] || localDown)} />{s}</span>
        ))}
        <LocalVenueStatus />
        <LiveStatus />
        {sync['markets'] ? <SyncProgress done={sync['markets'].done} total={sync['markets'].total} /> : null}
        {syncStatus.data?.lastSyncAt ? <span title="Last complete catalog sync">synced {asOf(syncStatus.data.lastSyncAt)}</span> : null}
        {note ? <span data-testid="update" title={update?.message}>{note}</span> : null}
        <span style={{ marginLeft: 'auto' }}>Ctrl K · ? for shortcuts</span>
      </footer>
      {palette ? (
        <Suspense fallback={null}>
          <Palette onClose={() => setPalette(false)} />
        </Suspense>
      ) : null}
      {help ? <Help onClose={() => setHelp(false)} /> : null}
      <Toasts />
      <Notices />
    </div>
  );
}

function SyncProgress({ done, total }: { done: number; total?: number | undefined }): React.JSX.Element {
  const finished = total !== undefined && done >= total;
  return (
    <span data-testid="sync" className="sync">
      {finished ? 'catalog synced: ' : 'syncing catalog '}
      {finished ? null : <progress max={total ?? 1} value={total ? done : undefined} aria-label="Catalog sync" />}
      {done.toLocaleString()}
      {total ? ` / ${total.toLocaleString()}` : ''} markets
    </span>
  );
}

function applyTheme(theme: 'system' | 'light' | 'dark'): void {
  if (theme === 'system') delete document.documentElement.dataset['theme'];
  else document.documentElement.dataset['theme'] = theme;
}

/** The core's kept theme, when it differs from what the page painted with. */
function keepTheme(kept: ReturnType<typeof useUi.getState>['theme'] | undefined): void {
  if (!kept || kept === useUi.getState().theme) return;
  localStorage.setItem('kairos-theme', kept);
  useUi.setState({ theme: kept });
}

/**
 * The theme the core keeps is set before the first paint, so a restart never flashes the other
 * one. The page keeps a copy of it, so a page that has one paints at once (the first reads go
 * out meanwhile); one without waits for the core's, half a second at most.
 */
async function start(): Promise<void> {
  applyTheme(useUi.getState().theme);
  useUi.subscribe((s, last) => s.theme !== last.theme && applyTheme(s.theme));
  // Heard from the start: the first calls (the list's below) may find a surface down before React has rendered.
  onEvent('connection.changed', (e) => useUi.getState().setOnline(e.surface, e.online));
  const kept = call('settings.get', {}).then((s) => s.theme, () => undefined);
  // The list's first rows are asked for now, not after the first render: the core reads them
  // while React builds the page.
  if (useUi.getState().screen === 'markets') prefetchList(queries, useUi.getState().filters);
  if (localStorage.getItem('kairos-theme') !== null) void kept.then(keepTheme);
  else keepTheme(await Promise.race([kept, new Promise<undefined>((r) => setTimeout(r, 500))]));
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queries}>
          <App />
        </QueryClientProvider>
      </StrictMode>,
    );
  }
}

void start();
