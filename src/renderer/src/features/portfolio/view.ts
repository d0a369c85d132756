// How the portfolio is looked at (sorts, filters, chart range): UI state only, kept while the
// user visits other screens.
import { create } from 'zustand';
import type { PositionFilters } from '@shared/ipc/contract';

export type SortBy = NonNullable<PositionFilters['sortBy']>;
export type Direction = NonNullable<PositionFilters['sortDirection']>;
export type Range = '1D' | '1W' | '1M' | 'ALL';

export const SORTS = [
  ['CURRENT', 'Value'],
  ['INITIAL', 'Cost'],
  ['TOKENS', 'Size'],
  ['CASHPNL', 'P&L'],
  ['PERCENTPNL', 'P&L %'],
  ['TITLE', 'Market'],
  ['RESOLVING', 'Ends'],
  ['PRICE', 'Price'],
  ['AVGPRICE', 'Avg price'],
] as const satisfies ReadonlyArray<readonly [SortBy, string]>;

export interface PortfolioView {
  sortBy: SortBy;
  sortDirection: Direction;
  title: string;
  market: string;
  redeemable: boolean;
  mergeable: boolean;
  /** As typed; empty means the venue's default minimum. */
  minSize: string;
  tradeSide: '' | 'BUY' | 'SELL';
  tradeMarket: string;
  range: Range;
  set(patch: Partial<Omit<PortfolioView, 'set' | 'sortOn' | 'clear'>>): void;
  /** A second click on the sorted column flips the direction; text sorts start ascending. */
  sortOn(key: SortBy): void;
  clear(): void;
}

const FILTERS = { title: '', market: '', redeemable: false, mergeable: false, minSize: '' };

export const usePortfolioView = create<PortfolioView>((set) => ({
  sortBy: 'CURRENT',
  sortDirection: 'DESC',
  ...FILTERS,
  tradeSide: '',
  tradeMarket: '',
  range: 'ALL',
  set: (patch) => set(patch),
  sortOn: (key) =>
    set((s) => (s.sortBy === key ? { sortDirection: s.sortDirection === 'ASC' ? 'DESC' : 'ASC' } : { sortBy: key, sortDirection: key === 'TITLE' || key === 'RESOLVING' ? 'ASC' : 'DESC' })),
  clear: () => set(FILTERS),
}));
