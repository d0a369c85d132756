// Writes most of a new world on a second thread, from a connection of its own, while the
// generator goes on: the fills while it simulates the trades that follow, then the catalog, the
// positions and their indexes while it plans the talk and the books, then the talk. The fills
// are the bulk of a world's rows; they cross over as numbers (wallets and markets by index), a
// batch at a time, the rest as rows. Where no thread starts, the generator writes them itself.
import { createRequire } from 'node:module';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Db } from '../db/open.js';
import { insertMany, insertRows, type TableRows } from '../db/insert-many.js';

/** The numbers of a fill, in the order a batch holds them (the last: its tx hash's index). */
const FIELDS = 13;
const FILLS_PER_BATCH = 2_000;
const COLUMNS = ['id', 'match_id', 'ts', 'wallet', 'condition_id', 'outcome_index', 'side', 'role', 'price', 'size', 'usdc', 'fee', 'tx_hash'] as const;

// Plain JS run with `eval`: a module file beside this one would be missing from the bundled app.
// Its state words: [0] 0 starting, 1 writing, 2 done, 3 failed (the error follows on `report`);
// [1] counts its steps, so that the generator can tell a slow thread from a stopped one.
const SOURCE = `
const { workerData } = require('node:worker_threads');
const { state, columns, fields, parameters, commitEvery, report } = workerData;
let wallets = [];
let markets = [];
const word = new Int32Array(state);
const set = (v) => { Atomics.store(word, 0, v); Atomics.notify(word, 0); };
const step = () => { Atomics.add(word, 1, 1); };
let db;
const fail = (err) => {
  try { if (db && db.inTransaction) db.exec('ROLLBACK'); db?.close(); } catch {}
  report.postMessage(String(err && err.stack || err));
  set(3);
  report.close();
};
try {
  const Database = require(workerData.driver);
  db = new Database(workerData.file, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = ' + workerData.cacheSize);
  db.pragma('wal_autocheckpoint = 0');
  const statements = new Map();
  const statement = (table, cols, rows) => {
    const key = table + ':' + rows;
    let s = statements.get(key);
    if (!s) statements.set(key, (s = db.prepare('INSERT INTO ' + table + ' (' + cols.join(', ') + ') VALUES ' + Array(rows).fill('(' + cols.map(() => '?').join(', ') + ')').join(', '))));
    return s;
  };
  const insert = (table, cols, values) => {
    const size = cols.length * Math.max(1, Math.floor(parameters / cols.length));
    for (let i = 0; i < values.length; i += size) {
      const chunk = i === 0 && values.length <= size ? values : values.slice(i, i + size);
      statement(table, cols, chunk.length / cols.length).run(chunk);
    }
  };
  const buf = [];
  const flush = () => { insert('fills', columns, buf); buf.length = 0; };
  let written = 0;
  db.exec('BEGIN');
  set(1);
  workerData.fills.on('message', (m) => {
    try {
      if (m.wallets) {
        ({ wallets, markets } = m);
        return;
      }
      if (m.abort) {
        workerData.fills.close();
        fail(new Error('aborted'));
        return;
      }
      if (m.rows) {
        flush();
        step();
        insert(m.rows.table, m.rows.columns, m.rows.values);
        return;
      }
      if (m.indexes && !m.end) {
        flush();
        for (const sql of m.indexes) {
          step();
          db.exec(sql);
        }
        return;
      }
      if (m.end) {
        flush();
        db.exec('COMMIT');
        db.exec('BEGIN');
        for (const sql of m.indexes) {
          step();
          db.exec(sql);
        }
        db.exec('COMMIT');
        db.close();
        workerData.fills.close();
        report.close();
        set(2);
        return;
      }
      step();
      const f = m.numbers;
      for (let i = 0; i < f.length; i += fields) {
        buf.push(f[i], f[i + 1], f[i + 2], wallets[f[i + 3]], markets[f[i + 4]], f[i + 5], f[i + 6] === 0 ? 'BUY' : 'SELL', f[i + 7] === 0 ? 'T' : 'M', f[i + 8], f[i + 9], f[i + 10], f[i + 11], m.tx[f[i + 12]]);
        if (buf.length >= parameters) flush();
        if (++written % commitEvery === 0) { flush(); db.exec('COMMIT; BEGIN'); }
      }
    } catch (err) {
      workerData.fills.close();
      fail(err);
    }
  });
} catch (err) {
  fail(err);
}
`;

export interface WorldWriter {
  /** A match begins: the fills up to the next one share its tx hash. */
  match(txHash: string): void;
  /** One fill (its taker's first, then its maker's), the wallet and market by index. */
  fill(id: number, matchId: number, ts: number, wallet: number, market: number, outcome: number, side: 'BUY' | 'SELL', role: 'T' | 'M', price: number, size: number, usdc: number, fee: number): void;
  /** Rows of another table, after the fills. */
  rows(rows: TableRows): void;
  /** Builds `indexes` (CREATE INDEX statements) of the tables given so far on the thread, while
   *  more rows may follow; where the generator writes itself, they are left to it. */
  index(indexes: readonly string[]): void;
  /** Everything is given: writes what is left, then on the thread runs `indexes` (as `index`). */
  end(indexes: readonly string[]): void;
  /** How much work the thread has been given, in steps: a batch of fills or a table is one, and
   *  the indexes together weigh as much as all of those (building one takes seconds on `large`).
   *  What `wait` counts towards; 0 where the generator writes itself. */
  readonly steps: number;
  /** Blocks until everything is written and indexed, telling `onStep` how many steps are done
   *  now and then; throws what went wrong on the thread. */
  wait(onStep?: (done: number) => void): void;
  /** Generation failed: whatever was not committed is rolled back. */
  abort(): void;
}

/** Addresses by wallet index, condition ids by market index. */
export interface LedgerNames {
  wallets: readonly string[];
  markets: readonly string[];
}

export interface WriterOptions {
  /** False: write on the caller's thread. */
  thread: boolean;
  /** Fills per transaction (keeps the WAL bounded for big worlds). */
  commitEvery: number;
  cacheSize: number;
}

/** How long the generator waits for the thread to be ready before it writes the fills itself. */
const START_MS = 5_000;
/** How long the thread may go without a step before the generator gives up on it. */
const STALL_MS = 60_000;
/** How often a waiting generator looks at the thread's steps. */
const LOOK_MS = 100;

/**
 * Starts the thread. Call `writer` once the generator is about to emit fills: the thread's
 * writer when it is ready (the generator must then leave the database alone until `wait()`),
 * else one that writes on `db`, inside a transaction of its own.
 */
export function startWorldWriter(db: Db, opts: WriterOptions): { writer(names: LedgerNames): WorldWriter; stop(): void } {
  const state = new Int32Array(new SharedArrayBuffer(8));
  const fills = new MessageChannel();
  const report = new MessageChannel();
  let worker: Worker | undefined;
  try {
    if (!opts.thread) throw new Error('no thread asked for');
    worker = new Worker(SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: db.name,
        state: state.buffer,
        columns: COLUMNS,
        fields: FIELDS,
        parameters: 1_300,
        commitEvery: opts.commitEvery,
        cacheSize: opts.cacheSize,
        fills: fills.port2,
        report: report.port2,
      },
      transferList: [fills.port2, report.port2],
    });
    worker.unref();
    worker.on('error', () => undefined); // seen in the state word
  } catch {
    worker = undefined;
  }
  return {
    writer(names) {
      const ready = worker !== undefined && (Atomics.load(state, 0) !== 0 || Atomics.wait(state, 0, 0, START_MS) !== 'timed-out') && Atomics.load(state, 0) === 1;
      if (!ready) {
        void worker?.terminate();
        fills.port1.close();
        report.port1.close();
        return inlineWriter(db, names, opts.commitEvery);
      }
      fills.port1.postMessage({ wallets: names.wallets, markets: names.markets });
      return threadWriter(state, fills.port1, report.port1, () => void worker?.terminate());
    },
    /** Generation failed before `writer`: the thread goes. */
    stop() {
      void worker?.terminate();
      fills.port1.close();
      report.port1.close();
    },
  };
}

function threadWriter(state: Int32Array, port: MessagePort, report: MessagePort, stop: () => void): WorldWriter {
  let numbers = new Float64Array(FILLS_PER_BATCH * FIELDS);
  let tx: string[] = [];
  let n = 0;
  /** Batches and tables posted, and indexes asked for: the thread counts one step for each. */
  let posted = 0;
  let indexes = 0;
  const indexWeight = (): number => (indexes > 0 ? Math.max(1, posted / indexes) : 0);
  const weighted = (threadSteps: number): number => Math.min(threadSteps, posted) + Math.max(0, threadSteps - posted) * indexWeight();
  const post = (): void => {
    if (n === 0) return;
    posted++;
    const batch = n === FILLS_PER_BATCH ? numbers : numbers.slice(0, n * FIELDS);
    port.postMessage({ numbers: batch, tx }, [batch.buffer]);
    numbers = new Float64Array(FILLS_PER_BATCH * FIELDS);
    tx = [];
    n = 0;
  };
  let txHash = '';
  return {
    get steps() {
      return posted + indexes * indexWeight();
    },
    match(hash) {
      txHash = hash;
    },
    fill(id, matchId, ts, wallet, market, outcome, side, role, price, size, usdc, fee) {
      if (n === FILLS_PER_BATCH) post();
      if (n === 0 || tx[tx.length - 1] !== txHash) tx.push(txHash);
      const at = n++ * FIELDS;
      numbers[at] = id;
      numbers[at + 1] = matchId;
      numbers[at + 2] = ts;
      numbers[at + 3] = wallet;
      numbers[at + 4] = market;
      numbers[at + 5] = outcome;
      numbers[at + 6] = side === 'BUY' ? 0 : 1;
      numbers[at + 7] = role === 'T' ? 0 : 1;
      numbers[at + 8] = price;
      numbers[at + 9] = size;
      numbers[at + 10] = usdc;
      numbers[at + 11] = fee;
      numbers[at + 12] = tx.length - 1;
    },
    rows(rows) {
      post();
      posted++;
      port.postMessage({ rows });
    },
    index(sql) {
      post();
      indexes += sql.length;
      port.postMessage({ indexes: sql });
    },
    end(sql) {
      post();
      indexes += sql.length;
      port.postMessage({ end: true, indexes: sql });
    },
    wait(onStep) {
      let done = Atomics.load(state, 1);
      let movedAt = performance.now();
      while (Atomics.load(state, 0) === 1) {
        onStep?.(weighted(done));
        Atomics.wait(state, 0, 1, LOOK_MS);
        const now = Atomics.load(state, 1);
        if (now !== done) {
          done = now;
          movedAt = performance.now();
        } else if (performance.now() - movedAt >= STALL_MS) {
          stop();
          throw new Error(`the world writer stopped: no progress in ${STALL_MS / 1000} s`);
        }
      }
      port.close();
      const failed = Atomics.load(state, 0) === 3;
      const message = failed ? receiveMessageOnPort(report)?.message : undefined;
      report.close();
      if (failed) throw new Error(`the world writer failed: ${String(message ?? 'the thread stopped')}`);
    },
    abort() {
      if (Atomics.load(state, 0) !== 1) return;
      port.postMessage({ abort: true });
      try {
        this.wait();
      } catch {
        // it failed, as asked
      }
    },
  };
}

function inlineWriter(db: Db, names: LedgerNames, commitEvery: number): WorldWriter {
  db.exec('BEGIN');
  const fills = insertMany(db, 'fills', COLUMNS);
  let written = 0;
  let txHash = '';
  return {
    match(hash) {
      txHash = hash;
    },
    fill(id, matchId, ts, wallet, market, outcome, side, role, price, size, usdc, fee) {
      fills.row(id, matchId, ts, names.wallets[wallet], names.markets[market], outcome, side, role, price, size, usdc, fee, txHash);
      if (++written % commitEvery === 0) {
        fills.end();
        db.exec('COMMIT; BEGIN');
      }
    },
    rows(rows) {
      fills.end();
      insertRows(db, rows);
    },
    index() {
      fills.end();
    },
    end() {
      fills.end();
      db.exec('COMMIT');
    },
    steps: 0,
    wait: () => undefined,
    abort() {
      if (db.inTransaction) db.exec('ROLLBACK');
    },
  };
}
