import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrate, userVersion, type Migration, type VersionStore } from './migrate.js';

type Db = Database.Database;

let db: Db;
beforeEach(() => {
  db = new Database(':memory:');
});
afterEach(() => db.close());

const tables = (d: Db): string[] =>
  (d.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>).map((r) => r.name);

/** Two steps, one SQL and one function, the second moving data the first made. */
function twoSteps(calls: number[] = []): Migration<Db>[] {
  return [
    { version: 1, name: 'notes', up: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL); INSERT INTO notes(body) VALUES ('first');" },
    {
      version: 2,
      name: 'notes have a title',
      up: (d) => {
        calls.push(2);
        d.exec('ALTER TABLE notes ADD COLUMN title TEXT');
        d.prepare('UPDATE notes SET title = upper(body)').run();
      },
    },
  ];
}

describe('migrate', () => {
  it('applies SQL and function steps in order and records the last one in user_version', () => {
    expect(migrate(db, twoSteps(), { what: 'test' })).toBe(2);
    expect(userVersion.read(db)).toBe(2);
    expect(db.prepare('SELECT body, title FROM notes').all()).toEqual([{ body: 'first', title: 'FIRST' }]);
  });

  it('applies nothing twice', () => {
    const calls: number[] = [];
    migrate(db, twoSteps(calls), { what: 'test' });
    expect(migrate(db, twoSteps(calls), { what: 'test' })).toBe(2);
    expect(calls).toEqual([2]);
    expect(db.prepare('SELECT COUNT(*) FROM notes').pluck().get()).toBe(1);
  });

  it('leaves an empty list at version 0', () => {
    expect(migrate(db, [], { what: 'test' })).toBe(0);
    expect(tables(db)).toEqual([]);
  });

  it('refuses a list that is not numbered 1..n in order, before touching the file', () => {
    const [one, two] = twoSteps();
    expect(() => migrate(db, [two!, one!], { what: 'test' })).toThrow('test migrations are out of order: #1 is numbered 2');
    expect(() => migrate(db, [one!, { ...two!, version: 3 }], { what: 'test' })).toThrow('#2 is numbered 3');
    expect(() => migrate(db, [one!, one!], { what: 'test' })).toThrow('#2 is numbered 1');
    expect(tables(db)).toEqual([]);
    expect(userVersion.read(db)).toBe(0);
  });

  it('refuses a file written by a newer build, naming it, and leaves it alone', () => {
    db.pragma('user_version = 3');
    expect(() => migrate(db, twoSteps(), { what: 'test data' })).toThrow('test data file :memory: has schema version 3, newer than this build knows (2)');
    expect(tables(db)).toEqual([]);
    expect(userVersion.read(db)).toBe(3);
  });

  it('stops at the target, and carries on from there later', () => {
    expect(migrate(db, twoSteps(), { what: 'test', target: 0 })).toBe(0);
    expect(tables(db)).toEqual([]);
    expect(migrate(db, twoSteps(), { what: 'test', target: 1 })).toBe(1);
    expect(db.prepare('SELECT * FROM notes').all()).toEqual([{ id: 1, body: 'first' }]);
    // A target below the file's version changes nothing: migrations never run backwards.
    expect(migrate(db, twoSteps(), { what: 'test', target: 0 })).toBe(1);
    expect(migrate(db, twoSteps(), { what: 'test' })).toBe(2);
  });

  it('refuses a target outside 0..n', () => {
    for (const target of [-1, 3, 1.5, Number.NaN]) {
      expect(() => migrate(db, twoSteps(), { what: 'test', target })).toThrow(`test migration target must be an integer from 0 to 2, got ${target}`);
    }
    expect(tables(db)).toEqual([]);
  });

  it('rolls back a failing SQL step alone, leaving the version at the step before', () => {
    const steps: Migration<Db>[] = [
      twoSteps()[0]!,
      // The first statement works; the second fails, so the table must not survive either.
      { version: 2, name: 'half done', up: 'CREATE TABLE tags (id INTEGER PRIMARY KEY); INSERT INTO no_such_table VALUES (1);' },
    ];
    expect(() => migrate(db, steps, { what: 'test' })).toThrow(/no such table: no_such_table/);
    expect(userVersion.read(db)).toBe(1);
    expect(tables(db)).toEqual(['notes']);
    expect(db.prepare('SELECT body FROM notes').pluck().all()).toEqual(['first']);
  });

  it('rolls back a throwing function step, data changes included, and retries it next time', () => {
    let fail = true;
    const steps: Migration<Db>[] = [
      twoSteps()[0]!,
      {
        version: 2,
        name: 'rewrite notes',
        up: (d) => {
          d.prepare("UPDATE notes SET body = 'rewritten'").run();
          d.exec('CREATE TABLE tags (id INTEGER PRIMARY KEY)');
          if (fail) throw new Error('disk on fire');
        },
      },
    ];
    expect(() => migrate(db, steps, { what: 'test' })).toThrow('disk on fire');
    expect(userVersion.read(db)).toBe(1);
    expect(tables(db)).toEqual(['notes']);
    expect(db.prepare('SELECT body FROM notes').pluck().all()).toEqual(['first']);

    fail = false;
    expect(migrate(db, steps, { what: 'test' })).toBe(2);
    expect(tables(db)).toEqual(['notes', 'tags']);
    expect(db.prepare('SELECT body FROM notes').pluck().all()).toEqual(['rewritten']);
  });

  it('keeps the version where a custom VersionStore says, inside each step’s transaction', () => {
    const store: VersionStore<Db> = {
      read: (d) => {
        if (!d.prepare("SELECT 1 FROM sqlite_master WHERE name = 'meta'").get()) return 0;
        return Number(d.prepare("SELECT value FROM meta WHERE key = 'version'").pluck().get() ?? 0);
      },
      write: (d, version) => void d.prepare("INSERT INTO meta VALUES ('version', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run(String(version)),
    };
    const steps: Migration<Db>[] = [
      { version: 1, name: 'meta', up: 'CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)' },
      ...twoSteps().map((m) => ({ ...m, version: m.version + 1 })),
      { version: 4, name: 'broken', up: 'SELECT * FROM nowhere' },
    ];
    expect(() => migrate(db, steps, { what: 'test', store })).toThrow(/no such table: nowhere/);
    expect(store.read(db)).toBe(3);
    expect(db.prepare('SELECT value FROM meta').pluck().all()).toEqual(['3']);
    expect(userVersion.read(db)).toBe(0);

    expect(migrate(db, steps.slice(0, 3), { what: 'test', store })).toBe(3);
    db.prepare("UPDATE meta SET value = '9'").run();
    expect(() => migrate(db, steps.slice(0, 3), { what: 'test', store })).toThrow('schema version 9, newer than this build knows (3)');
  });
});
