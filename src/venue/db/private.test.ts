// The venue's data folder and files are the user's alone, as the app's are.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestVenue } from '../test-support.js';

describe.skipIf(process.platform === 'win32')('the venue data folder (POSIX modes; Windows has none)', () => {
  it('is 0700, and its database, its WAL and its master key are 0600', async () => {
    const venue = await startTestVenue();
    try {
      const mode = (p: string) => (statSync(p).mode & 0o777).toString(8);
      expect(mode(venue.dataDir)).toBe('700');
      for (const f of ['venue.sqlite', 'venue.sqlite-wal', 'venue.sqlite-shm', 'venue-master.key']) expect([f, mode(join(venue.dataDir, f))]).toEqual([f, '600']);
    } finally {
      await venue.stop();
    }
  });
});
