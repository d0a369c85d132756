import { describe, expect, it } from 'vitest';
import { CAPABILITY_IDS, VenueCapabilities } from './capabilities.js';

const row = (id: string) => ({ id, surface: 'trading', route: 'POST /redeem', words: 'redeeming resolved positions', state: 'unknown', learnedBy: 'use' });

describe('capability ids', () => {
  it('are one list, redeem among them', () => {
    expect(CAPABILITY_IDS).toContain('redeem');
    expect(new Set(CAPABILITY_IDS).size).toBe(CAPABILITY_IDS.length);
  });

  it('are what venue.capabilities answers may carry, and nothing else', () => {
    expect(VenueCapabilities.safeParse({ profileId: 'p', routes: [row('redeem')], offers: [], lacks: [] }).success).toBe(true);
    const wrong = VenueCapabilities.safeParse({ profileId: 'p', routes: [row('teleport')], offers: [], lacks: [] });
    expect(wrong.success).toBe(false);
    expect(JSON.stringify(wrong.error?.issues[0]?.path)).toBe('["routes",0,"id"]');
  });
});
