// Instant local search over the full-text index, safe for whatever the user types.
import type Database from 'better-sqlite3';
import { SEARCH_KINDS, type SearchKind } from './catalog.js';

/** Snippets wrap each matched term in these two control characters (never HTML). */
export const SNIPPET_OPEN = '\u0002';
export const SNIPPET_CLOSE = '\u0003';

/**
 * A condition on a kind's hits: `where` is a condition on the kind's table (named as the kind),
 * checked on the row of each matching document only.
 */
export interface KindFilter {
  where: string;
  args: readonly unknown[];
}

export interface SearchOptions {
  /** 1..100, default 20. */
  limit?: number;
  kinds?: readonly SearchKind[];
  /** Per kind, which of its rows may be hits (the list's filters); kinds without one are not narrowed. */
  filters?: Partial<Record<SearchKind, KindFilter>>;
}

export interface SearchHit {
  kind: SearchKind;
  id: string;
  /** Display title: market question, event or series title, tag label, comment author. */
  title: string;
  /** Best-matching passage, terms wrapped in SNIPPET_OPEN / SNIPPET_CLOSE. */
  snippet: string;
  /** bm25 score: lower is a better match. */
  rank: number;
}

// Ranking costs about a microsecond per matching document: a first letter can match every
// document of a 20,000-market catalog. Defaults keep p99 near 5 ms there (bench/core-search.ts).
export interface SearchTuning {
  /** From this many matches on, a query counts as broad (see `search`); default 2000. */
  broadAt?: number;
  /** How many of the newest title matches a broad query ranks; default 200. */
  broadCandidates?: number;
}

const MAX_TERMS = 12;
// A word starts with a letter, digit or private-use character; marks only continue one.
const WORD = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu;
const ENDS_IN_WORD = /[\p{L}\p{N}\p{M}\p{Co}]$/u;
// Title matches weigh eight times body matches; kind, id and label add nothing.
const WEIGHTS = '0.0, 0.0, 0.0, 8.0, 1.0';

/**
 * The FTS5 terms for what the user typed: every word quoted (so operators, quotes, `*`, `-`,
 * `NEAR` and parentheses are plain text), all words required, and the last one a prefix unless
 * the input ends with a separator. Undefined when there is nothing to search for.
 */
export function toFtsQuery(input: string): string | undefined {
  const text = input.normalize('NFKC');
  const words = text.match(WORD);
  if (!words) return undefined;
  const terms = words.slice(0, MAX_TERMS).map((w) => `"${w}"`);
  if (words.length <= MAX_TERMS && ENDS_IN_WORD.test(text)) terms[terms.length - 1] += '*';
  return terms.join(' ');
}

type Row = { doc: number; kind: SearchKind; id: string; label: string; snippet?: string; rank: number };

const SNIPPET = `snippet(search_fts, -1, '${SNIPPET_OPEN}', '${SNIPPET_CLOSE}', '…', 12)`;

export class SearchIndex {
  private readonly broadAt: number;
  private readonly broadCandidates: number;
  private readonly s;
  /** Statements of searches, by their text. */
  private readonly statements = new Map<string, Database.Statement<unknown[], Row>>();

  constructor(
    private readonly db: Database.Database,
    tuning: SearchTuning = {},
  ) {
    this.broadAt = tuning.broadAt ?? 2000;
    this.broadCandidates = tuning.broadCandidates ?? 200;
    this.s = {
      count: db.prepare<[string, number], number>('SELECT count(*) FROM (SELECT 1 FROM search_fts WHERE search_fts MATCH ? LIMIT ?)').pluck(),
      snippet: db.prepare<[string, number], string>(`SELECT ${SNIPPET} FROM search_fts WHERE search_fts MATCH ? AND rowid = ?`).pluck(),
    };
  }

  /**
   * Hits for what the user typed, best first. A query matching `broadAt` documents or more (a
   * first letter, a word found everywhere) is too broad to rank in full within a keystroke: it
   * ranks the newest `broadCandidates` documents whose titles match instead, then other columns.
   */
  search(input: string, opts: SearchOptions = {}): SearchHit[] {
    if (typeof input !== 'string') throw new Error(`search query must be a string, got ${typeof input}`);
    const limit = opts.limit ?? 20;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new Error(`search limit must be an integer from 1 to 100, got ${limit}`);
    const kinds = opts.kinds ?? SEARCH_KINDS;
    for (const k of kinds) if (!SEARCH_KINDS.includes(k)) throw new Error(`search kind must be one of ${SEARCH_KINDS.join(', ')}, got ${JSON.stringify(k)}`);
    const terms = toFtsQuery(input);
    if (terms === undefined || kinds.length === 0) return [];
    // Kinds are filtered inside the match. Excluding the others (NOT) walks every document of
    // theirs: cheap beside the markets, which hold most of the index, but naming the kinds is
    // ~5x cheaper for the rest (an events search walked every market). A named kind is a phrase
    // the snippet would show on its own (the kind column wins its ties): those hits' snippets
    // are taken again from their rows, with the words alone.
    const excluded = SEARCH_KINDS.filter((k) => !kinds.includes(k));
    const named = excluded.length > 0 && !kinds.includes('markets');
    const quoted = (ks: readonly SearchKind[]) => ks.map((k) => `"${k}"`).join(' OR ');
    const byKind = excluded.length === 0 ? '' : named ? ` AND kind : (${quoted(kinds)})` : ` NOT kind : (${quoted(excluded)})`;
    const anywhere = `{title body} : (${terms})`;
    const where = this.narrowing(kinds, opts.filters);
    const args = where?.args ?? [];
    const find = (shape: 'ranked' | 'newest', words: string): Array<Row & { words: string }> => {
      const st = this.statement(shape, where?.sql ?? '', !named);
      const found = shape === 'ranked' ? st.all(words + byKind, ...args, `bm25(${WEIGHTS})`, limit) : st.all(words + byKind, ...args, this.broadCandidates, limit);
      return found.map((r) => ({ ...r, words }));
    };
    let rows: Array<Row & { words: string }>;
    if (this.s.count.get(anywhere + byKind, this.broadAt)! < this.broadAt) {
      rows = find('ranked', anywhere);
    } else {
      rows = find('newest', `title : (${terms})`);
      if (rows.length < limit) {
        const seen = new Set(rows.map((r) => r.doc));
        for (const r of find('newest', anywhere)) {
          if (rows.length < limit && !seen.has(r.doc)) rows.push(r);
        }
      }
    }
    return rows.map((r) => ({ kind: r.kind, id: r.id, title: r.label, snippet: named ? (this.s.snippet.get(r.words, r.doc) ?? '') : (r.snippet ?? ''), rank: r.rank }));
  }

  /** The extra WHERE terms of the searched kinds' filters, or undefined when none applies. */
  private narrowing(kinds: readonly SearchKind[], filters: SearchOptions['filters']): { sql: string; args: unknown[] } | undefined {
    const parts: string[] = [];
    const args: unknown[] = [];
    for (const k of kinds) {
      const f = filters?.[k];
      if (!f) continue;
      // The kind is one of SEARCH_KINDS (checked above), so it is safe inline. Each document's row
      // is looked up by its key, so the cost follows the matches, not the size of the table.
      parts.push(`(kind <> '${k}' OR EXISTS (SELECT 1 FROM ${k} WHERE ${k}.id = search_fts.id AND ${f.where}))`);
      args.push(...f.args);
    }
    return parts.length ? { sql: parts.map((p) => ` AND ${p}`).join(''), args } : undefined;
  }

  private statement(shape: 'ranked' | 'newest', where: string, snippet: boolean): Database.Statement<unknown[], Row> {
    const columns = `rowid AS doc, kind, id, label${snippet ? `, ${SNIPPET} AS snippet` : ''}`;
    const sql =
      shape === 'ranked'
        ? `SELECT ${columns}, rank FROM search_fts
           WHERE search_fts MATCH ?${where} AND rank MATCH ? ORDER BY rank LIMIT ?`
        : `SELECT * FROM (SELECT ${columns}, bm25(search_fts, ${WEIGHTS}) AS rank FROM search_fts
           WHERE search_fts MATCH ?${where} ORDER BY rowid DESC LIMIT ?) ORDER BY rank LIMIT ?`;
    let st = this.statements.get(sql);
    if (!st) this.statements.set(sql, (st = this.db.prepare<unknown[], Row>(sql)));
    return st;
  }
}
