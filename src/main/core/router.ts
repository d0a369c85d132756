// Serves the IPC contract: parses every input with its schema, runs the handler, and turns any
// failure into `{ok: false, error}` with a code from the one list. The compiler makes sure every
// contract entry has a handler.
import { formatIssue } from '@shared/spec/index.js';
import { contract, isCallName, type CallArgs, type CallName, type CallOutput } from '@shared/ipc/contract.js';
import type { IpcError, IpcErrorCode, IpcResult } from '@shared/ipc/errors.js';
import { inputMessage } from './input-words.js';
import type { Logger } from './ports.js';

export type Handlers = { [N in CallName]: (args: CallArgs<N>) => Promise<CallOutput<N>> | CallOutput<N> };

/** An error a service throws on purpose, with the code the renderer should see. */
export class AppError extends Error {
  constructor(
    readonly code: IpcErrorCode,
    message: string,
    readonly extra: { field?: string; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/**
 * The answer to every call once the core is closing, and to a call still under way when it
 * closed: the contract's BUSY, in words, rather than whatever a closed database would say.
 */
export const CLOSING: IpcError = { code: 'BUSY', message: 'Kairos is closing; this was not done' };

export interface RouterOptions {
  logger?: Logger;
  /** Parse outputs too (tests): a handler returning the wrong shape is then an INTERNAL error. */
  checkOutputs?: boolean;
}

export class Router {
  /** 'closing': new calls are refused, those under way run on; 'closed': what they use is gone. */
  private state: 'open' | 'closing' | 'closed' = 'open';
  private serving = 0;
  private whenIdle: Array<() => void> = [];

  constructor(
    private readonly handlers: Handlers,
    private readonly opts: RouterOptions = {},
  ) {}

  /**
   * Refuses every call from now on (with CLOSING). Returns a promise that settles once the calls
   * under way have, or undefined when none is.
   */
  drain(): Promise<void> | undefined {
    if (this.state === 'open') this.state = 'closing';
    if (this.serving === 0) return undefined;
    return new Promise((done) => this.whenIdle.push(done));
  }

  /** How many calls are being served now. */
  busy(): number {
    return this.serving;
  }

  /** The core behind is closed: a call still under way that fails now failed because of it. */
  closed(): void {
    this.state = 'closed';
  }

  async dispatch(name: unknown, input: unknown): Promise<IpcResult<unknown>> {
    if (this.state !== 'open') return { ok: false, error: CLOSING };
    this.serving++;
    try {
      return await this.serve(name, input);
    } finally {
      if (--this.serving === 0) for (const done of this.whenIdle.splice(0)) done();
    }
  }

  private async serve(name: unknown, input: unknown): Promise<IpcResult<unknown>> {
    if (!isCallName(name)) return { ok: false, error: { code: 'UNKNOWN_CALL', message: `no IPC call named ${JSON.stringify(name)}` } };
    const entry = contract[name];
    const parsed = entry.input.safeParse(input ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue ? issue.path.map(String).join('.') : undefined;
      // Words for the person who typed it: the field named, not the call (every call, in this one place).
      return { ok: false, error: { code: 'INVALID_INPUT', message: issue ? inputMessage(entry.input, issue) : 'This was not understood', ...(field ? { field } : {}) } };
    }
    try {
      const handler = this.handlers[name] as (args: unknown) => unknown;
      const data = await handler(parsed.data);
      if (this.opts.checkOutputs) {
        const out = entry.output.safeParse(data);
        if (!out.success) {
          const issue = out.error.issues[0];
          throw new Error(`${name} returned a value outside its contract: ${issue ? formatIssue(issue) : 'invalid'}`);
        }
      }
      return { ok: true, data };
    } catch (err) {
      // Cut short by the close (it outlived the wait for it): no fault of its own, not logged.
      if (this.state === 'closed') return { ok: false, error: CLOSING };
      const error = toIpcError(err);
      if (error.code === 'INTERNAL') this.opts.logger?.error(`${name} failed`, { error: err instanceof Error ? err.message : String(err) });
      return { ok: false, error };
    }
  }
}

/** Maps the core's errors (by name and fields, so layers need not import each other) to IPC errors. */
export function toIpcError(err: unknown): IpcError {
  if (err instanceof AppError) return { code: err.code, message: err.message, ...err.extra };
  const e = err as { name?: string; code?: string; status?: number; message?: string; param?: string; retryAfterSeconds?: number; field?: string };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  switch (e?.name) {
    case 'NetworkError':
      return { code: /timed? ?out/i.test(message) ? 'TIMEOUT' : 'OFFLINE', message };
    case 'AnswerLostError':
      return { code: 'ANSWER_LOST', message };
    case 'SchemaError':
      return { code: 'SCHEMA_MISMATCH', message, ...(e.field ? { field: e.field } : {}) };
    case 'VaultError':
      if (e.code === 'VAULT_LOCKED' || e.code === 'WRONG_PASSPHRASE' || e.code === 'VAULT_CORRUPT') return { code: e.code, message };
      return { code: 'INTERNAL', message };
    case 'HttpStatusError': {
      const status = e.status ?? 0;
      const code: IpcErrorCode = status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : status === 401 || status === 403 ? 'UNAUTHORIZED' : 'VENUE_ERROR';
      return { code, message, ...(e.param ? { field: e.param } : {}), ...(e.retryAfterSeconds !== undefined ? { retryAfterSeconds: e.retryAfterSeconds } : {}) };
    }
    default:
      return { code: 'INTERNAL', message: 'Something went wrong inside Kairos; the details are in the log.' };
  }
}
