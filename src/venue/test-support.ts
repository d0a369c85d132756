// Shared by the venue's tests: a small world in a temp dir, served on 127.0.0.1:0.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openWorld, startVenue, type RunningVenue, type VenueOptions } from './server.js';

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

let sourcesChanged: number | undefined;
/** When a file the venue is built from last changed (read once a process). */
const venueSourcesChangedAt = (): number => (sourcesChanged ??= Math.max(...VENUE_SOURCES.map(newestChange)));

let builtIsCurrent: boolean | undefined;

/**
 * The arguments that run the venue CLI in a process of its own (after `process.execPath`): the
 * built bundle when it is newer than every file it is built from (`npm test` builds first), else
 * the sources through tsx. A built venue starts on a quarter of the CPU (measured 0.16 s against
 * 0.6 s), and the suite starts dozens; a stale build is never run in place of the code under test.
 */
export function venueCliArgs(): string[] {
  builtIsCurrent ??= existsSync(BUILT_VENUE) && statSync(BUILT_VENUE).mtimeMs >= venueSourcesChangedAt();
  return builtIsCurrent ? [BUILT_VENUE] : ['--import', 'tsx', join(ROOT, 'src/venue/cli.ts')];
}

export interface TestVenue extends RunningVenue {
  dataDir: string;
  get(surface: 'catalog' | 'data' | 'trading', path: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  post(surface: 'catalog' | 'data' | 'trading', path: string, body: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  stop(): Promise<void>;
}

const TEMPLATES = join(ROOT, 'node_modules/.cache/kairos-test-worlds');

/**
 * A `default` world for a test venue, copied from one generated once for the same options and the
 * same venue sources: generating it costs ~5 s of CPU, and several test files ask for the same one.
 * The copy is a world no venue has started on, so each venue still makes its own master key.
 */
async function copyDefaultWorld(world: { size: 'default'; seed: number; anchor: number; books: boolean; settings?: VenueOptions['settings'] | undefined }, dataDir: string): Promise<void> {
  const version = String(Math.round(venueSourcesChangedAt()));
  const template = join(TEMPLATES, `${version}-${createHash('sha256').update(JSON.stringify(world)).digest('hex').slice(0, 16)}`);
  mkdirSync(TEMPLATES, { recursive: true });
  // One test worker makes it while the others wait; a claim older than two minutes was left by
  // a worker that stopped, and is taken over.
  const claim = `${template}.making`;
  let claimed = false;
  while (!existsSync(template) && !claimed) {
    try {
      mkdirSync(claim);
      claimed = true;
    } catch {
      const since = statSync(claim, { throwIfNoEntry: false })?.mtimeMs;
      if (since !== undefined && Date.now() - since > 120_000) rmSync(claim, { recursive: true, force: true });
      else await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    if (!existsSync(template)) {
      // Worlds of sources since changed are not asked for again.
      for (const name of readdirSync(TEMPLATES)) if (/^\d+-[0-9a-f]{16}$/.test(name) && !name.startsWith(`${version}-`)) rmSync(join(TEMPLATES, name), { recursive: true, force: true });
      const making = mkdtempSync(join(TEMPLATES, 'making-'));
      const db = await openWorld({ ...world, dataDir: making });
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      renameSync(making, template);
    }
  } finally {
    if (claimed) rmSync(claim, { recursive: true, force: true });
  }
  cpSync(template, dataDir, { recursive: true });
}

export async function startTestVenue(opts: Partial<VenueOptions> = {}): Promise<TestVenue> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'kairos-venue-'));
  // An existing data dir keeps whatever world it holds unless the caller names a seed. Its
  // markets start without the makers' quotes, so tests of matching fill books themselves;
  // tests of the world as users get it ask for `books: true`.
  const world = opts.dataDir && opts.seed === undefined ? {} : { size: 'small' as const, seed: 7, anchor: TEST_ANCHOR, books: false };
  const asked = { ...world, ...opts };
  if (!opts.dataDir && asked.size === 'default' && asked.seed !== undefined && asked.anchor !== undefined) {
    await copyDefaultWorld({ size: 'default', seed: asked.seed, anchor: asked.anchor, books: asked.books ?? true, settings: asked.settings }, dataDir);
  }
  const venue = await startVenue({ ...asked, dataDir });
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
