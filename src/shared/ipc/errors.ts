// Errors travel as data across IPC: Electron flattens thrown errors, so every call answers
// `{ok: true, data}` or `{ok: false, error}` with a code from this one list.

export const IPC_ERROR_CODES = [
  'INVALID_INPUT', // the call's input failed its schema; `field` names what
  'UNKNOWN_CALL',
  'FORBIDDEN', // a call from a frame that is not the app's
  'OFFLINE', // the venue is unreachable and there is no cached answer (or it is a write)
  'TIMEOUT',
  'RATE_LIMITED',
  'NOT_FOUND',
  'UNAUTHORIZED', // the venue refused the account's credentials
  'VENUE_ERROR', // the venue answered with an error of its own
  'SCHEMA_MISMATCH', // the venue answered something that does not fit the spec
  'VAULT_LOCKED',
  'WRONG_PASSPHRASE',
  'VAULT_CORRUPT',
  'NO_ACCOUNT',
  'ANSWER_LOST', // a write was sent but its answer never came; reconciled, not re-sent
  'BUSY', // refused while an order batch is being sent; try again once it is done
  'TRADING_OFF', // the app's trading switch is off; nothing was signed or sent
  'NOT_OFFERED', // the venue lacks an optional route (venue-profile E) this needs; the message says what
  'INTERNAL',
] as const;

export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export interface IpcError {
  code: IpcErrorCode;
  message: string;
  /** The input field or response field at fault, when there is one. */
  field?: string;
  retryAfterSeconds?: number;
}

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError };
