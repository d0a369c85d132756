// Threads of a comment list. The spec models a reply as a comment naming its parent
// (`parentCommentID`) and carries a comment's replies in its `replies`; a venue may send replies
// there, as items of the list itself, or both. Each reply shows once, under its parent.
import { Comment } from '@shared/spec/index';

export interface Thread {
  comment: Comment;
  /** Oldest first, each once. */
  replies: Comment[];
  /** A reply whose parent is not in the list (an older page, or filtered out): shown on its own. */
  orphan: boolean;
}

/** Reads the replies a comment carries; the spec does not show their fields, so each is checked. */
function carried(c: Comment): Comment[] {
  const out: Comment[] = [];
  for (const raw of c.replies ?? []) {
    const r = Comment.safeParse(raw);
    if (r.success && r.data.id !== undefined) out.push(r.data);
  }
  return out;
}

const time = (c: Comment): number => (c.createdAt ? Date.parse(c.createdAt) : 0);

export function threads(list: readonly Comment[]): Thread[] {
  const ids = new Set(list.map((c) => c.id).filter((id): id is string => id !== undefined));
  const listed = new Map<string, Comment[]>();
  for (const c of list) {
    if (c.parentCommentID === undefined || !ids.has(c.parentCommentID)) continue;
    listed.set(c.parentCommentID, [...(listed.get(c.parentCommentID) ?? []), c]);
  }
  const out: Thread[] = [];
  const seenTop = new Set<string>();
  for (const c of list) {
    if (c.parentCommentID !== undefined && ids.has(c.parentCommentID)) continue;
    if (c.id !== undefined) {
      if (seenTop.has(c.id)) continue;
      seenTop.add(c.id);
    }
    const replies = new Map<string, Comment>();
    for (const r of [...carried(c), ...(c.id !== undefined ? (listed.get(c.id) ?? []) : [])]) {
      if (r.id !== undefined && !replies.has(r.id)) replies.set(r.id, r);
    }
    out.push({ comment: c, replies: [...replies.values()].sort((a, b) => time(a) - time(b) || ((a.id ?? '') < (b.id ?? '') ? -1 : 1)), orphan: c.parentCommentID !== undefined });
  }
  return out;
}

/** Whether the comment's author holds a position under what the comment is about (spec: profile.positions). */
export function holds(c: Comment): boolean {
  return (c.profile?.positions ?? []).some((p) => Number(p.positionSize ?? 0) > 0);
}

/** The author as people know them: name, else pseudonym, else the start of the address. */
export function authorOf(c: Comment): string {
  return c.profile?.name || c.profile?.pseudonym || (c.userAddress ? `${c.userAddress.slice(0, 6)}…${c.userAddress.slice(-4)}` : 'unknown');
}
