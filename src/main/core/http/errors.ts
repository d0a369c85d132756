// The core's errors about talking to a venue. The router maps them by name to IPC codes, and
// the cache serves stale data on a NetworkError.

/** The venue could not be reached, or did not answer in time. */
export class NetworkError extends Error {
  readonly kind = 'network';
  constructor(
    message: string,
    override readonly cause?: unknown,
    /** False when the connection was refused, so the request certainly never arrived. */
    readonly maybeSent = true,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** The venue answered with an error status; `code` and `param` come from its error body. */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpStatusError';
  }
}

/** The venue answered something the spec does not allow; names the endpoint and field. */
export class SchemaError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'SchemaError';
  }
}

/** A write went out but its answer never came: reconcile, never re-send blindly. */
export class AnswerLostError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'AnswerLostError';
  }
}
