// Average-cost P&L on micro units: buy, sell, buy again, redeem; a resolved loss; partial sells.
import { describe, expect, it } from 'vitest';
import { applyFill, averageCost, EMPTY_LOT, foldFills, marked, settle, totals, worth, type LotFill } from './pnl.js';
import { formatMicros, requireMicros } from './money.js';

const m = (d: string): bigint => requireMicros(d);
const buy = (size: string, price: string): LotFill => ({ side: 'BUY', size: m(size), cash: worth(m(size), m(price)) });
const sell = (size: string, price: string): LotFill => ({ side: 'SELL', size: m(size), cash: worth(m(size), m(price)) });
const text = (l: { size: bigint; cost: bigint; realised: bigint }) => ({ size: formatMicros(l.size), cost: formatMicros(l.cost), realised: formatMicros(l.realised) });

describe('average-cost P&L', () => {
  it('buy, sell, buy again and redeem a winner: +$3.03 realised, nothing left unrealised', () => {
    const afterSell = foldFills([buy('10', '0.40'), sell('10', '0.46')]);
    expect(text(afterSell)).toEqual({ size: '0', cost: '0', realised: '0.6' });
    const again = applyFill(afterSell, buy('9', '0.73'));
    expect(text(again)).toEqual({ size: '9', cost: '6.57', realised: '0.6' });
    // Before the market resolves, at a 80¢ mark: unrealised 7.2 − 6.57.
    expect(marked(again, m('0.8'))).toEqual({ value: m('7.2'), unrealised: m('0.63') });
    const redeemed = settle(again, '1');
    expect(text(redeemed)).toEqual({ size: '0', cost: '0', realised: '3.03' });
    // Cash: 10000 − 4 + 4.6 − 6.57 + 9 = 10003.03, which is the P&L exactly.
    expect(m('10000') - m('4') + m('4.6') - m('6.57') + m('9') - m('10000')).toBe(redeemed.realised);
  });

  it('a market resolved against the position is a realised loss of its whole cost', () => {
    const held = foldFills([buy('20', '0.35'), buy('5', '0.41')]);
    expect(formatMicros(held.cost)).toBe('9.05');
    const lost = settle(held, '0');
    expect(text(lost)).toEqual({ size: '0', cost: '0', realised: '-9.05' });
    // Settling again changes nothing.
    expect(settle(lost, '0')).toEqual(lost);
  });

  it('partial sells take out the average cost in proportion and keep it for the rest', () => {
    const l = foldFills([buy('10', '0.30'), buy('10', '0.50')]);
    expect(formatMicros(averageCost(l) as bigint)).toBe('0.4');
    const a = applyFill(l, sell('5', '0.60'));
    expect(text(a)).toEqual({ size: '15', cost: '6', realised: '1' });
    expect(formatMicros(averageCost(a) as bigint)).toBe('0.4');
    const b = applyFill(a, sell('15', '0.20'));
    expect(text(b)).toEqual({ size: '0', cost: '0', realised: '-2' });
    expect(averageCost(b)).toBeUndefined();
  });

  it('rounds a third of the cost to the micro and loses nothing over the whole lot', () => {
    const l = foldFills([buy('3', '0.01')]);
    const parts = foldFills([sell('1', '0.01'), sell('1', '0.01'), sell('1', '0.01')], l);
    // Each sell takes its share; the last takes what is left, so cost ends at exactly 0.
    expect(parts.cost).toBe(0n);
    expect(parts.realised).toBe(0n);
  });

  it('fees on a buy join the cost and fees on a sell reduce the proceeds', () => {
    const l = foldFills([{ side: 'BUY', size: m('10'), cash: m('4.02') }, { side: 'SELL', size: m('10'), cash: m('4.97') }]);
    expect(formatMicros(l.realised)).toBe('0.95');
  });

  it('refuses a sell of more than is held, naming it', () => {
    expect(() => applyFill(EMPTY_LOT, sell('1', '0.5'))).toThrow(/holds 0: earlier fills are missing/);
    expect(() => applyFill(EMPTY_LOT, { side: 'BUY', size: 0n, cash: 0n })).toThrow(/positive size/);
  });

  it('adds the account up: P&L is realised + unrealised', () => {
    const t = totals([
      { value: m('7.2'), realised: m('0.6'), unrealised: m('0.63') },
      { value: 0n, realised: m('-9.05'), unrealised: 0n },
    ]);
    expect({ value: formatMicros(t.value), realised: formatMicros(t.realised), unrealised: formatMicros(t.unrealised), pnl: formatMicros(t.pnl) }).toEqual({ value: '7.2', realised: '-8.45', unrealised: '0.63', pnl: '-7.82' });
  });
});
