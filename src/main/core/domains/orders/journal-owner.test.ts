// The journal has one owner: no statement on its tables (journal, trade_claims, notices) is
// written anywhere in the core but the orders domain's journal.ts (the migrations make them).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STATES } from './journal.js';

const core = join(import.meta.dirname, '..', '..');
const OWNER = 'domains/orders/journal.ts';
const MIGRATIONS = 'user-data/migrations.ts';
// A statement naming one of the tables: FROM/INTO/UPDATE/JOIN/TABLE journal, and the like.
const STATEMENT = /\b(FROM|INTO|UPDATE|JOIN|TABLE)\s+(journal|trade_claims|notices)\b/i;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the order journal', () => {
  it('is written and read by the orders domain alone', () => {
    const found = sources(core)
      .map((path) => relative(core, path).split('\\').join('/'))
      .filter((file) => file !== OWNER && file !== MIGRATIONS)
      .filter((file) => STATEMENT.test(readFileSync(join(core, file), 'utf8')));
    expect(found).toEqual([]);
    // The check can fail: the owner itself matches.
    expect(STATEMENT.test(readFileSync(join(core, OWNER), 'utf8'))).toBe(true);
  });

  it('asks every question with one of its named state sets, each set a strict part of the next wider one where they nest', () => {
    // Resting orders may rest; those that may rest may hold money; a sent order may be listed again.
    const within = (a: readonly string[], b: readonly string[]): boolean => a.every((x) => b.includes(x)) && a.length < b.length;
    expect(within(STATES.resting, STATES.followed)).toBe(true);
    expect(within(STATES.followed, STATES.reservable)).toBe(true);
    // Never from a cancel of ours: an answer asked just before it still lists the order.
    expect(STATES.listable).not.toContain('cancelled');
    expect(STATES.reservable).not.toContain('filled');
  });
});
