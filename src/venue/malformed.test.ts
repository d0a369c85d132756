// Venue-profile B and H for requests the framework or Node's HTTP parser refuses before any route
// runs: bad bodies, content types, URLs and headers get the venue's error body ({error, code})
// with a 4xx naming the problem, and count against the client address's rate limit like any
// other refused request, never against a key the request merely names.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestVenue, type TestVenue } from './test-support.js';
import { Trader } from './trading/test-trader.js';

interface RawReply {
  status: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
}

/** Sends `request` as bytes on a new connection and reads the answer until the venue closes it. */
function raw(port: number, request: string, timeoutMs = 5_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => socket.write(request, 'latin1'));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.slice(0, 120))}`));
    }, timeoutMs);
    socket.on('data', (d: Buffer) => chunks.push(d));
    // The venue may close while the client still writes (an oversized body): the answer counts.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const all = Buffer.concat(chunks).toString('utf8');
      const split = all.indexOf('\r\n\r\n');
      const head = split < 0 ? all : all.slice(0, split);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const text = split < 0 ? '' : all.slice(split + 4);
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text so that the assertion shows it
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, text, body });
    });
  });
}

/** A request as bytes: request line, headers (Connection: close added), body. */
function http(line: string, headers: Record<string, string>, body = ''): string {
  const all = { Host: '127.0.0.1', ...headers, Connection: 'close' };
  return `${line}\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`;
}

/** The venue's error body of venue-profile B, and nothing of Fastify's own shape. */
function expectVenueError(reply: RawReply, status: number, code: string, words: RegExp): void {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers['content-type'], reply.text).toMatch(/^application\/json/);
  expect(reply.body, reply.text).toMatchObject({ code, error: expect.stringMatching(words) as unknown });
  expect(Object.keys(reply.body as object), reply.text).not.toContain('statusCode');
  expect(Object.keys(reply.body as object), reply.text).not.toContain('message');
}

let venue: TestVenue;
let trader: Trader;

beforeAll(async () => {
  venue = await startTestVenue({ rateLimitScale: 0 });
  trader = await Trader.create(venue.urls);
});
afterAll(async () => venue?.stop());

/** A POST /orders signed by the test trader over exactly `body`. */
function signedPost(body: string, headers: Record<string, string>): string {
  return http('POST /trading/orders HTTP/1.1', { ...trader.headers('POST', '/orders', body), ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, body);
}

describe('bodies the parser refuses get the venue error body', () => {
  it('malformed JSON is a 400 INVALID_PARAMETER naming the body', async () => {
    const reply = await raw(venue.port, signedPost('{"a":', { 'Content-Type': 'application/json' }));
    expectVenueError(reply, 400, 'INVALID_PARAMETER', /Malformed JSON body/);
    expect(reply.body).toMatchObject({ param: 'body' });
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded'],
    ['application/xml; charset=utf-8', 'application/xml'],
  ])('Content-Type %s is a 415 naming the type and the one accepted', async (type, named) => {
    const reply = await raw(venue.port, signedPost('[]', { 'Content-Type': type }));
    expectVenueError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', new RegExp(`${named.replace(/[/.+]/g, '\\$&')}.*application/json`));
  });

  it('a body without a Content-Type is a 415 asking for application/json', async () => {
    const reply = await raw(venue.port, signedPost('[]', {}));
    expectVenueError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', /no Content-Type.*application\/json/);
  });

  it('a Content-Type header that is not a media type is a 415 quoting it', async () => {
    const reply = await raw(venue.port, signedPost('[]', { 'Content-Type': ';;;' }));
    expectVenueError(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', /";;;".*application\/json/);
  });

  it('a body over 1 MiB is a 413 naming its size and the limit', async () => {
    const declared = http('POST /trading/orders HTTP/1.1', { 'Content-Type': 'application/json', 'Content-Length': '2000000' });
    expectVenueError(await raw(venue.port, declared), 413, 'PAYLOAD_TOO_LARGE', /2000000 bytes.*1 MiB/);
    // Sent chunked, the size is only known once the limit is passed.
    const chunk = 'x'.repeat(600_000);
    const chunked = http('POST /trading/orders HTTP/1.1', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }) + `${(600_000).toString(16)}\r\n${chunk}\r\n`.repeat(2) + '0\r\n\r\n';
    expectVenueError(await raw(venue.port, chunked), 413, 'PAYLOAD_TOO_LARGE', /1 MiB/);
  });
});

describe('URLs and headers the framework refuses get the venue error body', () => {
  it('a path that is not valid percent-encoding is a 400 INVALID_URL quoting it', async () => {
    for (const path of ['/catalog/markets/%zz', '/trading/book/%E0%A4%A', '/data/%']) {
      expectVenueError(await raw(venue.port, http(`GET ${path} HTTP/1.1`, {})), 400, 'INVALID_URL', new RegExp(`${path}.*percent-encoding`));
    }
  });

  it('a path segment over the length the router reads is a 414 URI_TOO_LONG', async () => {
    const reply = await raw(venue.port, http(`GET /catalog/markets/${'1'.repeat(300)} HTTP/1.1`, {}));
    expectVenueError(reply, 414, 'URI_TOO_LONG', /300 characters.*100/);
  });

  it('an HTTP/1.1 request without a Host header is a 400 INVALID_HEADER naming Host', async () => {
    const reply = await raw(venue.port, 'GET /trading/time HTTP/1.1\r\nConnection: close\r\n\r\n');
    expectVenueError(reply, 400, 'INVALID_HEADER', /Host/);
  });

  it('an Expect header other than 100-continue is a 417 EXPECTATION_FAILED quoting it', async () => {
    const reply = await raw(venue.port, http('GET /trading/time HTTP/1.1', { Expect: 'teapot' }));
    expectVenueError(reply, 417, 'EXPECTATION_FAILED', /"teapot"/);
  });
});

describe('requests the HTTP parser refuses get the venue error body on the raw socket', () => {
  const cases: Array<[what: string, request: string, status: number, code: string, words: RegExp]> = [
    ['a request line that is not HTTP', 'GARBAGE\r\n\r\n', 400, 'INVALID_REQUEST_LINE', /request line/],
    ['an unknown method', http('BREW /trading/time HTTP/1.1', {}), 400, 'INVALID_REQUEST_LINE', /method/],
    ['a header name with a space', http('GET /trading/time HTTP/1.1', { 'Bad Header': 'x' }), 400, 'INVALID_HEADER', /header/],
    ['a Content-Length that is not a number', http('POST /trading/orders HTTP/1.1', { 'Content-Length': 'abc' }), 400, 'INVALID_HEADER', /Content-Length/],
    ['two different Content-Lengths', 'POST /trading/orders HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\nConnection: close\r\n\r\n[]', 400, 'INVALID_HEADER', /Content-Length/],
    ['Content-Length beside Transfer-Encoding', http('POST /trading/orders HTTP/1.1', { 'Content-Length': '2', 'Transfer-Encoding': 'chunked' }, '0\r\n\r\n'), 400, 'INVALID_HEADER', /Content-Length/],
    ['a chunk size that is not hex', http('POST /trading/orders HTTP/1.1', { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, 'zz\r\n[]\r\n0\r\n\r\n'), 400, 'INVALID_BODY_FRAMING', /chunk/],
    ['a request head over 16 KiB', http('GET /trading/time HTTP/1.1', { 'X-Big': 'a'.repeat(20_000) }), 431, 'HEADERS_TOO_LARGE', /16 KiB/],
  ];
  it.each(cases)('%s', async (_what, request, status, code, words) => {
    expectVenueError(await raw(venue.port, request), status, code, words);
  });

  it('the venue still answers afterwards', async () => {
    expect((await venue.get('trading', '/time')).status).toBe(200);
  });
});

describe('refused requests count against the client address, never a named key', () => {
  it('a burst of signed requests with bodies the parser refuses gets 429, while the named key keeps its budget', async () => {
    // Limits at 1 %: the trading surface admits 50 requests per window per client.
    const fresh = await startTestVenue({ rateLimitScale: 0.01, threads: false });
    try {
      const victim = await Trader.create(fresh.urls);
      // The victim's key, address and passphrase, but a signature the sender cannot make.
      const forged = (body: string) => ({ ...victim.headers('POST', '/orders', body), SERVICE_SIGNATURE: `${'A'.repeat(43)}=` });
      const kinds = [
        (b = '{"not json') => http('POST /trading/orders HTTP/1.1', { ...forged(b), 'Content-Type': 'application/json', 'Content-Length': String(b.length) }, b),
        (b = '[]') => http('POST /trading/orders HTTP/1.1', { ...forged(b), 'Content-Type': 'text/plain', 'Content-Length': '2' }, b),
        (b = '[]') => http('POST /trading/orders HTTP/1.1', { ...forged(b), 'Content-Length': '2' }, b),
        () => http('POST /trading/orders HTTP/1.1', { ...forged(''), 'Content-Type': 'application/json', 'Content-Length': '2000000' }),
      ];
      const replies: RawReply[] = [];
      for (let i = 0; i < 60; i++) replies.push(await raw(fresh.port, kinds[i % kinds.length]!()));
      const statuses = replies.map((r) => r.status);
      expect(statuses.slice(0, 40).every((s) => s >= 400 && s < 429), statuses.join(' ')).toBe(true);
      expect(statuses.slice(-5), statuses.join(' ')).toEqual([429, 429, 429, 429, 429]);
      const last = replies.at(-1)!;
      expectVenueError(last, 429, 'RATE_LIMITED', /all trading routes/);
      expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The victim's own signed requests count against their key, which nothing has spent.
      for (let i = 0; i < 3; i++) expect((await victim.send('GET', '/balance-allowance')).status).toBe(200);
      expect((await victim.post([victim.order('1', 'BUY', '0.5', '10')])).status).toBe(200);
      // The sender's address is spent, for well-formed unsigned requests too.
      expect((await fresh.get('trading', '/time')).status).toBe(429);
    } finally {
      await fresh.stop();
    }
  });

  it('unknown routes and bad URLs count against the surface budget of the address too', async () => {
    // Limits at 1 %: the data surface admits 10 requests per window per client.
    const fresh = await startTestVenue({ rateLimitScale: 0.01, threads: false });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await raw(fresh.port, http(i % 2 ? 'GET /data/nothing-here HTTP/1.1' : 'GET /data/%zz HTTP/1.1', {}))).status);
      expect(statuses).toEqual([400, 404, 400, 404, 400, 404, 400, 404, 400, 404, 429, 429]);
      expect((await fresh.get('data', '/trades?limit=1')).status).toBe(429);
      // Another surface's budget is its own.
      expect((await fresh.get('catalog', '/series?limit=1')).status).toBe(200);
    } finally {
      await fresh.stop();
    }
  });
});
