// Shared by the venue's tests: a small world in a temp dir, served on 127.0.0.1:0.
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVenue, type RunningVenue, type VenueOptions } from './server.js';

/** A fixed "now" for generated worlds, so tests see the same data on every run. */
export const TEST_ANCHOR = Date.UTC(2026, 10, 1, 12);

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const BUILT_VENUE = join(ROOT, 'out/main/venue.js');
/** What the venue bundle is built from. */
const VENUE_SOURCES = ['src/venue', 'src/shared', 'src/native', 'src/main/venue.ts'].map((p) => join(ROOT, p));

function newestChange(path: string): number {
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

let builtIsCurrent: boolean | undefined;

/**
 * The arguments that run the venue CLI in a process of its own (after `process.execPath`): the
 * built bundle when it is newer than every file it is built from (`npm test` builds first), else
 * the sources through tsx. A built venue starts on a quarter of the CPU (measured 0.16 s against
 * 0.6 s), and the suite starts dozens; a stale build is never run in place of the code under test.
 */
export function venueCliArgs(): string[] {
  builtIsCurrent ??= existsSync(BUILT_VENUE) && statSync(BUILT_VENUE).mtimeMs >= Math.max(...VENUE_SOURCES.map(newestChange));
  return builtIsCurrent ? [BUILT_VENUE] : ['--import', 'tsx', join(ROOT, 'src/venue/cli.ts')];
}

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
