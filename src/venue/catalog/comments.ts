// The catalog's comments (spec §4.2): by parent entity or by user, each with its commenter's
// profile and holdings in the parent's markets, and its replies.
import type { Db } from '../db/open.js';
import { prepared } from '../db/prepared.js';
import { iso, type RawJson } from '../http.js';
import { ledgerStamp, walletOrBlank } from '../market-index.js';
import { MICRO } from '../money.js';
import { keptAnswer } from './fragments.js';
import { Filters, type Row } from './objects.js';

export interface CommentsParams {
  limit: number;
  offset: number;
  order: string;
  ascending: boolean;
  parentEntityType?: 'Event' | 'Series' | 'market' | undefined;
  parentEntityId?: string | undefined;
  eventSlug?: string | undefined;
  holdersOnly?: boolean | undefined;
}

const COMMENT_ORDER: Record<string, string> = { createdAt: 'c.created_at', updatedAt: 'c.updated_at', reactionCount: 'reaction_count' };

const COMMENT_SELECT = `SELECT c.*, (SELECT COUNT(*) FROM comment_reactions r WHERE r.comment_id = c.id) AS reaction_count,
  (SELECT COUNT(*) FROM comments x WHERE x.parent_comment_id = c.id) AS reply_count FROM comments c`;

const HOLDER_SQL = `EXISTS (SELECT 1 FROM positions p WHERE p.wallet = c.user_address AND p.size >= ${MICRO} AND p.condition_id IN (
  SELECT condition_id FROM markets WHERE
    (c.parent_entity_type = 'Event' AND event_id = c.parent_entity_id) OR
    (c.parent_entity_type = 'market' AND id = c.parent_entity_id) OR
    (c.parent_entity_type = 'Series' AND event_id IN (SELECT id FROM events WHERE series_id = c.parent_entity_id))))`;

/**
 * Comments are static within a catalog version; what moves is the commenters' holdings (and so
 * holders_only), which only fills in the parent's markets change: an answer about one parent is
 * kept until one lands there.
 */
export function listComments(db: Db, q: CommentsParams): RawJson {
  const parent = commentParent(db, q);
  return keptAnswer(db, `comments ${JSON.stringify(q)}`, ledgerStamp(db, parent?.conditions), () => {
    const f = new Filters()
      .when(q.eventSlug, "c.parent_entity_type = 'Event' AND c.parent_entity_id = (SELECT id FROM events WHERE slug = ?)")
      .when(q.parentEntityType, 'c.parent_entity_type = ?')
      .when(q.parentEntityId === undefined ? undefined : Number(q.parentEntityId), 'c.parent_entity_id = ?')
      .also(q.holdersOnly === true, HOLDER_SQL);
    const dir = q.ascending ? 'ASC' : 'DESC';
    const sql = `${COMMENT_SELECT} ${f.clause} ORDER BY ${COMMENT_ORDER[q.order] ?? 'c.created_at'} ${dir}, c.id ${dir} LIMIT ? OFFSET ?`;
    // Holders only holds for the replies each comment carries too: they are comments.
    const value = commentObjects(db, prepared(db, sql).all(...f.args, q.limit, q.offset) as Row[], true, q.holdersOnly === true);
    return { value, keep: parent === undefined || value.every((c) => underParent(c, parent)) };
  });
}

interface CommentParent {
  type: string;
  id: number;
  /** The markets whose holdings its comments show. */
  conditions: string[];
}

const PARENT_MARKETS: Record<string, string> = {
  Event: 'SELECT condition_id FROM markets WHERE event_id = ?',
  market: 'SELECT condition_id FROM markets WHERE id = ?',
  Series: 'SELECT condition_id FROM markets WHERE event_id IN (SELECT id FROM events WHERE series_id = ?)',
};

/** The one entity a comments query is about, if it names one. */
function commentParent(db: Db, q: CommentsParams): CommentParent | undefined {
  let type: string;
  let id: number;
  if (q.eventSlug !== undefined) {
    type = 'Event';
    id = (prepared(db, 'SELECT id FROM events WHERE slug = ?').pluck().get(q.eventSlug) as number | undefined) ?? -1;
  } else if (q.parentEntityType !== undefined && q.parentEntityId !== undefined) {
    type = q.parentEntityType;
    id = Number(q.parentEntityId);
  } else return undefined;
  return { type, id, conditions: prepared(db, PARENT_MARKETS[type] as string).pluck().all(id) as string[] };
}

/** Whether a comment and its replies are all about `parent` (only then does its stamp cover them). */
function underParent(c: Row, parent: CommentParent): boolean {
  return c['parentEntityType'] === parent.type && c['parentEntityID'] === parent.id && ((c['replies'] as Row[] | undefined) ?? []).every((r) => underParent(r, parent));
}

export function commentsByUser(db: Db, address: string, q: { limit: number; offset: number }): RawJson {
  return keptAnswer(db, `comments by ${address.toLowerCase()} ${JSON.stringify(q)}`, ledgerStamp(db), () => {
    const rows = prepared(db, `${COMMENT_SELECT} WHERE c.user_address = ? ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`).all(address.toLowerCase(), q.limit, q.offset) as Row[];
    return { value: commentObjects(db, rows, true), keep: true };
  });
}

/** Each commenter's ten largest holdings in the markets under the comment's parent, keyed type:id:wallet. */
function holdingsByComment(db: Db, rows: Row[]): Map<string, Array<{ token_id: string; size: number }>> {
  const parents = new Map<string, { type: string; id: number; users: Set<string> }>();
  for (const c of rows) {
    const key = `${c['parent_entity_type'] as string}:${c['parent_entity_id'] as number}`;
    const entry = parents.get(key) ?? { type: c['parent_entity_type'] as string, id: c['parent_entity_id'] as number, users: new Set<string>() };
    entry.users.add(c['user_address'] as string);
    parents.set(key, entry);
  }
  const out = new Map<string, Array<{ token_id: string; size: number }>>();
  for (const [key, p] of parents) {
    const users = [...p.users];
    const held = prepared(
      db,
      `SELECT p.wallet, t.token_id, p.size FROM positions p JOIN tokens t ON t.condition_id = p.condition_id AND t.outcome_index = p.outcome_index
       WHERE p.wallet IN (${users.map(() => '?').join(',')}) AND p.size >= ${MICRO} AND p.condition_id IN (SELECT condition_id FROM markets WHERE
         (? = 'Event' AND event_id = ?) OR (? = 'market' AND id = ?) OR (? = 'Series' AND event_id IN (SELECT id FROM events WHERE series_id = ?)))
       ORDER BY p.wallet, p.size DESC`,
    ).all(...users, p.type, p.id, p.type, p.id, p.type, p.id) as Array<{ wallet: string; token_id: string; size: number }>;
    for (const h of held) {
      const k = `${key}:${h.wallet}`;
      const list = out.get(k) ?? [];
      if (list.length < 10) list.push({ token_id: h.token_id, size: h.size });
      out.set(k, list);
    }
  }
  return out;
}

function commentObjects(db: Db, rows: Row[], withReplies: boolean, holdersOnly = false): Row[] {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r['id'] as number);
  const marks = `(${ids.map(() => '?').join(',')})`;
  const reactions = new Map<number, Row[]>();
  for (const r of prepared(db, `SELECT * FROM comment_reactions WHERE comment_id IN ${marks} ORDER BY id`).all(...ids) as Row[]) {
    const list = reactions.get(r['comment_id'] as number) ?? [];
    list.push({ id: String(r['id']), commentID: r['comment_id'], reactionType: r['reaction_type'], userAddress: r['user_address'], createdAt: iso(r['created_at'] as number) });
    reactions.set(r['comment_id'] as number, list);
  }
  const replies = new Map<number, Row[]>();
  if (withReplies) {
    const replyRows = prepared(db, `${COMMENT_SELECT} WHERE c.parent_comment_id IN ${marks}${holdersOnly ? ` AND ${HOLDER_SQL}` : ''} ORDER BY c.created_at, c.id`).all(...ids) as Row[];
    for (const r of commentObjects(db, replyRows, false)) {
      const parent = Number(r['parentCommentID']);
      const list = replies.get(parent) ?? [];
      list.push(r);
      replies.set(parent, list);
    }
  }
  const creators = new Set((prepared(db, 'SELECT address FROM creators').all() as Array<{ address: string }>).map((c) => c.address));
  const held = holdingsByComment(db, rows);
  return rows.map((c) => {
    const user = c['user_address'] as string;
    const w = walletOrBlank(db, user);
    const type = c['parent_entity_type'] as string;
    const pid = c['parent_entity_id'] as number;
    const out: Row = {
      id: String(c['id']),
      body: c['body'],
      parentEntityType: type,
      parentEntityID: pid,
      ...(c['parent_comment_id'] !== null ? { parentCommentID: String(c['parent_comment_id']) } : {}),
      userAddress: user,
      ...(c['reply_address'] ? { replyAddress: c['reply_address'] } : {}),
      createdAt: iso(c['created_at'] as number),
      updatedAt: iso(c['updated_at'] as number),
      profile: {
        name: w.name,
        pseudonym: w.pseudonym,
        bio: w.bio,
        proxyWallet: user,
        baseAddress: user,
        profileImage: w.profileImage,
        displayUsernamePublic: w.displayPublic,
        isMod: false,
        isCreator: creators.has(user),
        profileImageOptimized: { imageUrlOptimized: w.profileImage },
        positions: (held.get(`${type}:${pid}:${user}`) ?? []).map((p) => ({ tokenId: p.token_id, positionSize: String(p.size / MICRO) })),
      },
      reactions: reactions.get(c['id'] as number) ?? [],
      reportCount: c['report_count'],
      reactionCount: c['reaction_count'],
      replyCount: c['reply_count'],
    };
    if (withReplies) out['replies'] = replies.get(c['id'] as number) ?? [];
    return out;
  });
}
