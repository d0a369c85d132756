// HTTP policy in one place: timeouts, retries with exponential backoff and full jitter for reads
// only, Retry-After on 429, client-side budgets, response parsing with the shared schemas, and
// the server's clock offset. Writes are sent once; a lost answer is an AnswerLostError.
import type { z } from 'zod';
import { formatPath } from '@shared/spec/index.js';
import { AnswerLostError, HttpStatusError, NetworkError, SchemaError } from './errors.js';
import { Limiter, type Budget } from './limiter.js';

export type Query = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface HttpPolicy {
  timeoutMs: number;
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_POLICY: HttpPolicy = { timeoutMs: 10_000, retries: 3, baseDelayMs: 250, maxDelayMs: 8_000 };

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  headers?: (method: string, path: string, body: string) => Record<string, string>;
  budgets?: readonly Budget[];
  units?: number;
  /** Safe to repeat: GETs and the read-only POSTs. */
  idempotent?: boolean;
}

export interface HttpDeps {
  fetch?: typeof fetch;
  limiter?: Limiter;
  policy?: Partial<HttpPolicy>;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export class SurfaceHttp {
  readonly policy: HttpPolicy;
  /**
   * The venue's clock as its last answer's HTTP Date header gave it (whole seconds), and this
   * machine's clock when that answer came: a venue without GET /time still tells its time.
   */
  lastDate: { serverMs: number; localMs: number } | undefined;
  private readonly fetchImpl: typeof fetch;
  private readonly limiter: Limiter;
  private readonly random: () => number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly baseUrl: string,
    private readonly surfaceBudget: Budget,
    deps: HttpDeps = {},
  ) {
    this.policy = { ...DEFAULT_POLICY, ...deps.policy };
    this.fetchImpl = deps.fetch ?? fetch;
    this.limiter = deps.limiter ?? new Limiter();
    this.random = deps.random ?? Math.random;
    this.sleep = deps.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  /** Sends a request and parses the answer with `schema`; the error names endpoint and field. */
  async request<S extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, schema: S, opts: RequestOptions = {}): Promise<z.output<S>> {
    const raw = await this.raw(method, path, opts);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = formatPath(issue?.path ?? []) || '(body)';
      throw new SchemaError(`${method} ${path}: ${field}: ${issue?.message ?? 'does not match the spec'}`, field);
    }
    return parsed.data;
  }

  async raw(method: 'GET' | 'POST' | 'DELETE', path: string, opts: RequestOptions = {}): Promise<unknown> {
    const idempotent = opts.idempotent ?? method === 'GET';
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + path);
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v === undefined) continue;
      url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
    }
    const body = opts.body === undefined ? '' : JSON.stringify(opts.body);
    for (let attempt = 0; ; attempt++) {
      await this.limiter.take([this.surfaceBudget, ...(opts.budgets ?? [])], opts.units ?? 1);
      try {
        return await this.once(method, url, path, body, opts);
      } catch (err) {
        const retryable = idempotent && attempt < this.policy.retries && (err instanceof NetworkError || (err instanceof HttpStatusError && (err.status === 429 || err.status >= 500)));
        if (!retryable) {
          if (!idempotent && err instanceof NetworkError && err.maybeSent) throw new AnswerLostError(`${method} ${path}: the request went out but its answer was lost`, err);
          throw err;
        }
        await this.sleep(this.delay(attempt, err));
      }
    }
  }

  /** Full jitter: a random wait up to the exponential cap, or what Retry-After asks. */
  private delay(attempt: number, err: unknown): number {
    if (err instanceof HttpStatusError && err.retryAfterSeconds !== undefined) return err.retryAfterSeconds * 1000;
    const cap = Math.min(this.policy.maxDelayMs, this.policy.baseDelayMs * 2 ** attempt);
    return Math.floor(this.random() * cap);
  }

  private async once(method: string, url: URL, path: string, body: string, opts: RequestOptions): Promise<unknown> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.policy.timeoutMs);
    let res: Response;
    try {
      res = await this.fetchImpl(url, {
        method,
        signal: controller.signal,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}), ...(opts.headers?.(method, path, body) ?? {}) },
        ...(body ? { body } : {}),
      });
    } catch (err) {
      clearTimeout(timer);
      const timedOut = controller.signal.aborted;
      // A refused connection never carried the request; anything else may have.
      const refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      throw new NetworkError(
        `${method} ${path}: ${timedOut ? `timed out after ${this.policy.timeoutMs} ms` : `venue unreachable (${(err as Error).message})`}`,
        err,
        !refused,
      );
    }
    const date = Date.parse(res.headers.get('date') ?? '');
    if (Number.isFinite(date)) this.lastDate = { serverMs: date, localMs: Date.now() };
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw new NetworkError(`${method} ${path}: the answer was cut off`, err);
    } finally {
      clearTimeout(timer);
    }
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      if (res.ok) throw new SchemaError(`${method} ${path}: the answer is not JSON`, '(body)');
    }
    if (!res.ok) {
      const e = (json ?? {}) as { error?: unknown; code?: unknown; param?: unknown; retry_after_seconds?: unknown };
      const retryHeader = Number(res.headers.get('retry-after'));
      const retryAfter = typeof e.retry_after_seconds === 'number' ? e.retry_after_seconds : Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined;
      throw new HttpStatusError(
        res.status,
        `${method} ${path}: ${typeof e.error === 'string' ? e.error : `HTTP ${res.status}`}`,
        typeof e.code === 'string' ? e.code : undefined,
        typeof e.param === 'string' ? e.param : undefined,
        retryAfter,
      );
    }
    return json;
  }
}
