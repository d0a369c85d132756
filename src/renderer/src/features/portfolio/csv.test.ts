// The portfolio's CSV files on their own: quoting, formula guards, the as-of line, exact decimals.
import { describe, expect, it } from 'vitest';
import { csvField, csvName, HISTORY_COLUMNS, POSITION_COLUMNS, toCsv, TRADE_COLUMNS } from './csv';

describe('portfolio CSV', () => {
  it('quotes fields with commas, quotes and line breaks, and guards text against formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Will A, B or C win?')).toBe('"Will A, B or C win?"');
    expect(csvField('the "big" one')).toBe('"the ""big"" one"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+1 more')).toBe("'+1 more");
    expect(csvField('-12.5', 'number')).toBe('-12.5');
    // A negative number in a text column is a number, not a formula.
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField(undefined)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvField(0)).toBe('0');
  });

  it('writes the as-of line, the header and exact decimals', () => {
    const at = Date.UTC(2026, 10, 1, 12, 30);
    const text = toCsv('Kairos positions of 0xabc', at, POSITION_COLUMNS, [
      { title: 'Rain, or shine?', outcome: 'Yes', conditionId: '0xc', asset: '0xc:0', size: 20, avgPrice: 0.1 + 0.2, curPrice: 0.41, initialValue: 8, currentValue: 8.2, cashPnl: 0.2, percentPnl: 2.5, realizedPnl: -0.000001, redeemable: false, mergeable: false, endDate: '2026-12-31T00:00:00.000Z' },
    ]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('# Kairos positions of 0xabc as of 2026-11-01T12:30:00.000Z');
    expect(lines[1]).toBe('market,outcome,condition_id,token_id,size,avg_price,cur_price,initial_value,current_value,cash_pnl,percent_pnl,realized_pnl,redeemable,mergeable,end_date');
    // 0.1 + 0.2 is 0.30000000000000004 as a double; six places are what the venue deals in.
    expect(lines[2]).toBe('"Rain, or shine?",Yes,0xc,0xc:0,20,0.3,0.41,8,8.2,0.2,2.5,-0.000001,false,false,2026-12-31T00:00:00.000Z');
    expect(lines[3]).toBe('');
    expect(toCsv('t', at, TRADE_COLUMNS, [{ timestamp: 1_790_000_000, side: 'BUY', title: 'Q', outcome: 'No', price: 0.07, size: 5, usdcSize: 0.35 }]).split('\r\n')[2]).toBe(
      '2026-09-21T14:13:20.000Z,BUY,Q,No,,,0.07,5,0.35,',
    );
    expect(toCsv('h', at, HISTORY_COLUMNS, [{ at, value: '12.5', cashPnl: '-0.25' }]).split('\r\n')[2]).toBe('2026-11-01T12:30:00.000Z,12.5,-0.25');
  });

  it('keeps the as-of line on one line and an empty table to its header', () => {
    const text = toCsv('two\r\nlines', 0, HISTORY_COLUMNS, []);
    expect(text).toBe('# two lines as of 1970-01-01T00:00:00.000Z\r\ntime,value,cash_pnl\r\n');
  });

  it('names the file after what, whose and when (local time)', () => {
    const at = new Date(2026, 10, 1, 9, 5).getTime();
    expect(csvName('positions', '0xAbCdEf0123456789', at)).toBe('kairos-positions-0xabcdef-20261101-0905.csv');
  });
});
