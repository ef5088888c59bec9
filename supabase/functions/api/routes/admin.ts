import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import {
  doneAnswer,
  itemAuthorAnswer,
  moderationLogPage,
  reviewQueuePage,
  suspendedAuthorsAnswer,
} from "../../_shared/api/moderation.ts";
import { requireModerator, signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor, decodeTimeCursor, type QueuePage, queuePageAnswer } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pageLimit, pathId, queuePageQuery } from "../http/params.ts";
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
 * refusing. Every router on the way is an OpenAPIHono, so the routes of the
 * mounted ones are in the document too.
 */
export const adminRouter = newRouter();

// Before the routers are mounted and the routes added, so it runs before
// every route of this router and of the routers it mounts.
adminRouter.use(signedIn("Sign in as an admin first."));
adminRouter.route("/suggestions", adminSuggestionsRouter);
adminRouter.route("/reports", adminReportsRouter);
adminRouter.route("/users", adminUsersRouter);
adminRouter.route("/people", adminPeopleRouter);
adminRouter.route("/revisions", adminRevisionsRouter);
adminRouter.route("/link-health", adminLinkHealthRouter);
adminRouter.route("/backups", adminBackupsRouter);

type PendingPostsPage = QueuePage & { posts: unknown[] };

/**
 * GET /admin/pending-posts: the posts waiting for review, oldest first, each
 * with its info boxes, sources and version; with `limit`, a page at a time
 * (keyset `cursor`), and always how many wait.
 */
adminRouter.openapi(
  createRoute({
    method: "get",
    path: "/pending-posts",
    operationId: "listPendingPosts",
    tags: ["Admin"],
    summary: "The posts waiting for review",
    description: "Oldest first, each with its info boxes, sources and version; all of them, or a page at a time with limit. " +
      "A moderator's own posts are not in their queue (another moderator or an admin reviews them).",
    ...access("moderator"),
    request: {
      query: z.object({
        limit: queuePageQuery.limit.meta({ description: "Posts per page, 1 to 100; without it, every pending post." }),
        cursor: queuePageQuery.cursor.meta({ description: "The nextCursor of the page before." }),
      }),
    },
    responses: { 200: json(reviewQueuePage, "The pending posts, or a page of them, and how many wait."), ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { limit } = c.req.valid("query");
    // A post's time and id: another list's cursor (a UUID id, a score) is refused.
    const cursor = decodeTimeCursor(c.req.valid("query").cursor);
    const page = await asCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ page: PendingPostsPage }[]>`
        select private.pending_posts(${limit}::integer, ${cursor ? String(cursor.key) : null}::text,
                                     ${cursor?.id ?? null}::bigint) as page`;
      return row.page;
    });
    return c.json(queuePageAnswer(page) as z.infer<typeof reviewQueuePage>, 200);
  },
);

// The body is optional (SPEC's calls send none); the review panel sends the
// version it showed, so a post changed since then (by its author, say) is not
// approved or rejected unseen, and may send the reason for a rejection, which
// the author is shown.
const rejectionReason = z.string({ error: "The reason must be text." }).optional()
  .meta({ description: "Why it was rejected, shown to the author (a rejection's only)." });
const reviewBody = z.object({
  version: z.iso.datetime({ offset: true, error: "version must be the post's version as the review list gave it." })
    .optional()
    .meta({ description: "The post's version as the review list gave it: a post changed since is a 409, not reviewed unseen." }),
  reason: rejectionReason,
});

const postIdParam = z.object({ id: z.string().meta({ description: "The post's id.", example: "7" }) });

/** Approves or rejects a pending post; a rejected post's media no other post uses are removed from storage. */
async function reviewPost(c: Context<AppEnv>, action: "approve" | "reject", body: z.infer<typeof reviewBody>) {
  const id = pathId(c.req.param("id"), "Post not found.");
  const { version, reason } = body;
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
  return { success: true as const, message: `Post ${done} successfully!` };
}

for (const action of ["approve", "reject"] as const) {
  adminRouter.openapi(
    createRoute({
      method: "post",
      path: `/posts/{id}/${action}`,
      operationId: `${action}Post`,
      tags: ["Admin"],
      summary: action === "approve" ? "Publish a pending post" : "Reject a pending post",
      description: (action === "approve"
        ? "The post is published and gets its first revision. "
        : "The author is told, with the reason when one is given; its media are removed. ") +
        "Review means someone else's: a moderator's own post is another's to review. Logged.",
      ...access("moderator"),
      middleware: [nonJsonAsEmpty] as const,
      request: { params: postIdParam, body: { required: false, content: { "application/json": { schema: reviewBody } } } },
      responses: {
        200: json(doneAnswer, action === "approve" ? "The post is published." : "The post is rejected."),
        ...errors(400, 401, 403, 404, 409), ...formRefused,
      },
    }),
    async (c) => c.json(await reviewPost(c, action, c.req.valid("json")), 200),
  );
}

/**
 * GET /admin/posts/{id}/author and /admin/comments/{id}/author: whom a
 * suspension from a post or a comment is about. Public answers name authors
 * but never their ids. author is null once the account is gone.
 */
async function itemAuthor(c: Context<AppEnv>, kind: "posts" | "comments") {
  const notFound = kind === "posts" ? "Post not found." : "Comment not found.";
  const id = pathId(c.req.param("id"), notFound);
  const rows = await asCaller(c.var.caller, async (tx) => {
    await requireModerator(tx);
    return tx<{ author_id: string | null; name: string | null; suspended_until: string | null; suspension_reason: string | null }[]>`
      select t.author_id, pr.display_name as name, s.suspended_until::text, s.suspension_reason
      from ${kind === "posts" ? tx`public.posts` : tx`public.comments`} t
      left join public.profiles pr on pr.id = t.author_id
      left join lateral private.member_suspension(t.author_id) s on true
      where t.id = ${id}`;
  });
  if (rows.length === 0) fail(404, notFound);
  const [row] = rows;
  if (!row.author_id) return { author: null };
  // Whether they are suspended now, so the admin can lift it (null: not suspended).
  const suspension = row.suspended_until === null ? null : suspensionOf(row.suspended_until, row.suspension_reason);
  return { author: { id: row.author_id, name: row.name, suspension } };
}

for (const kind of ["posts", "comments"] as const) {
  const item = kind === "posts" ? "post" : "comment";
  adminRouter.openapi(
    createRoute({
      method: "get",
      path: `/${kind}/{id}/author`,
      operationId: kind === "posts" ? "getPostAuthor" : "getCommentAuthor",
      tags: ["Admin"],
      summary: `Who wrote a ${item}, and whether they are suspended`,
      description: `Whom suspending from a ${item} is about: public answers name authors but never their ids.`,
      ...access("moderator"),
      request: { params: z.object({ id: z.string().meta({ description: `The ${item}'s id.`, example: "7" }) }) },
      responses: { 200: json(itemAuthorAnswer, "The author (null once the account is gone)."), ...errors(401, 403, 404) },
    }),
    async (c) => c.json(await itemAuthor(c, kind), 200),
  );
}

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
adminRouter.openapi(
  createRoute({
    method: "get",
    path: "/posts/{id}/suspended-authors",
    operationId: "listPostSuspendedAuthors",
    tags: ["Admin"],
    summary: "The suspended authors of a post and its comments",
    description: "Each item (the post or a comment) whose author is suspended now, with the suspension, " +
      "so the post page shows it (with Lift) where 'Suspend author' would be.",
    ...access("moderator"),
    request: { params: postIdParam },
    responses: { 200: json(suspendedAuthorsAnswer, "The items whose authors are suspended now."), ...errors(401, 403, 404) },
  }),
  async (c) => {
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
    }, 200);
  },
);

const logQuery = z.object({
  limit: pageLimit(200, 50).meta({ description: "Entries per page, 1 to 200 (50 when left out)." }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page before." }),
});

/** GET /admin/moderation-log: recent moderation, newest first (who, what, which post, when); People entries for admins only (row-level security). */
adminRouter.openapi(
  createRoute({
    method: "get",
    path: "/moderation-log",
    operationId: "listModerationLog",
    tags: ["Admin"],
    summary: "The moderation log, newest first",
    description: "Who did what to which post, and when, a page at a time. Entries about People (roles, invitations) are for admins only.",
    ...access("moderator"),
    request: { query: logQuery },
    responses: { 200: json(moderationLogPage, "A page of the log."), ...errors(400, 401, 403) },
  }),
  async (c) => {
    const { limit } = c.req.valid("query");
    const cursor = decodeCursor(c.req.valid("query").cursor);
    const entries = await asCaller(c.var.caller, async (tx) => {
      await requireModerator(tx);
      return tx<({ entry: z.infer<typeof moderationLogPage>["entries"][number] } & KeysetRow)[]>`
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
    return c.json({ entries: shown.map((row) => row.entry), nextCursor }, 200);
  },
);
