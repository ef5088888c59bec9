import { Hono } from "hono";
import { z } from "zod";
import { requireModerator, signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor, decodeTimeCursor, type QueuePage, queuePageAnswer } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pageLimit, pathId, queuePageQuery } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { removeMedia } from "../media/storage.ts";
import { keysetColumns, keysetOrder, keysetPage, type KeysetRow, olderThan, rowCursor } from "../queries/keyset.ts";
import { adminBackupsRouter } from "./admin-backups.ts";
import { adminLinkHealthRouter } from "./admin-link-health.ts";
import { adminReportsRouter, adminUsersRouter } from "./admin-moderation.ts";
import { adminPeopleRouter } from "./admin-people.ts";
import { adminRevisionsRouter } from "./admin-revisions.ts";
import { adminSuggestionsRouter } from "./admin-suggestions.ts";

/**
 * /admin: the review queue, whom a post or comment is by, the moderation
 * log, and the routers of the team's other work under their own prefixes.
 * Moderators and admins both work here; the database functions check the
 * role each action needs themselves; the plain reads here check it first,
 * because row-level security would show a member their own rows instead of
 * refusing.
 */
export const adminRouter = new Hono<AppEnv>()
  // Part of the router's construction, so it runs before every route of it
  // and of the routers it mounts, whatever is added later.
  .use(signedIn("Sign in as an admin first."))
  .route("/suggestions", adminSuggestionsRouter)
  .route("/reports", adminReportsRouter)
  .route("/users", adminUsersRouter)
  .route("/people", adminPeopleRouter)
  .route("/revisions", adminRevisionsRouter)
  .route("/link-health", adminLinkHealthRouter)
  .route("/backups", adminBackupsRouter);

type PendingPostsPage = QueuePage & { posts: unknown[] };

/**
 * GET /admin/pending-posts: the posts waiting for review, oldest first, each
 * with its info boxes, sources and version; with `limit`, a page at a time
 * (keyset `cursor`), and always how many wait.
 */
adminRouter.get("/pending-posts", validate("query", z.object(queuePageQuery)), async (c) => {
  const { limit } = c.req.valid("query");
  // A post's time and id: another list's cursor (a UUID id, a score) is refused.
  const cursor = decodeTimeCursor(c.req.valid("query").cursor);
  const page = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ page: PendingPostsPage }[]>`
      select private.pending_posts(${limit}::integer, ${cursor ? String(cursor.key) : null}::text, ${cursor?.id ?? null}::bigint) as page`;
    return row.page;
  });
  return c.json(queuePageAnswer(page));
});

// The body is optional (SPEC's calls send none); the review panel sends the
// version it showed, so a post changed since then (by its author, say) is not
// approved or rejected unseen, and may send the reason for a rejection, which
// the author is shown.
const rejectionReason = z.string({ error: "The reason must be text." }).optional();
const reviewBody = z.object({
  version: z.iso.datetime({ offset: true, error: "version must be the post's version as the review list gave it." })
    .optional(),
  reason: rejectionReason,
});

adminRouter.post("/posts/:id/:action{approve|reject}", validate("json", reviewBody), async (c) => {
  const id = pathId(c.req.param("id"), "Post not found.");
  const action = c.req.param("action");
  const { version, reason } = c.req.valid("json");
  const removed = await writeAsCaller(c.var.caller, async (tx) => {
    if (action === "approve") {
      // As text: postgres.js would round a timestamp parameter to milliseconds.
      await tx`select private.approve_post(${id}::bigint, ${version ?? null}::text::timestamptz)`;
      return [];
    }
    const [row] = await tx<{ removed: string[] | null }[]>`
      select private.reject_post(${id}::bigint, ${reason ?? null}::text, ${version ?? null}::text::timestamptz) as removed`;
    return row.removed ?? [];
  });
  await removeMedia(removed);
  const done = action === "approve" ? "approved" : "rejected";
  return c.json({ success: true, message: `Post ${done} successfully!` });
});

/**
 * GET /admin/posts/{id}/author and /admin/comments/{id}/author: whom a
 * suspension from a post or a comment is about. Public answers name authors
 * but never their ids. author is null once the account is gone.
 */
adminRouter.get("/:kind{posts|comments}/:id/author", async (c) => {
  const kind = c.req.param("kind");
  const id = pathId(c.req.param("id"), kind === "posts" ? "Post not found." : "Comment not found.");
  const rows = await asCaller(c.var.caller, async (tx) => {
    await requireModerator(tx);
    return tx<{ author_id: string | null; name: string | null; suspended_until: string | null; suspension_reason: string | null }[]>`
      select t.author_id, pr.display_name as name, s.suspended_until::text, s.suspension_reason
      from ${kind === "posts" ? tx`public.posts` : tx`public.comments`} t
      left join public.profiles pr on pr.id = t.author_id
      left join lateral private.member_suspension(t.author_id) s on true
      where t.id = ${id}`;
  });
  if (rows.length === 0) fail(404, kind === "posts" ? "Post not found." : "Comment not found.");
  const [row] = rows;
  if (!row.author_id) return c.json({ author: null });
  // Whether they are suspended now, so the admin can lift it (null: not suspended).
  const suspension = row.suspended_until === null ? null : {
    until: row.suspended_until === "infinity" ? null : new Date(row.suspended_until).toISOString(),
    reason: row.suspension_reason,
  };
  return c.json({ author: { id: row.author_id, name: row.name, suspension } });
});

/** A suspension as the API gives it: until an ISO time, or null for good. */
const suspensionOf = (until: string, reason: string | null) => ({
  until: until === "infinity" ? null : new Date(until).toISOString(),
  reason,
});

/**
 * GET /admin/posts/{id}/suspended-authors: the authors of a post and of its
 * comments who are suspended now, each with the item (kind, id), so the post
 * page shows their suspension (with Lift) where 'Suspend author' would be.
 */
adminRouter.get("/posts/:id/suspended-authors", async (c) => {
  const postId = pathId(c.req.param("id"), "Post not found.");
  const rows = await asCaller(c.var.caller, (tx) =>
    tx<{ kind: "post" | "comment"; item_id: string; author_id: string; author_name: string | null; until: string; reason: string | null }[]>`
      select kind, item_id, author_id, author_name, suspended_until::text as until, suspension_reason as reason
      from private.suspended_authors(${postId}::bigint)`);
  return c.json({
    authors: rows.map((row) => ({
      kind: row.kind,
      id: Number(row.item_id),
      author: { id: row.author_id, name: row.author_name, suspension: suspensionOf(row.until, row.reason) },
    })),
  });
});

const logQuery = z.object({
  limit: pageLimit(200, 50),
  cursor: z.string().max(200).optional(),
});

/** GET /admin/moderation-log: recent moderation, newest first (who, what, which post, when); People entries for admins only (row-level security). */
adminRouter.get("/moderation-log", validate("query", logQuery), async (c) => {
  const { limit } = c.req.valid("query");
  const cursor = decodeCursor(c.req.valid("query").cursor);
  const entries = await asCaller(c.var.caller, async (tx) => {
    await requireModerator(tx);
    return tx<({ entry: Record<string, unknown> } & KeysetRow)[]>`
      select
        jsonb_build_object(
          'id', l.id,
          'action', l.action,
          'actor_name', (select pr.display_name from public.profiles pr where pr.id = l.actor_id),
          'post_id', l.post_id,
          'post_title', (select p.title from public.posts p where p.id = l.post_id),
          'comment_id', l.comment_id,
          'suggestion_id', l.suggestion_id,
          'details', l.details,
          'created_at', l.created_at) as entry,
        ${keysetColumns(tx, "l")}
      from public.moderation_log l
      ${cursor ? tx`where ${olderThan(tx, "l", cursor)}` : tx``}
      ${keysetOrder(tx, "l", limit)}`;
  });
  const { shown, nextCursor } = keysetPage(entries, limit, rowCursor);
  return c.json({ entries: shown.map((row) => row.entry), nextCursor });
});
