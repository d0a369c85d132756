// The venue's page cache: large while it opens and serves the app's first reads, small after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDb, steadyPageCache } from './open.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kairos-venue-open-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('opens with an 8 MiB page cache and settles at 2 MiB, the database still served', () => {
  const db = openDb(dir);
  try {
    // Negative: a size in KiB, not in pages.
    expect(db.pragma('cache_size', { simple: true })).toBe(-8192);
    db.exec('CREATE TABLE t (x TEXT)');
    db.prepare('WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) INSERT INTO t SELECT hex(randomblob(400)) FROM n').run();
    steadyPageCache(db);
    expect(db.pragma('cache_size', { simple: true })).toBe(-2048);
    expect(db.prepare('SELECT count(*) FROM t').pluck().get()).toBe(5000);
  } finally {
    db.close();
  }
});
