// UI state only (what is selected, which screen, the search text). Server data lives in react-query.
import { create } from 'zustand';

export type Screen = 'markets' | 'leaderboard';

interface UiState {
  screen: Screen;
  search: string;
  selectedMarket: string | undefined;
  go(screen: Screen): void;
  setSearch(text: string): void;
  select(conditionOrId: string | undefined): void;
  /** Surfaces the main process reported unreachable. */
  offline: Record<'catalog' | 'trading' | 'data', boolean>;
  setOnline(surface: 'catalog' | 'trading' | 'data', online: boolean): void;
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
}));
