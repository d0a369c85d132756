// The liveliness figures for `speed`: how much a watched market moves per minute (book changes,
// moves of the best bid or ask, trades) and the venue's CPU meanwhile, from bench/liveliness.ts.
// That bench may be absent from a checkout: the table then says so instead of failing the run.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Liveliness {
  bookChangesPerMinute: number;
  bestMovesPerMinute: number;
  tradesPerMinute: number;
  venueCpuPct: number;
}

export type LivelinessResult = { available: true; figures: Liveliness } | { available: false; why: string };

const FILE = join(import.meta.dirname, 'liveliness.ts');
/** The names its measuring function may go by; the first one exported is called. */
const ENTRY_NAMES = ['measureLiveliness', 'liveliness', 'default'];

/** Runs the liveliness bench when the checkout has it; `options` are passed on as given. */
export async function liveliness(options: { size: string; seconds: number }): Promise<LivelinessResult> {
  if (!existsSync(FILE)) return { available: false, why: 'bench/liveliness.ts is not in this checkout' };
  const mod = (await import(pathToFileURL(FILE).href)) as Record<string, unknown>;
  const entry = ENTRY_NAMES.map((n) => mod[n]).find((f): f is (o: typeof options) => Promise<unknown> => typeof f === 'function');
  if (!entry) return { available: false, why: `bench/liveliness.ts exports none of ${ENTRY_NAMES.join(', ')}` };
  const raw = (await entry(options)) as Record<string, unknown>;
  const num = (...keys: string[]): number => Number(keys.map((k) => raw[k]).find((v) => typeof v === 'number') ?? NaN);
  return {
    available: true,
    figures: {
      bookChangesPerMinute: num('bookChangesPerMinute', 'bookChanges'),
      bestMovesPerMinute: num('bestMovesPerMinute', 'bestMoves'),
      tradesPerMinute: num('tradesPerMinute', 'trades'),
      venueCpuPct: num('venueCpuPct', 'venueCpu'),
    },
  };
}
