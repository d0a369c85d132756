import { describe, expect, it } from 'vitest';
import { damagedText } from './damaged';

describe('a damaged data file in words', () => {
  it('names the file, where it went and what the app goes on with', () => {
    const d = { file: 'settings.json', aside: '/data/settings.json.damaged-2030-01-02T03-04-05-000Z', what: 'Kairos goes on with the default settings', at: 0 };
    expect(damagedText(d)).toBe('settings.json could not be read and was moved aside to /data/settings.json.damaged-2030-01-02T03-04-05-000Z: Kairos goes on with the default settings.');
  });
});
