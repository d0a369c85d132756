import { describe, expect, it } from 'vitest';
import { shortLabels } from './labels';

describe('short labels of a bracket', () => {
  it('drops the words every question shares at both ends', () => {
    expect(shortLabels(['Will Ada Lovelace win the 2027 election?', 'Will Alan Turing win the 2027 election?'])).toEqual(['Ada Lovelace', 'Alan Turing']);
    expect(shortLabels(['Will "Tide" by Orla be #1 on November 3?', 'Will "Mirror" by Lark be #1 on November 3?'])).toEqual(['"Tide" by Orla', '"Mirror" by Lark']);
  });

  it('keeps the questions when nothing would be left of one, or there is only one', () => {
    expect(shortLabels(['Will it rain?', 'Will it rain? Really'])).toEqual(['Will it rain?', 'Will it rain? Really']);
    expect(shortLabels(['Will it rain?'])).toEqual(['Will it rain?']);
    expect(shortLabels(['Same?', 'Same?'])).toEqual(['Same?', 'Same?']);
  });
});
