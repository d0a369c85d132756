// Error bodies of venue-profile B: {error, code, ...extra}. Handlers throw HttpError; the
// server's error handler turns it (and Fastify's own errors) into that body; requests Node's HTTP
// parser refuses get the same body on the raw socket.
import { maxHeaderSize, STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

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

/** The largest request body the venue reads (venue-profile B: 413 above it). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** The longest path segment the router reads (an id or slug in a path). */
export const PATH_SEGMENT_LIMIT = 100;

/** Up to `max` characters of client text, quoted, for an error message. */
function quote(text: string, max = 200): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
}

interface RefusedRequest {
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Fastify's own refusals (body parser, router), in venue words; undefined for an error that is
 * not the client's (a venue bug).
 */
export function frameworkError(err: { code?: string; statusCode?: number; message: string }, req: RefusedRequest): HttpError | undefined {
  const header = (name: string): string | undefined => {
    const v = req.headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const declared = header('content-length');
      const size = declared === undefined ? 'Request body' : `Request body of ${declared.slice(0, 20)} bytes`;
      return new HttpError(413, 'PAYLOAD_TOO_LARGE', `${size} is over the 1 MiB (${BODY_LIMIT_BYTES} bytes) the venue reads`);
    }
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE': {
      const type = header('content-type');
      const what = type === undefined ? 'The request has a body but no Content-Type' : `Content-Type ${quote(type, 100)} is not accepted`;
      return new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', `${what}; request bodies are JSON, sent as application/json`);
    }
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'INVALID_HEADER', `The body's length does not match its Content-Length header (${quote(header('content-length') ?? '', 20)})`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badParam('body', `Malformed JSON body: ${err.message}`);
    case 'FST_ERR_BAD_URL':
      return new HttpError(400, 'INVALID_URL', `The path ${quote(req.url.split('?')[0] ?? '')} is not valid percent-encoding (each % takes two hex digits, together UTF-8)`);
    case 'FST_ERR_MAX_PARAM_LENGTH': {
      const longest = Math.max(...(req.url.split('?')[0] ?? '').split('/').map((s) => s.length));
      return new HttpError(414, 'URI_TOO_LONG', `A path segment of ${longest} characters is longer than the ${PATH_SEGMENT_LIMIT} the venue reads`);
    }
    case 'FST_ERR_ASYNC_CONSTRAINT':
      return new HttpError(400, 'INVALID_HEADER', 'A header the router matches routes by (Host or Accept-Version) is not valid');
  }
  const status = err.statusCode ?? 500;
  return status >= 400 && status < 500 ? new HttpError(status, 'BAD_REQUEST', err.message) : undefined;
}

export function expectationFailed(expect: string): HttpError {
  return new HttpError(417, 'EXPECTATION_FAILED', `Expect ${quote(expect, 100)} is not supported; the venue honours only Expect: 100-continue`);
}

/** Node's HTTP parser errors (llhttp codes) in venue words. */
const PARSER_ERRORS: Record<string, [status: number, code: string, words: string]> = {
  HPE_INVALID_METHOD: [400, 'INVALID_REQUEST_LINE', 'The request line does not start with an HTTP method the venue knows'],
  HPE_INVALID_URL: [400, 'INVALID_REQUEST_LINE', "The request line's target is not a valid URL"],
  HPE_INVALID_VERSION: [400, 'INVALID_REQUEST_LINE', "The request line's HTTP version is not 1.0 or 1.1"],
  HPE_INVALID_CONSTANT: [400, 'INVALID_REQUEST_LINE', 'The request line is not HTTP'],
  HPE_INVALID_HEADER_TOKEN: [400, 'INVALID_HEADER', 'A header name or value holds a character HTTP does not allow'],
  HPE_INVALID_CONTENT_LENGTH: [400, 'INVALID_HEADER', 'The Content-Length header is not one whole number'],
  HPE_UNEXPECTED_CONTENT_LENGTH: [400, 'INVALID_HEADER', 'The Content-Length header appears twice, or beside Transfer-Encoding'],
  HPE_INVALID_TRANSFER_ENCODING: [400, 'INVALID_HEADER', 'The Transfer-Encoding header must end in chunked, without a Content-Length beside it'],
  HPE_INVALID_CHUNK_SIZE: [400, 'INVALID_BODY_FRAMING', 'A chunk size of the chunked body is not a hex number'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [400, 'INVALID_BODY_FRAMING', 'A chunk of the chunked body carries too many extension bytes'],
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', `The request line and headers are over the ${maxHeaderSize / 1024} KiB the venue reads`],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'The request did not arrive in full in time'],
};

export function parserError(err: { code?: string; reason?: string; message: string }): HttpError {
  const [status, code, words] = PARSER_ERRORS[err.code ?? ''] ?? [400, 'MALFORMED_REQUEST', 'The request is not valid HTTP/1.1'];
  return new HttpError(status, code, `${words} (${err.reason ?? err.message})`);
}

function wire(e: HttpError): { head: Record<string, string>; body: string } {
  const body = JSON.stringify(e.body());
  return { head: { ...e.headers, 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' }, body };
}

/**
 * Answers an error Node's HTTP parser raised (fastify's clientErrorHandler): there is no request,
 * so the answer goes straight onto the socket, which then closes, as the stream is lost.
 */
export function answerClientError(err: Error & { code?: string; reason?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // A response already under way cannot be followed by another on the same connection.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const e = parserError(err);
  const { head, body } = wire(e);
  const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  socket.end(`HTTP/1.1 ${e.status} ${STATUS_CODES[e.status] ?? ''}\r\n${lines}\r\n${body}`);
}

/** Answers on a bare Node response (events Node raises before fastify sees the request). */
export function answerRaw(res: ServerResponse, e: HttpError): void {
  const { head, body } = wire(e);
  res.writeHead(e.status, head);
  res.end(body);
}
