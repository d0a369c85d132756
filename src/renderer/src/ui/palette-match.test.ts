import { describe, expect, it } from 'vitest';
import { labelMatches } from './palette-match';

describe('the palette matches the label it shows', () => {
  it('finds a command by its whole label, a part of it, or its words in any case', () => {
    for (const q of ['Theme: dark', 'theme: dark', 'THEME dark', 'dark', 'theme', ' Theme:  dark ', '']) expect(labelMatches('Theme: dark', q), q).toBe(true);
    expect(labelMatches('Go to Orders', 'go to orders')).toBe(true);
    expect(labelMatches('Theme: follow the system', 'theme: system')).toBe(true);
  });

  it('does not find a label missing any word typed', () => {
    for (const q of ['Theme: light', 'dark mode', 'theme:dark']) expect(labelMatches('Theme: dark', q), q).toBe(false);
  });
});
