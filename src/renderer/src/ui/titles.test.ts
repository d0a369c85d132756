import { describe, expect, it } from 'vitest';
import { fitMiddle } from './titles';

describe('a title fitted to its room', () => {
  const say = (word: string) => `Will Jerome Powell say "${word}" during the Federal Reserve press conference call on December 9?`;

  it('stays whole when it fits', () => {
    expect(fitMiddle('Will Quill reach $0.46 in November?', 80)).toBe('Will Quill reach $0.46 in November?');
  });

  it('loses its middle, keeping its start and its end, within the room', () => {
    const a = fitMiddle('Will the price of Bitcoin be above $100,000 on March 31?', 40);
    expect(a.length).toBeLessThanOrEqual(40);
    expect(a).toMatch(/^Will the price.*… .*on March 31\?$/);
    expect(fitMiddle('Will the price of Bitcoin be above $100,000 on June 30?', 40)).toMatch(/on June 30\?$/);
  });

  it('starts the end at a word, never inside one', () => {
    const s = fitMiddle('Will Seattle get more than 1.5 inches of precipitation in December 2026?', 56);
    expect(s.length).toBeLessThanOrEqual(56);
    expect(s).toMatch(/… (precipitation )?in December 2026\?$/);
  });

  it('keeps apart titles that differ only in the middle, given two lines of a narrow column', () => {
    const shown = ['inflation', 'tariff', 'recession', 'labor market', 'AI', 'uncertain'].map((w) => fitMiddle(say(w), 84));
    expect(new Set(shown).size).toBe(6);
    for (const s of shown) expect(s.length).toBeLessThanOrEqual(84);
  });
});
