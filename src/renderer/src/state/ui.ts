// UI state only (what is selected, which screen, the search text). Server data lives in react-query.
import { create } from 'zustand';
import { call } from '../api/transport';

export type Screen = 'markets' | 'inbox' | 'watchlist' | 'events' | 'series' | 'tags' | 'leaderboard' | 'following' | 'trader' | 'ticket' | 'orders' | 'portfolio' | 'settings';

/** The screens the rail and the palette offer, in their order. */
export const SCREENS: ReadonlyArray<readonly [Screen, string]> = [
  ['markets', 'Markets'],
  ['watchlist', 'Watchlist'],
  ['inbox', 'Inbox'],
  ['events', 'Events'],
  ['series', 'Series'],
  ['tags', 'Tags'],
  ['leaderboard', 'Leaderboard'],
  ['following', 'Following'],
  ['ticket', 'Order ticket'],
  ['orders', 'Orders'],
  ['portfolio', 'Portfolio'],
  ['settings', 'Settings'],
];

/** The themes offered (the core's settings keep the choice). */
export const THEMES = ['system', 'light', 'dark'] as const;

export interface UiState {
  screen: Screen;
  search: string;
  selectedMarket: string | undefined;
  go(screen: Screen): void;
  setSearch(text: string): void;
  select(conditionOrId: string | undefined): void;
  /** Surfaces the main process reported unreachable. */
  offline: Record<'catalog' | 'trading' | 'data', boolean>;
  filters: { status: 'active' | 'closed' | 'archived' | 'all'; sort: 'volume24hr' | 'volume' | 'endDate' | 'question' | 'lastPrice'; mirror: 'any' | 'only' | 'none'; tagId?: string | undefined; eventId?: string | undefined; seriesId?: string | undefined; creator?: string | undefined; watchlist?: boolean | undefined };
  /** The event open on the Events screen, and the series chosen on the Series screen (catalog ids). */
  selectedEvent: string | undefined;
  selectedSeries: string | undefined;
  openEvent(id: string): void;
  openSeries(id: string | undefined): void;
  /** The trader whose page is open (from the leaderboard or a comment author). */
  trader: string | undefined;
  /** The screen the trader page was opened from, which its Back returns to. */
  traderFrom: Screen;
  openTrader(address: string): void;
  setFilters(patch: Partial<UiState['filters']>): void;
  theme: (typeof THEMES)[number];
  setTheme(theme: UiState['theme']): void;
  sync: Record<string, { done: number; total?: number }>;
  syncProgress(kind: string, done: number, total?: number): void;
  setOnline(surface: 'catalog' | 'trading' | 'data', online: boolean): void;
  /** The account the ticket, orders and portfolio act for (remembered across restarts). */
  accountId: string | undefined;
  setAccount(id: string | undefined): void;
  /** Forgets what belongs to the last venue: sync progress, connection state, the selection. */
  resetVenue(): void;
}

export const useUi = create<UiState>((set) => ({
  screen: 'markets',
  search: '',
  selectedMarket: undefined,
  go: (screen) => set({ screen }),
  setSearch: (search) => set({ search }),
  select: (selectedMarket) => set({ selectedMarket }),
  offline: { catalog: false, trading: false, data: false },
  setOnline: (surface, online) => set((s) => ({ offline: { ...s.offline, [surface]: !online } })),
  filters: { status: 'active', sort: 'volume24hr', mirror: 'any' },
  selectedEvent: undefined,
  selectedSeries: undefined,
  openEvent: (selectedEvent) => set({ selectedEvent, screen: 'events' }),
  openSeries: (selectedSeries) => set({ selectedSeries, screen: 'series' }),
  trader: undefined,
  traderFrom: 'leaderboard',
  openTrader: (trader) => set((s) => ({ trader, screen: 'trader', traderFrom: s.screen === 'trader' ? s.traderFrom : s.screen })),
  setFilters: (patch) => set((s) => ({ filters: { ...s.filters, ...patch } })),
  // The core's settings keep the theme; page storage only paints the first frame where it lasts.
  theme: (localStorage.getItem('kairos-theme') as UiState['theme'] | null) ?? 'system',
  setTheme: (theme) => {
    localStorage.setItem('kairos-theme', theme);
    set({ theme });
    void call('settings.set', { theme }).catch(() => undefined);
  },
  accountId: localStorage.getItem('kairos-account') ?? undefined,
  setAccount: (accountId) => {
    if (accountId) localStorage.setItem('kairos-account', accountId);
    else localStorage.removeItem('kairos-account');
    set({ accountId });
  },
  sync: {},
  resetVenue: () => set({ sync: {}, offline: { catalog: false, trading: false, data: false }, selectedMarket: undefined, selectedEvent: undefined, selectedSeries: undefined, trader: undefined }),
  syncProgress: (kind, done, total) => set((s) => ({ sync: { ...s.sync, [kind]: { done, ...(total !== undefined ? { total } : {}) } } })),
}));
