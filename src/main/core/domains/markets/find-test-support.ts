// Shared by the find tests: the catalog sync started through the core and waited for.
import type { CoreHarness } from '../../test-support.js';

/** Starts the catalog sync and waits until every kind is complete. */
export async function synced(via: Pick<CoreHarness, 'ok'>): Promise<void> {
  await via.ok('sync.start');
  for (let i = 0; i < 600; i++) {
    const s = await via.ok<{ running: boolean; kinds: Array<{ complete: boolean }> }>('sync.status');
    if (!s.running && s.kinds.every((k) => k.complete)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the catalog sync did not finish');
}
