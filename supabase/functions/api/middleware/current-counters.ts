/**
 * The counters of posts and comments as they changed since the read cache was
 * last emptied, from the database's `counters` notifications (see
 * supabase/migrations/…_member_votes.sql) and from votes cast through this
 * isolate. A kept answer's counters may be up to 30 s old; a member's answer
 * takes these instead, so members see current counters without asking
 * Postgres for them.
 */
export interface Counters {
  upvotes?: number;
  downvotes?: number;
  comment_count?: number;
}

// Past this many changed posts and comments, everything is forgotten (answers
// too: see read-cache.ts), so memory stays bounded on the busiest day.
export const maxChangedCounters = 100_000;

const changed = new Map<string, Counters>();

const key = (target: string, id: number | string) => `${target}:${id}`;

export function countersOf(target: "post" | "comment", id: number): Counters | undefined {
  return changed.get(key(target, id));
}

/** Records newer counters; returns false when there are too many to keep (then forget everything). */
export function noteCounters(target: "post" | "comment", id: number | string, counters: Counters): boolean {
  changed.set(key(target, id), { ...changed.get(key(target, id)), ...counters });
  return changed.size <= maxChangedCounters;
}

/** 'post,{id},{upvotes},{downvotes},{comment_count}' or 'comment,{id},{upvotes},{downvotes}'. */
export function noteCountersPayload(payload: string): boolean {
  const [target, id, upvotes, downvotes, commentCount] = payload.split(",");
  if ((target !== "post" && target !== "comment") || !id) return true;
  const counters: Counters = { upvotes: Number(upvotes), downvotes: Number(downvotes) };
  if (target === "post") counters.comment_count = Number(commentCount);
  return noteCounters(target, id, counters);
}

export function forgetCounters(): void {
  changed.clear();
}
