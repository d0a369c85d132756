import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, END_CURSOR, FIRST_CURSOR } from './cursor.js';

describe('sampling cursor', () => {
  it('encodes offsets as base64 of the decimal offset', () => {
    expect(encodeCursor(0)).toBe('MA==');
    expect(encodeCursor(0)).toBe(FIRST_CURSOR);
    expect(encodeCursor(100)).toBe('MTAw');
    expect(encodeCursor(-1)).toBe(END_CURSOR);
    expect(END_CURSOR).toBe('LTE=');
  });

  it('decodes what it encodes, and the end marker to -1', () => {
    expect(decodeCursor('MA==')).toBe(0);
    expect(decodeCursor('MTAw')).toBe(100);
    expect(decodeCursor(encodeCursor(123456))).toBe(123456);
    expect(decodeCursor('LTE=')).toBe(-1);
    expect(decodeCursor('MA')).toBe(0); // padding optional
  });

  it('returns null for garbage without throwing', () => {
    for (const bad of ['next', '', '!!!!', 'YWJj' /* "abc" */, btoa('-2'), btoa('1.5'), btoa('01'), btoa('99999999999999999999')]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
