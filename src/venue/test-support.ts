// Shared by the venue's tests: a small world in a temp dir, served on 127.0.0.1:0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startVenue, type RunningVenue, type VenueOptions } from './server.js';

/** A fixed "now" for generated worlds, so tests see the same data on every run. */
export const TEST_ANCHOR = Date.UTC(2026, 10, 1, 12);

export interface TestVenue extends RunningVenue {
  dataDir: string;
  get(surface: 'catalog' | 'data' | 'trading', path: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  post(surface: 'catalog' | 'data' | 'trading', path: string, body: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  stop(): Promise<void>;
}

export async function startTestVenue(opts: Partial<VenueOptions> = {}): Promise<TestVenue> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'kairos-venue-'));
  // An existing data dir keeps whatever world it holds unless the caller names a seed. Its
  // markets start without the makers' quotes, so tests of matching fill books themselves;
  // tests of the world as users get it ask for `books: true`.
  const world = opts.dataDir && opts.seed === undefined ? {} : { size: 'small' as const, seed: 7, anchor: TEST_ANCHOR, books: false };
  const venue = await startVenue({ ...world, ...opts, dataDir });
  const url = (surface: 'catalog' | 'data' | 'trading', path: string): string => `${venue.urls[`${surface}_url`]}${path}`;
  const read = async (res: Response) => {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text so the assertion shows it
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    ...venue,
    dataDir,
    get: async (surface, path) => read(await fetch(url(surface, path))),
    post: async (surface, path, body) => read(await fetch(url(surface, path), { method: 'POST', body, headers: { 'content-type': 'application/json' } })),
    async stop() {
      await venue.close();
      if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
