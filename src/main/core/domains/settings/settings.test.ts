// Settings and the ticket's draft through the core: kept across a restart, and the trading
// switch refusing to sign anything.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { coreFor, coreForFile, tradable } from '../../test-support.js';

const h = coreForFile();

describe('settings and drafts', () => {
  it('keep what was typed and chosen across a restart; a draft this build cannot read is kept aside', async () => {
    const m = tradable(h.venue);
    const line = { key: 'a', conditionId: m.cid, tokenId: m.tokens[0], label: 'Q', side: 'BUY', price: '0.4x', size: '10' };
    expect(await h.fails('drafts.save', { lines: Array.from({ length: 16 }, (_, i) => ({ ...line, key: String(i) })) })).toMatchObject({ code: 'INVALID_INPUT', field: 'lines' });
    await h.ok('drafts.save', { lines: [line] });
    expect(await h.ok('settings.set', { tradingOff: true, confirm: false })).toEqual({ tradingOff: true, confirm: false, theme: 'system', quietHours: null });
    expect(await h.ok('settings.set', { theme: 'dark' })).toEqual({ tradingOff: true, confirm: false, theme: 'dark', quietHours: null });
    expect(await h.fails('settings.set', { theme: 'dusk' })).toMatchObject({ code: 'INVALID_INPUT', field: 'theme', message: expect.stringMatching(/system, light or dark/) });
    h.core.close();
    h.core = coreFor(h.dir, h.venue);
    // What was typed comes back as typed, invalid price included.
    expect(await h.ok('drafts.load')).toMatchObject({ lines: [{ key: 'a', price: '0.4x', size: '10', type: 'GTC' }] });
    // The theme too: the core keeps it, not the page (whose origin the browser host changes per run).
    expect(await h.ok('settings.get')).toEqual({ tradingOff: true, confirm: false, theme: 'dark', quietHours: null });

    h.core.close();
    const user = new Database(join(h.dir, 'user-local.sqlite'));
    user.prepare("UPDATE drafts SET body = '{\"lines\": [tor' WHERE name = 'ticket'").run();
    user.close();
    h.core = coreFor(h.dir, h.venue);
    expect(await h.ok('drafts.load')).toEqual({ lines: [], results: {}, updatedAt: 0 });
    const kept = new Database(join(h.dir, 'user-local.sqlite'), { readonly: true });
    expect(kept.prepare("SELECT body FROM drafts WHERE name LIKE 'ticket.unreadable-%'").pluck().all()).toEqual(['{"lines": [tor']);
    kept.close();
    await h.ok('settings.set', { tradingOff: false, confirm: true });
  });

  it('previews each line with its market’s outcome tokens and, on a negative-risk market, its event', async () => {
    const active = h.venue.db.prepare("SELECT neg_risk FROM markets WHERE status = 'active' ORDER BY id").all() as Array<{ neg_risk: number }>;
    const plain = tradable(h.venue, active.findIndex((r) => r.neg_risk === 0));
    const neg = tradable(h.venue, active.findIndex((r) => r.neg_risk === 1));
    const event = h.venue.db.prepare('SELECT event_id FROM markets WHERE condition_id = ?').pluck().get(neg.cid);
    const lines = await h.ok<Array<{ outcomeTokens?: string[]; negRiskEvent?: string }>>('orders.preview', {
      lines: [
        { conditionId: plain.cid, tokenId: plain.tokens[1], side: 'BUY', price: '0.5', size: '5' },
        { conditionId: neg.cid, tokenId: neg.tokens[0], side: 'BUY', price: '0.5', size: '5' },
      ],
    });
    expect(lines[0]).toMatchObject({ outcomeTokens: plain.tokens });
    expect(lines[0]?.negRiskEvent).toBeUndefined();
    expect(lines[1]).toMatchObject({ outcomeTokens: neg.tokens, negRiskEvent: String(event) });
  });

  it('with trading off, nothing is signed or sent, while the preview still checks the batch', async () => {
    const m = tradable(h.venue);
    const acct = await h.account();
    await h.ok('settings.set', { tradingOff: true });
    try {
      // The preview checks the batch against the new account's 10,000 of paper cash and no tokens.
      const lines = await h.ok<Array<{ ok: boolean; payoutIfRight?: string; execution?: string; problems: Array<{ message: string }> }>>('orders.preview', {
        accountId: acct.id,
        lines: [
          { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.5', size: '24000' },
          { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.5', size: '8000' },
          { conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.5', size: '16000' },
          { conditionId: m.cid, tokenId: m.tokens[1], side: 'SELL', price: '0.5', size: '5' },
        ],
      });
      expect(lines.map((l) => l.ok)).toEqual([false, true, false, false]);
      expect(lines[0]?.problems[0]?.message).toMatch(/^not enough cash: needs \$12,0\d\d\.\d\d, you have \$10,000\.00$/);
      expect(lines[2]?.problems[0]?.message).toMatch(/you have \$(6,000\.00|5,99\d\.\d\d) after the lines above$/);
      expect(lines[3]?.problems[0]?.message).toMatch(/not enough tokens/);
      expect(lines[1]).toMatchObject({ payoutIfRight: '8000' });
      expect(['rests', 'crosses']).toContain(lines[1]?.execution);
      expect((await h.fails('orders.submit', { accountId: acct.id, lines: [{ conditionId: m.cid, tokenId: m.tokens[0], side: 'BUY', price: '0.1', size: '5' }] })).code).toBe('TRADING_OFF');
      expect(await h.ok('orders.journal', { accountId: acct.id })).toEqual([]);
    } finally {
      await h.ok('settings.set', { tradingOff: false });
    }
  });
});
