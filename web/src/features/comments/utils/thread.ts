import type { Comment } from "@/types/api";

export type Thread = { comment: Comment; replies: Comment[] };

/**
 * Replies one level deep (SPEC §2): top-level comments in the server's order
 * (newest or top), each with its replies oldest first. A reply whose parent is
 * missing, or a reply to a reply, is attached to the nearest top-level ancestor
 * found, else shown at the top level.
 */
export function buildThreads(comments: Comment[]): Thread[] {
  const byId = new Map(comments.map((comment) => [comment.id, comment]));
  const rootOf = (comment: Comment): Comment => {
    let current = comment;
    const seen = new Set<number>();
    while (current.parent_id != null && byId.has(current.parent_id) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.parent_id)!;
    }
    return current;
  };
  const threads = new Map<number, Thread>();
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root.id === comment.id && !threads.has(comment.id)) threads.set(comment.id, { comment, replies: [] });
  }
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root.id !== comment.id) threads.get(root.id)?.replies.push(comment);
  }
  for (const thread of threads.values()) {
    thread.replies.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  }
  return [...threads.values()];
}
