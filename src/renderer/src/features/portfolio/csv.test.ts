// The portfolio's CSV files on their own: quoting, formula guards, the header first, trading token
// ids, exact decimals.
import { describe, expect, it } from 'vitest';
import { CLOSED_COLUMNS, csvField, csvName, HISTORY_COLUMNS, positionColumns, toCsv, tradeColumns } from './csv';

const TOKEN = '68856675154758162092932357940254176877218466407040598756554241610585352787105';
const tokenIdOf = (asset: string | undefined): string | undefined => (asset === '0xc:0' ? TOKEN : undefined);

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

  it('starts with the header, puts the trading token id (never the data surface asset), and writes exact decimals', () => {
    const text = toCsv(positionColumns(tokenIdOf), [
      { title: 'Rain, or shine?', outcome: 'Yes', conditionId: '0xc', asset: '0xc:0', size: 20, avgPrice: 0.1 + 0.2, curPrice: 0.41, initialValue: 8, currentValue: 8.2, cashPnl: 0.2, percentPnl: 2.5, realizedPnl: -0.000001, redeemable: false, mergeable: false, endDate: '2026-12-31T00:00:00.000Z' },
      { title: 'Unknown token', asset: '0xd:1' },
    ]);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('market,outcome,condition_id,token_id,size,avg_price,cur_price,initial_value,current_value,cash_pnl,percent_pnl,realized_pnl,redeemable,mergeable,end_date');
    // 0.1 + 0.2 is 0.30000000000000004 as a double; six places are what the venue deals in.
    expect(lines[1]).toBe(`"Rain, or shine?",Yes,0xc,${TOKEN},20,0.3,0.41,8,8.2,0.2,2.5,-0.000001,false,false,2026-12-31T00:00:00.000Z`);
    // A token id not known is left empty rather than filled with the asset.
    expect(lines[2]).toBe('Unknown token,,,,,,,,,,,,,,');
    expect(lines[3]).toBe('');
    expect(toCsv(tradeColumns(tokenIdOf), [{ timestamp: 1_790_000_000, side: 'BUY', title: 'Q', outcome: 'No', asset: '0xc:0', price: 0.07, size: 5, usdcSize: 0.35 }]).split('\r\n')[1]).toBe(
      `2026-09-21T14:13:20.000Z,BUY,Q,No,,${TOKEN},0.07,5,0.35,`,
    );
    const at = Date.UTC(2026, 10, 1, 12, 30);
    expect(toCsv(HISTORY_COLUMNS, [{ at, value: '10003.03', cash: '10003.03', pnl: '3.03', realised: '3.03', unrealised: '0' }]).split('\r\n')).toEqual([
      'time,value,cash,pnl,realised_pnl,unrealised_pnl',
      '2026-11-01T12:30:00.000Z,10003.03,10003.03,3.03,3.03,0',
      '',
    ]);
    expect(toCsv(CLOSED_COLUMNS, [{ asset: '0xc:0', tokenId: TOKEN, conditionId: '0xc', title: 'Q', outcome: 'Yes', state: 'closed', size: '0', cost: '0', value: '0', realised: '3.03', unrealised: '0', source: 'venue', at: 1_790_000_000 }]).split('\r\n')[1]).toBe(
      `Q,Yes,0xc,${TOKEN},3.03,venue,2026-09-21T14:13:20.000Z`,
    );
  });

  it('keeps an empty table to its header', () => {
    expect(toCsv(HISTORY_COLUMNS, [])).toBe('time,value,cash,pnl,realised_pnl,unrealised_pnl\r\n');
  });

  it('names the file after what, whose and when (local time)', () => {
    const at = new Date(2026, 10, 1, 9, 5).getTime();
    expect(csvName('positions', '0xAbCdEf0123456789', at)).toBe('kairos-positions-0xabcdef-20261101-0905.csv');
  });
});
