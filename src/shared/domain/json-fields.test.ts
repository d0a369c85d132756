import { describe, expect, it } from 'vitest';
import { encodeJsonStringArray, parseJsonStringArray, toStringItems } from './json-fields.js';

describe('JSON-in-string arrays', () => {
  it('parses a JSON-encoded string array', () => {
    expect(parseJsonStringArray('["Yes", "No"]')).toEqual({ ok: true, value: ['Yes', 'No'] });
    expect(parseJsonStringArray('[]')).toEqual({ ok: true, value: [] });
  });

  it('turns numeric items into strings', () => {
    expect(parseJsonStringArray('[0.12, "0.88"]')).toEqual({ ok: true, value: ['0.12', '0.88'] });
  });

  it('reports malformed text, non-arrays and bad items without throwing', () => {
    expect(parseJsonStringArray('["Yes", "No"')).toEqual({ ok: false, error: 'is not valid JSON' });
    expect(parseJsonStringArray('{"a":1}')).toEqual({ ok: false, error: 'is not a JSON array' });
    expect(parseJsonStringArray('["a", null]')).toEqual({ ok: false, error: 'item 1 is not a string' });
    expect(toStringItems([{}])).toEqual({ ok: false, error: 'item 0 is not a string' });
  });

  it('round-trips through the wire form', () => {
    const ids = ['1', '22'];
    expect(encodeJsonStringArray(ids)).toBe('["1","22"]');
    expect(parseJsonStringArray(encodeJsonStringArray(ids))).toEqual({ ok: true, value: ids });
  });
});
