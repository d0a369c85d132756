// Input errors of every call name the field in words, in the router's one place.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputMessage } from './input-words.js';

const first = (schema: z.ZodType, input: unknown): string => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('should have failed');
  return inputMessage(schema, r.error.issues[0] as z.core.$ZodIssue);
};

describe('input errors in words', () => {
  const schema = z.object({
    secret: z.string().regex(/^x+$/, 'The API secret is not valid: expected x').describe('the API secret').optional(),
    tokenId: z.string().min(3, 'expected at least 3 characters'),
    lines: z.array(z.object({ price: z.string().describe('the price') })).default([]),
    limit: z.number().int().max(10).default(5),
  });
  const ok = { tokenId: 'abc' };

  it('keeps a message written for its field as it is', () => {
    expect(first(schema, { ...ok, secret: 'y' })).toBe('The API secret is not valid: expected x');
  });

  it('names a described field by its description, an undescribed one by its name spelled out', () => {
    expect(first(schema, { ...ok, lines: [{ price: 5 }] })).toMatch(/^The price: /);
    expect(first(schema, { tokenId: 'a' })).toBe('Token id: expected at least 3 characters');
    expect(first(schema, { ...ok, limit: 11 })).toMatch(/^Limit: /);
    expect(first(z.object({ catalogUrl: z.url('expected an address') }), { catalogUrl: 'x' })).toBe('Catalog URL: expected an address');
    expect(first(z.object({ lines: z.array(z.object({ size: z.number() })) }), { lines: [{ size: 1 }, { size: 'x' }] })).toMatch(/^Lines #2 size: /);
  });
});
