// Small glue between Fastify and the venue's rules: per-route rate-limit buckets, query
// parsing with the shared schemas, and the error body of venue-profile B.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUCKETS, type Bucket } from './rate-limit.js';
import { badParam, rateLimited, type HttpError } from './errors.js';
import type { VenueContext } from './context.js';
import { specQueryNames, type SurfaceName } from './spec-routes.js';
import { verifyL2, type Signer } from './auth/verify.js';
import { marketRead } from './audience.js';

export type { Presenter, VenueContext } from './context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body exactly as received: request signatures cover these bytes. */
    rawBody?: Buffer;
    /** On a signed route, the API key whose L2 signature the request carries, once verified. */
    signedBy?: Signer;
    /** Set once a rate limit has counted (or refused) the request, so that nothing counts it twice. */
    rateCounted?: boolean;
  }
  interface FastifyContextConfig {
    /** The buckets a surface route's requests count against. */
    buckets?: readonly Bucket[];
  }
}


type Handler = (req: FastifyRequest, reply: FastifyReply) => unknown;

export interface RouteOptions {
  /**
   * The route takes L2-signed requests, signed for this spec path (e.g. `/orders`): the
   * signature is checked before the handler runs, which finds the key in `req.signedBy`. A
   * function gives the path of a route with path parameters (clients sign the path as sent).
   */
  signed?: string | ((req: FastifyRequest) => string);
}

export interface Surface {
  get(path: string, buckets: readonly Bucket[], handler: Handler, opts?: RouteOptions): void;
  post(path: string, buckets: readonly Bucket[], handler: Handler, opts?: RouteOptions): void;
  delete(path: string, buckets: readonly Bucket[], handler: Handler, opts?: RouteOptions): void;
}

/**
 * Routes of one surface; every route also counts against the surface's overall bucket. In
 * spec-only mode a route the spec does not have is left out, and the others refuse query
 * parameters the spec does not list for them.
 *
 * Venue-profile H: a request counts against an API key only once its L2 signature has been
 * verified; everything else (unsigned routes, and signed ones whose check fails) counts against
 * the client address. An unsigned route is counted as soon as the request arrives; a signed
 * one once its body is read, which its signature covers. A signed request refused before its
 * signature is checked (a body the parser refuses) counts against the address: see chargeRefused.
 */
export function surface(app: FastifyInstance, ctx: VenueContext, all: Bucket, name: SurfaceName): Surface {
  const add = (method: 'GET' | 'POST' | 'DELETE') => (path: string, buckets: readonly Bucket[], handler: Handler, opts: RouteOptions = {}) => {
    const allowed = ctx.specOnly ? specQueryNames(name, method, path) : undefined;
    if (ctx.specOnly && allowed === undefined) return;
    const counted = [all, ...buckets];
    const route = `${name} ${method} ${path}`;
    const present = ctx.present;
    const watched = marketRead(name, method, path);
    const ignored = ctx.misbehave?.ignoredFilters[route];
    const admit = (req: FastifyRequest, client: string): void => {
      req.rateCounted = true;
      const a = ctx.limiter.take(client, counted);
      if (a.admitted < 1) throw rateLimited(a.retryAfterSeconds, a.blockedBy ?? path);
    };
    const checkQuery = (req: FastifyRequest): void => {
      if (!allowed) return;
      const unknown = Object.keys(req.query as Record<string, unknown>).find((k) => !allowed.includes(k));
      if (unknown !== undefined) {
        throw badParam(unknown, `${unknown} is not a query parameter of ${method} ${path}${allowed.length ? ` (the spec lists ${allowed.join(', ')})` : ' (the spec lists none)'}`);
      }
    };
    const signedPath = opts.signed;
    app.route({
      method,
      url: path,
      config: { buckets: counted },
      ...(signedPath === undefined
        ? {
            onRequest: async (req: FastifyRequest) => {
              admit(req, addressClient(req));
              checkQuery(req);
            },
          }
        : {
            preHandler: async (req: FastifyRequest) => {
              let who: Signer | undefined;
              try {
                checkQuery(req);
                who = verifyL2(req, ctx, typeof signedPath === 'string' ? signedPath : signedPath(req));
              } catch (err) {
                admit(req, addressClient(req));
                throw err;
              }
              admit(req, keyClient(who.apiKey));
              req.signedBy = who;
            },
          }),
      handler: async (req, reply) => {
        if (watched && ctx.audience) {
          const named = watched({ query: req.query as Record<string, unknown>, params: req.params as Record<string, unknown>, body: req.body });
          if (named) ctx.audience.read(named);
        }
        if (ignored) for (const k of ignored) delete (req.query as Record<string, unknown>)[k];
        const out = handler(req, reply);
        if (present) {
          const value = await out;
          return present(route, value instanceof RawJson ? JSON.parse(value.text()) : value);
        }
        if (out instanceof RawJson) return reply.type('application/json; charset=utf-8').send(out.body);
        return out;
      },
    });
  };
  return { get: add('GET'), post: add('POST'), delete: add('DELETE') };
}

/** A body already serialised as JSON, sent as is (hot listings assemble cached fragments' bytes). */
export class RawJson {
  constructor(readonly body: string | Buffer) {}

  text(): string {
    return typeof this.body === 'string' ? this.body : this.body.toString('utf8');
  }
}

/**
 * Venue-profile D and H: limits count per API key on requests whose signature was verified,
 * else per client address. A key a request merely names is never one to count against.
 */
export function keyClient(verifiedApiKey: string): string {
  return `key:${verifiedApiKey}`;
}

export function addressClient(req: FastifyRequest): string {
  return `ip:${req.ip}`;
}

const SURFACE_ALL: Record<SurfaceName, Bucket> = { catalog: BUCKETS.catalogAll, data: BUCKETS.dataAll, trading: BUCKETS.tradingAll };

/** The overall bucket of the surface a URL is under (none outside the three surfaces). */
function surfaceBuckets(url: string): readonly Bucket[] {
  const name = /^\/(catalog|data|trading)(?:[/?#]|$)/.exec(url)?.[1] as SurfaceName | undefined;
  return name === undefined ? [] : [SURFACE_ALL[name]];
}

/**
 * Venue-profile H for refused requests: a request no limit has counted yet (a signed route's body
 * refused by the parser before its signature could be checked, an unknown route, a bad URL or
 * header) counts against the client address, over its route's buckets or else its surface's
 * overall one, so that a flood of bad requests is throttled like any other and spends no key's
 * budget. Returns the 429 to answer instead when the address is over its limit.
 */
export function chargeRefused(ctx: VenueContext, req: FastifyRequest, routeBuckets: readonly Bucket[] | undefined): HttpError | undefined {
  if (req.rateCounted) return undefined;
  req.rateCounted = true;
  return charge(ctx, addressClient(req), routeBuckets ?? surfaceBuckets(req.url));
}

/** The same for a request Node refuses before fastify sees it: its socket's address and its URL. */
export function chargeUnrouted(ctx: VenueContext, ip: string | undefined, url: string): HttpError | undefined {
  return charge(ctx, `ip:${ip}`, surfaceBuckets(url));
}

function charge(ctx: VenueContext, client: string, buckets: readonly Bucket[]): HttpError | undefined {
  if (buckets.length === 0) return undefined;
  const a = ctx.limiter.take(client, buckets);
  return a.admitted < 1 ? rateLimited(a.retryAfterSeconds, a.blockedBy ?? 'this surface') : undefined;
}

type QueryResult<T> = { ok: true; value: T } | { ok: false; param: string; message: string };

/** Runs a shared query parser over the raw query and turns a failure into a 400 naming the param. */
export function parsed<T>(result: QueryResult<T>): T {
  if (!result.ok) throw badParam(result.param, result.message);
  return result.value;
}

export function iso(ms: number | null | undefined): string | undefined {
  return ms === null || ms === undefined ? undefined : new Date(ms).toISOString();
}
