// Market lifecycle commands (venue-profile D): a loopback-only admin route on the running venue,
// and the same change applied straight to the database when no venue is running.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { openDb } from './db/open.js';
import { HttpError, badParam } from './errors.js';
import type { MarketStatus } from './market-index.js';
import { Exchange, LifecycleError } from './trading/exchange.js';
import { RUN_FILE } from './data-dir.js';

export { RUN_FILE };
export const STATUSES = ['active', 'paused', 'closed', 'resolved', 'archived'] as const;

export interface RunInfo {
  pid: number;
  port: number;
  adminToken: string;
}

const statusBody = z.object({ status: z.enum(STATUSES), winner: z.number().int().min(0).optional() });

/** Registers `POST /admin/markets/:conditionId/status`, callable from this machine with the run token. */
export function registerAdmin(app: FastifyInstance, exchange: Exchange, token: string): void {
  app.post('/admin/markets/:conditionId/status', async (req) => {
    adminGuard(req, token);
    const body = statusBody.safeParse(req.body);
    if (!body.success) throw badParam('body', 'body must be {"status": "active|paused|closed|resolved|archived", "winner"?: outcome index}');
    const { conditionId } = req.params as { conditionId: string };
    try {
      return applyStatus(exchange, conditionId, body.data.status, body.data.winner);
    } catch (err) {
      if (err instanceof LifecycleError) throw new HttpError(409, 'INVALID_TRANSITION', err.message);
      throw err;
    }
  });
}

/** The first problem zod found, as a 400 naming the field. */
export function invalid(error: z.ZodError, where: string): never {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || where;
  throw badParam(field, `${where}: ${field === where ? '' : `${field}: `}${issue?.message ?? 'invalid'}`);
}

export function parse<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const r = schema.safeParse(value ?? {});
  if (!r.success) invalid(r.error, where);
  return r.data;
}

/** Admin routes answer this machine only, and only with the run token of the data dir. */
export function adminGuard(req: FastifyRequest, token: string): void {
  const ip = req.socket.remoteAddress ?? '';
  if (ip !== '127.0.0.1' && ip !== '::1' && ip !== '::ffff:127.0.0.1') throw new HttpError(403, 'FORBIDDEN', 'admin routes answer loopback clients only');
  const given = Buffer.from(String(req.headers['x-admin-token'] ?? ''));
  const want = Buffer.from(token);
  if (given.length !== want.length || !timingSafeEqual(given, want)) throw new HttpError(401, 'UNAUTHORIZED', `missing or wrong x-admin-token (see ${RUN_FILE} in the data dir)`);
}

export function applyStatus(exchange: Exchange, conditionId: string, status: MarketStatus, winner?: number): { conditionId: string; status: MarketStatus; cancelledOrders: number } {
  const { cancelled } = exchange.setMarketStatus(conditionId.toLowerCase(), status, winner);
  return { conditionId: conditionId.toLowerCase(), status, cancelledOrders: cancelled };
}

export function newAdminToken(): string {
  return randomBytes(24).toString('base64url');
}

export function writeRunFile(dataDir: string, port: number, adminToken: string): RunInfo {
  const info: RunInfo = { pid: process.pid, port, adminToken };
  writeFileSync(join(dataDir, RUN_FILE), JSON.stringify(info), { mode: 0o600 });
  return info;
}

export function removeRunFile(dataDir: string): void {
  rmSync(join(dataDir, RUN_FILE), { force: true });
}

/**
 * `npm run venue -- admin <resolve|pause|activate|close|archive> <condition_id> [winner]`:
 * asks the running venue of the data dir, or changes the database itself when none runs.
 */
export async function adminCommand(dataDir: string, args: string[]): Promise<string> {
  const [verb, conditionId, winnerText] = args;
  const verbs: Record<string, MarketStatus> = { resolve: 'resolved', pause: 'paused', activate: 'active', close: 'closed', archive: 'archived' };
  const status = verb ? verbs[verb] : undefined;
  if (!status || !conditionId) throw new Error(`usage: admin <${Object.keys(verbs).join('|')}> <condition_id> [winning_outcome_index]`);
  let winner: number | undefined;
  if (status === 'resolved') {
    winner = Number(winnerText);
    if (winnerText === undefined || !Number.isInteger(winner) || winner < 0) throw new Error('resolve needs the winning outcome index (0, 1, …)');
  }
  const runFile = join(dataDir, RUN_FILE);
  if (existsSync(runFile)) {
    const info = JSON.parse(readFileSync(runFile, 'utf8')) as RunInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${info.port}/admin/markets/${conditionId}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': info.adminToken },
        body: JSON.stringify({ status, ...(winner !== undefined ? { winner } : {}) }),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`venue refused: ${text}`);
      return text;
    } catch (err) {
      // A stale run file (the venue died): fall through to the database.
      if (!(err instanceof TypeError)) throw err;
    }
  }
  const db = openDb(dataDir);
  try {
    const exchange = new Exchange(db);
    try {
      return JSON.stringify(applyStatus(exchange, conditionId, status, winner));
    } catch (err) {
      if (err instanceof LifecycleError) throw new Error(err.message);
      throw err;
    }
  } finally {
    db.close();
  }
}
