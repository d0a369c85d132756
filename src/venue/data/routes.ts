import type { FastifyRequest } from 'fastify';
import { parseQuery, tradesQuery, positionsQuery, holdersQuery, leaderboardQuery } from '@shared/spec/index.js';
import type { Surface, VenueContext } from '../http.js';
import { parsed } from '../http.js';
import { BUCKETS } from '../rate-limit.js';
import { holders, leaderboard, positions, trades } from './views.js';

type Raw = Record<string, string | string[] | undefined>;
const q = (req: FastifyRequest): Raw => req.query as Raw;

export function registerData(s: Surface, ctx: VenueContext): void {
  s.get('/trades', [BUCKETS.dataTrades], (req) => trades(ctx.db, parsed(parseQuery(tradesQuery, q(req)))));
  s.get('/positions', [BUCKETS.dataPositions], (req) => positions(ctx.db, parsed(parseQuery(positionsQuery, q(req)))));
  s.get('/holders', [], (req) => holders(ctx.db, parsed(parseQuery(holdersQuery, q(req)))));
  s.get('/v1/leaderboard', [], (req) => leaderboard(ctx.db, parsed(parseQuery(leaderboardQuery, q(req))), ctx.now()));
}
