// The core's table of optional routes against the shared list of capability ids.
import { describe, expect, it } from 'vitest';
import { CAPABILITY_IDS, VenueCapabilities } from '@shared/ipc/capabilities.js';
import { Capabilities, OPTIONAL_ROUTES } from './capabilities.js';

describe('the optional routes', () => {
  it('are the shared capability ids, each once, in their order', () => {
    expect(Object.keys(OPTIONAL_ROUTES)).toEqual([...CAPABILITY_IDS]);
    const caps = new Capabilities({ redeem: true, book: false });
    expect(caps.list().map((r) => r.id)).toEqual([...CAPABILITY_IDS]);
  });

  it('are listed as the contract says, redeem learned by use', () => {
    const caps = new Capabilities({ redeem: true, book: false });
    const parsed = VenueCapabilities.parse({ profileId: 'p', routes: caps.list(), ...caps.words() });
    expect(parsed.routes.find((r) => r.id === 'redeem')).toMatchObject({ state: 'offered', learnedBy: 'use' });
    expect(parsed.routes.find((r) => r.id === 'book')).toMatchObject({ state: 'lacking', learnedBy: 'read' });
  });
});
