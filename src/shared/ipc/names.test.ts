// The preload's plain name lists must follow the contract: a call or event added to (or removed
// from) contract.ts without names.ts would be refused (or offered) by the preload.
import { describe, expect, it } from 'vitest';
import { contract, events } from './contract.js';
import { CALL_NAMES, EVENT_NAMES, callChannel, eventChannel } from './names.js';

describe('IPC names', () => {
  it('lists exactly the contract calls and events, in order', () => {
    expect(CALL_NAMES).toEqual(Object.keys(contract));
    expect(EVENT_NAMES).toEqual(Object.keys(events));
  });

  it('names the channels the way main binds them', () => {
    expect(callChannel('app.info')).toBe('kairos:app.info');
    expect(eventChannel('orders.updated')).toBe('kairos:event:orders.updated');
  });
});
