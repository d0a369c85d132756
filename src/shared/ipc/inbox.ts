// The inbox's part of the contract: every notice kept with its id, time and read state, what
// reading and marking them takes, and the quiet hours that silence OS notifications (the inbox
// keeps the notices all the same).
import { z } from 'zod';
import { limit } from './fields.js';

/** A fill of one of the account's orders, a market it holds that resolved or closed, or a price alert that fired (no account). */
export const Notice = z.object({
  /** followed: a followed wallet traded; venue: the embedded venue stopped or came back. */
  kind: z.enum(['fill', 'resolved', 'alert', 'followed', 'venue']),
  title: z.string(),
  body: z.string(),
  accountId: z.string().optional(),
  orderId: z.string().optional(),
  conditionId: z.string().optional(),
  /** The event the notice is about, when it is about one (opens its page). */
  eventSlug: z.string().optional(),
  /** The wallet the notice is about (a followed trader): opens its trader page. */
  address: z.string().optional(),
  at: z.number(),
});
export type Notice = z.output<typeof Notice>;

/** A notice as pushed once kept: its inbox id (absent only when it could not be kept), and whether quiet hours hold it back from the OS. */
export const RaisedNotice = Notice.extend({ id: z.number().int().positive().optional(), quiet: z.boolean().optional() });

/** A kept notice: the market's catalog id or slug where the local catalog knows its condition id (what a market page opens by). */
export const InboxItem = Notice.extend({ id: z.number().int().positive(), read: z.boolean(), marketRef: z.string().optional() });
export type InboxItem = z.output<typeof InboxItem>;

export const InboxList = z.object({ unreadOnly: z.boolean().default(false), limit: limit(500, 100) });
export const InboxPage = z.object({ items: z.array(InboxItem), unread: z.number().int().min(0), total: z.number().int().min(0) });

const ids = z.array(z.number().int().positive()).min(1, 'name at least one notice').max(1000, 'at most 1000 notices at once');
export const MarkRead = z.union([z.object({ ids }).strict(), z.object({ all: z.literal(true) }).strict()], { error: 'expected {ids: [..]} or {all: true}' });

/** A time of day, 24-hour, local to the computer. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'expected a time of day as HH:MM, 00:00 to 23:59');
/** From `from` until `to`, local time; `to` before `from` runs past midnight. */
export const QuietHours = z.object({ from: clockTime, to: clockTime }).refine((q) => q.from !== q.to, { error: 'quiet hours start and end at different times', path: ['to'] });
export type QuietHours = z.output<typeof QuietHours>;
