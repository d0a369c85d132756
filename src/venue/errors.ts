// Error bodies of venue-profile B: {error, code, ...extra}. Handlers throw HttpError; the
// server's error handler turns it (and Fastify's own errors) into that body.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...this.extra };
  }
}

export function badParam(param: string, message: string): HttpError {
  return new HttpError(400, 'INVALID_PARAMETER', message, { param });
}

export function notFound(message: string): HttpError {
  return new HttpError(404, 'NOT_FOUND', message);
}

export function rateLimited(retryAfterSeconds: number, what: string): HttpError {
  return new HttpError(
    429,
    'RATE_LIMITED',
    `Too many requests to ${what}; retry in ${retryAfterSeconds} s`,
    { retry_after_seconds: retryAfterSeconds },
    { 'retry-after': String(retryAfterSeconds) },
  );
}
