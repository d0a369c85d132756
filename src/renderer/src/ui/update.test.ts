import { describe, expect, it } from 'vitest';
import { updateNote } from './update';

describe('update note', () => {
  const base = { currentVersion: '0.1.0', version: '0.2.0' };
  it('says what an update on its way is doing', () => {
    expect(updateNote({ ...base, state: 'downloading', percent: 41.6 })).toBe('downloading update 0.2.0 42%');
    expect(updateNote({ ...base, state: 'downloading' })).toBe('downloading update 0.2.0');
    expect(updateNote({ ...base, state: 'ready' })).toBe('update 0.2.0 ready');
    expect(updateNote({ ...base, state: 'waiting' })).toBe('update 0.2.0 waits for the orders being sent');
    expect(updateNote({ ...base, state: 'installing' })).toBe('installing update 0.2.0');
  });

  it('says nothing while no update is on its way', () => {
    for (const state of ['disabled', 'idle', 'checking', 'up-to-date', 'error'] as const) expect(updateNote({ currentVersion: '0.1.0', state })).toBeUndefined();
  });
});
