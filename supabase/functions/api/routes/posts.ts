import { Hono } from "hono";
import { z } from "zod";
import type { Caller } from "../auth/caller.ts";
import { requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, checkAsCaller, type ReadTx, writeAsCaller, type WriteTx } from "../db/lanes.ts";
import { openPostForm, readPostFields, readPostUpdateFields } from "../forms/post-form.ts";
import { mediaRows, writeWithFiles } from "../forms/post-media.ts";
import { type Cursor, decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pageLimit, pathId } from "../http/params.ts";
import { listFilterOptions, postListFilters, timeZone } from "../http/post-list-query.ts";
import { validate } from "../http/validate.ts";
import { removeMedia, type StoredMedia } from "../media/storage.ts";
import { takesForm } from "../middleware/json-body-limit.ts";
import { getHomePosts, homeVotables, listRecentPosts } from "../queries/home.ts";
import { getPostDetail, getPostWithInfoBoxes, postDetailVotables } from "../queries/post-detail.ts";
import { listPosts, postPageVotables } from "../queries/post-list.ts";
import { noVotables, sharedRead } from "../read-cache/shared-read.ts";
import { listPostSources } from "../sources/post-sources.ts";
import { citationRouter } from "./citation.ts";
import { postCommentsRouter } from "./comments.ts";
import { editSuggestionsRouter } from "./edit-suggestions.ts";
import { mineRouter } from "./mine.ts";
import { postReportRouter } from "./reports.ts";
import { revisionsRouter } from "./revisions.ts";
import { voteRouter } from "./votes.ts";

/**
 * /posts: the lists, a post, its writes, and everything that hangs off one
 * post (/posts/{id}/comments, /vote, /report, …), each in its own router.
 */
export const postsRouter = new Hono<AppEnv>();

postsRouter.route("/:id/comments", postCommentsRouter);
postsRouter.route("/:id/revisions", revisionsRouter);
postsRouter.route("/:id/suggestions", editSuggestionsRouter);
postsRouter.route("/:id/mine", mineRouter);
postsRouter.route("/:id/vote", voteRouter("post"));
postsRouter.route("/:id/report", postReportRouter);
postsRouter.route("/:id/citation", citationRouter);

const postNotFound = "Post not found.";

// ---------------------------------------------------------------------------
// Reading. The lists come before /:id, which would take "recent" and "all"
// for ids (app_test.ts fails should a route be shadowed).
// ---------------------------------------------------------------------------

// The visitor's time zone (tz) decides what "today" is for Recent News.
postsRouter.get("/", validate("query", z.object({ tz: timeZone })), (c) => {
  const { tz } = c.req.valid("query");
  return sharedRead(c, homeVotables, (caller) => asCaller(caller, (tx) => getHomePosts(tx, tz)));
});

const cursorRequired = "cursor: Home's recentNextCursor or the previous page's nextCursor is required.";

// Home's "Show more": the rest of today's posts, after the cursor Home or the previous page gave.
const recentPostsQuery = z.object({
  tz: timeZone,
  limit: pageLimit(100, 20),
  cursor: z.string({ error: cursorRequired }).min(1, cursorRequired).max(200),
});

postsRouter.get("/recent", validate("query", recentPostsQuery), (c) => {
  const query = c.req.valid("query");
  const cursor = decodeCursor(query.cursor) ?? fail(400, "cursor: not a cursor this API returned.");
  return sharedRead(c, postPageVotables, (caller) => asCaller(caller, (tx) => listRecentPosts(tx, query.tz, cursor, query.limit)));
});

const allPostsQuery = z.object({
  ...postListFilters,
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
  // Where a list by date starts: at the present, so newest first lists what has happened and oldest first what is upcoming.
  from: z.literal("now", { error: "from must be now." }).optional(),
}).refine((query) => !(query.from && query.sort === "most_upvotes"), { error: "from=now goes with sort=newest or sort=oldest." });

postsRouter.get("/all", validate("query", allPostsQuery), (c) => {
  const query = c.req.valid("query");
  const options = {
    ...listFilterOptions(query),
    cursor: decodeCursor(query.cursor) ?? (query.from ? startingNow(query.sort === "oldest") : undefined),
    limit: query.limit,
  };
  return sharedRead(c, postPageVotables, (caller) => asCaller(caller, (tx) => listPosts(tx, options)));
});

/** A cursor just before the first post dated after now (oldest first) or just after the last one dated up to now (newest first). */
function startingNow(oldestFirst: boolean): Cursor {
  return { key: new Date().toISOString(), id: oldestFirst ? 0 : Number.MAX_SAFE_INTEGER };
}

/** `read` as the caller, or a 404 when the caller may not see the post. */
async function visiblePost<Detail>(caller: Caller, read: (tx: ReadTx) => Promise<Detail | undefined>): Promise<Detail> {
  const detail = await asCaller(caller, read);
  if (!detail) fail(404, postNotFound);
  return detail;
}

postsRouter.get("/:id", (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  return sharedRead(c, postDetailVotables, (caller) => visiblePost(caller, (tx) => getPostDetail(tx, id)));
});

postsRouter.get("/:id/info-boxes", (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  return sharedRead(c, noVotables, async (caller) => (await visiblePost(caller, (tx) => getPostWithInfoBoxes(tx, id))).infoBoxes);
});

// The URLs the post cites, with their state and archived copies.
postsRouter.get("/:id/sources", (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  return sharedRead(c, noVotables, (caller) => visiblePost(caller, (tx) => listPostSources(tx, id)));
});

// ---------------------------------------------------------------------------
// Writing: members create (held for review); admins edit, delete, toggle.
// PUT and DELETE also serve an author editing or withdrawing their own post
// while it waits for review: the database tells the two apart
// (private.update_post, private.delete_post).
// ---------------------------------------------------------------------------

// A post with files is checked (the cooldown, every field), its files are
// streamed to Storage as they arrive, and then it is written with them in
// one statement, which checks everything again. No transaction stays open
// while a client sends its files: a slow client held a connection for as
// long as it took (bench/findings.md, "Uploads outside the transaction").
// Should the write fail, the files go again; so do they when an upload fails.
// Without files, the write alone checks as much: no check first.

postsRouter.post("/", takesForm, async (c) => {
  requireUser(c.var.caller, "Please sign in to create a post.");
  const form = openPostForm(c.req.raw);
  try {
    const { post, mediaField } = await readPostFields(form);
    const submit = (tx: WriteTx, media: StoredMedia[]) =>
      tx<{ id: number }[]>`select private.create_post(${tx.json({ ...post, media: mediaRows(media) })}) as id`;
    if (form.fileFollows) await checkAsCaller(c.var.caller, (tx) => submit(tx, []));
    const [row] = await writeWithFiles(form, mediaField, (media) => writeAsCaller(c.var.caller, (tx) => submit(tx, media)));
    return c.json({ success: true, id: Number(row.id), message: "Post submitted for review!" }, 201);
  } finally {
    form.close();
  }
});

postsRouter.put("/:id", takesForm, async (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  requireUser(c.var.caller);
  const form = openPostForm(c.req.raw);
  try {
    const { fields, keepMedia, note, mediaField } = await readPostUpdateFields(form);
    const update = (tx: WriteTx, media: StoredMedia[]) =>
      tx<{ removed: string[] | null }[]>`
        select private.update_post(${id}::bigint, ${tx.json(fields)}, ${keepMedia}::text[], ${tx.json(mediaRows(media))}, ${note}) as removed`;
    // The admin check and the fields, as for a new post.
    if (form.fileFollows) await checkAsCaller(c.var.caller, (tx) => update(tx, []));
    const { post, removed } = await writeWithFiles(form, mediaField, (media) =>
      writeAsCaller(c.var.caller, async (tx) => {
        const [row] = await update(tx, media);
        return { post: (await getPostWithInfoBoxes(tx, id))?.post, removed: row.removed };
      }));
    await removeMedia(removed);
    return c.json({ post });
  } finally {
    form.close();
  }
});

postsRouter.delete("/:id", async (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  requireUser(c.var.caller);
  const removed = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ removed: string[] | null }[]>`select private.delete_post(${id}::bigint) as removed`;
    return row.removed;
  });
  await removeMedia(removed);
  return c.json({ success: true, message: "Post deleted successfully." });
});

const toggles = {
  pin: (id: number) => ({ fn: "set_post_pinned", id, on: true }),
  unpin: (id: number) => ({ fn: "set_post_pinned", id, on: false }),
  mark_important: (id: number) => ({ fn: "set_post_important", id, on: true }),
  unmark_important: (id: number) => ({ fn: "set_post_important", id, on: false }),
} as const;

postsRouter.post("/:id/:action{pin|unpin|mark_important|unmark_important}", async (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  requireUser(c.var.caller);
  const toggle = toggles[c.req.param("action") as keyof typeof toggles](id);
  const post = await writeAsCaller(c.var.caller, async (tx) => {
    if (toggle.fn === "set_post_pinned") await tx`select private.set_post_pinned(${id}::bigint, ${toggle.on})`;
    else await tx`select private.set_post_important(${id}::bigint, ${toggle.on})`;
    return (await getPostWithInfoBoxes(tx, id))?.post;
  });
  return c.json({ success: true, message: "Post successfully updated.", post });
});

