import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { errorAnswer } from "../../_shared/api/errors.ts";
import {
  homePosts,
  infoBoxList,
  newPostForm,
  type Post,
  postCreated,
  postDeleted,
  postDetail,
  postFlagged,
  postPage,
  postSearchPage,
  postSources,
  postUpdated,
  postUpdateForm,
} from "../../_shared/api/posts.ts";
import type { Caller } from "../auth/caller.ts";
import { requireUser } from "../auth/guards.ts";
import { asCaller, checkAsCaller, type ReadTx, writeAsCaller, type WriteTx } from "../db/lanes.ts";
import { openPostForm, readPostFields, readPostUpdateFields } from "../forms/post-form.ts";
import { mediaRows, writeWithFiles } from "../forms/post-media.ts";
import { type Cursor, decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { pageLimit, pathId } from "../http/params.ts";
import { listFilterOptions, postListFilters, timeZone } from "../http/post-list-query.ts";
import { removeMedia, type StoredMedia } from "../media/storage.ts";
import { takesForm } from "../middleware/json-body-limit.ts";
import { getHomePosts, homeVotables, listRecentPosts } from "../queries/home.ts";
import { getPostDetail, getPostWithInfoBoxes, postDetailVotables } from "../queries/post-detail.ts";
import { listPosts, postPageVotables } from "../queries/post-list.ts";
import { noVotables, sharedRead } from "../read-cache/shared-read.ts";
import { extractNewPostSources } from "../sources/extract-job.ts";
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
export const postsRouter = newRouter();

postsRouter.route("/:id/comments", postCommentsRouter);
postsRouter.route("/:id/revisions", revisionsRouter);
postsRouter.route("/:id/suggestions", editSuggestionsRouter);
postsRouter.route("/:id/mine", mineRouter);
postsRouter.route("/:id/vote", voteRouter("post"));
postsRouter.route("/:id/report", postReportRouter);
postsRouter.route("/:id/citation", citationRouter);

const postNotFound = "Post not found.";

// What the forms' reader refuses with 415 (forms/multipart.ts, media/storage.ts), which errors() has no description for.
const notTaken = (what: string) => ({ 415: json(errorAnswer, `The body is not a multipart form, or ${what}.`) });

const postIdParams = z.object({ id: z.string().meta({ description: "The post's id.", example: "42" }) });

const tz = timeZone.meta({ description: "The visitor's IANA time zone, which decides what a day (and \"today\") is.", example: "Europe/Berlin" });

// ---------------------------------------------------------------------------
// Reading. The lists come before /:id, which would take "recent" and "all"
// for ids (app_test.ts fails should a route be shadowed).
// ---------------------------------------------------------------------------

// The visitor's time zone (tz) decides what "today" is for Recent News.
postsRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getHomePosts",
    tags: ["Posts"],
    summary: "Home: the pinned post, important posts and today's posts",
    ...access("visitor"),
    request: { query: z.object({ tz }) },
    responses: { 200: json(homePosts, "Home's posts."), ...errors(400) },
  }),
  (c) => {
    const { tz } = c.req.valid("query");
    return sharedRead(c, homeVotables, (caller) => asCaller(caller, (tx) => getHomePosts(tx, tz)));
  },
);

const cursorRequired = "cursor: Home's recentNextCursor or the previous page's nextCursor is required.";

// Home's "Show more": the rest of today's posts, after the cursor Home or the previous page gave.
const recentPostsQuery = z.object({
  tz,
  limit: pageLimit(100, 20).meta({ description: "Posts on a page, 1 to 100 (20 when left out).", example: "20" }),
  cursor: z.string({ error: cursorRequired }).min(1, cursorRequired).max(200)
    .meta({ description: "Home's recentNextCursor or the previous page's nextCursor." }),
});

postsRouter.openapi(
  createRoute({
    method: "get",
    path: "/recent",
    operationId: "listRecentPosts",
    tags: ["Posts"],
    summary: "More of today's posts (Home's \"Show more\")",
    ...access("visitor"),
    request: { query: recentPostsQuery },
    responses: { 200: json(postPage, "A page of today's posts, newest first."), ...errors(400) },
  }),
  (c) => {
    const query = c.req.valid("query");
    const cursor = decodeCursor(query.cursor) ?? fail(400, "cursor: not a cursor this API returned.");
    return sharedRead(c, postPageVotables, (caller) => asCaller(caller, (tx) => listRecentPosts(tx, query.tz, cursor, query.limit)));
  },
);

const allPostsQuery = z.object({
  ...postListFilters,
  limit: pageLimit(100, 20).meta({ description: "Posts on a page, 1 to 100 (20 when left out).", example: "20" }),
  cursor: z.string().max(200).optional().meta({ description: "The previous page's nextCursor." }),
  // Where a list by date starts: at the present, so newest first lists what has happened and oldest first what is upcoming.
  from: z.literal("now", { error: "from must be now." }).optional()
    .meta({ description: "Start at the present: newest first lists what has happened, oldest first what is upcoming." }),
}).refine((query) => !(query.from && (query.sort === "best" || query.sort === "most_upvotes")), { error: "from=now goes with sort=newest or sort=oldest." });

postsRouter.openapi(
  createRoute({
    method: "get",
    path: "/all",
    operationId: "listPosts",
    tags: ["Posts"],
    summary: "All published posts: search, filter and sort, a page at a time (the search language: docs/api.md)",
    ...access("visitor"),
    request: { query: allPostsQuery },
    responses: { 200: json(postSearchPage, "A page of published posts; a search's results with their matched words."), ...errors(400) },
  }),
  (c) => {
    const query = c.req.valid("query");
    const options = {
      ...listFilterOptions(query),
      // A list by date from the present: newest first unless oldest is asked for.
      ...(query.from ? { sort: query.sort ?? "newest" } : {}),
      cursor: decodeCursor(query.cursor) ?? (query.from ? startingNow(query.sort === "oldest") : undefined),
      limit: query.limit,
      searchDetails: true,
    };
    return sharedRead(c, postPageVotables, (caller) => asCaller(caller, (tx) => listPosts(tx, options)));
  },
);

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

postsRouter.openapi(
  createRoute({
    method: "get",
    path: "/{id}",
    operationId: "getPost",
    tags: ["Posts"],
    summary: "A post with its whole content and its info boxes",
    description: "Everyone reads a published post; its author and the team read one that is not published (with rejection_reason once rejected).",
    ...access("visitor"),
    request: { params: postIdParams },
    responses: { 200: json(postDetail, "The post and its info boxes."), ...errors(404) },
  }),
  (c) => {
    const id = pathId(c.req.valid("param").id, postNotFound);
    return sharedRead(c, postDetailVotables, (caller) => visiblePost(caller, (tx) => getPostDetail(tx, id)));
  },
);

postsRouter.openapi(
  createRoute({
    method: "get",
    path: "/{id}/info-boxes",
    operationId: "listPostInfoBoxes",
    tags: ["Posts"],
    summary: "A post's info boxes",
    ...access("visitor"),
    request: { params: postIdParams },
    responses: { 200: json(infoBoxList, "The info boxes, in order."), ...errors(404) },
  }),
  (c) => {
    const id = pathId(c.req.valid("param").id, postNotFound);
    return sharedRead(c, noVotables, async (caller) => (await visiblePost(caller, (tx) => getPostWithInfoBoxes(tx, id))).infoBoxes);
  },
);

// The URLs the post cites, with their state and archived copies.
postsRouter.openapi(
  createRoute({
    method: "get",
    path: "/{id}/sources",
    operationId: "listPostSources",
    tags: ["Posts"],
    summary: "The URLs a post cites, with their state and archived copies",
    ...access("visitor"),
    request: { params: postIdParams },
    responses: { 200: json(postSources, "Each source once: references first, then content, in the post's order."), ...errors(404) },
  }),
  (c) => {
    const id = pathId(c.req.valid("param").id, postNotFound);
    return sharedRead(c, noVotables, (caller) => visiblePost(caller, (tx) => listPostSources(tx, id)));
  },
);

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
// The two forms are documented with registerPath, not declared with
// createRoute, whose validator would read the whole body before the handler
// could stream it.

postsRouter.openAPIRegistry.registerPath({
  method: "post",
  path: "/",
  operationId: "createPost",
  tags: ["Posts"],
  summary: "Submit a post for review, with its images and videos",
  description:
    "A multipart form read as it streams: the text fields first, then the files in `media`. The post waits for review (an admin's is published at once). " +
    "One post every 5 minutes; a body larger than the upload limit is refused (413), a file of a type not taken with 415.",
  ...access("member"),
  request: { body: { required: true, content: { "multipart/form-data": { schema: newPostForm } } } },
  responses: { 201: json(postCreated, "The post is submitted."), ...errors(400, 401, 403, 413, 429), ...notTaken("a file's type is not one the archive takes") },
});

postsRouter.post("/", takesForm, async (c) => {
  requireUser(c.var.caller, "Please sign in to create a post.");
  const form = openPostForm(c.req.raw);
  try {
    const { post, mediaField } = await readPostFields(form);
    const submit = (tx: WriteTx, media: StoredMedia[]) =>
      tx<{ id: number }[]>`select private.create_post(${tx.json({ ...post, media: mediaRows(media) })}) as id`;
    if (form.fileFollows) await checkAsCaller(c.var.caller, (tx) => submit(tx, []));
    const [row] = await writeWithFiles(form, mediaField, (media) => writeAsCaller(c.var.caller, (tx) => submit(tx, media)));
    await extractNewPostSources(Number(row.id));
    return c.json({ success: true, id: Number(row.id), message: "Post submitted for review!" }, 201);
  } finally {
    form.close();
  }
});

postsRouter.openAPIRegistry.registerPath({
  method: "put",
  path: "/{id}",
  operationId: "updatePost",
  tags: ["Posts"],
  summary: "Edit a post: its author or the team while it waits for review, an admin any post",
  description:
    "A multipart form read as it streams: only the fields sent change; existing_media_urls lists the media to keep and new_media adds files. " +
    "An admin's edit of a published post becomes a revision, with `note` as its reason. Members edit 20 times an hour.",
  ...access("member"),
  request: { params: postIdParams, body: { required: true, content: { "multipart/form-data": { schema: postUpdateForm } } } },
  responses: { 200: json(postUpdated, "The post as it is now."), ...errors(400, 401, 403, 404, 409, 413, 429), ...notTaken("a new file's type is not one the archive takes") },
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

postsRouter.openapi(
  createRoute({
    method: "delete",
    path: "/{id}",
    operationId: "deletePost",
    tags: ["Posts"],
    summary: "Delete a post: an admin any post, its author while it waits for review",
    ...access("member"),
    request: { params: postIdParams },
    responses: { 200: json(postDeleted, "The post and its media are deleted."), ...errors(401, 403, 404, 409) },
  }),
  async (c) => {
    const id = pathId(c.req.valid("param").id, postNotFound);
    requireUser(c.var.caller);
    const removed = await writeAsCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ removed: string[] | null }[]>`select private.delete_post(${id}::bigint) as removed`;
      return row.removed;
    });
    await removeMedia(removed);
    return c.json({ success: true, message: "Post deleted successfully." } as const, 200);
  },
);

const toggles = {
  pin: { fn: "set_post_pinned", on: true, operationId: "pinPost", summary: "Pin a post to the top of Home (admins)" },
  unpin: { fn: "set_post_pinned", on: false, operationId: "unpinPost", summary: "Unpin a post (admins)" },
  mark_important: { fn: "set_post_important", on: true, operationId: "markPostImportant", summary: "Mark a post important (admins)" },
  unmark_important: { fn: "set_post_important", on: false, operationId: "unmarkPostImportant", summary: "Unmark an important post (admins)" },
} as const;

for (const [action, toggle] of Object.entries(toggles)) {
  postsRouter.openapi(
    createRoute({
      method: "post",
      path: `/{id}/${action}`,
      operationId: toggle.operationId,
      tags: ["Posts"],
      summary: toggle.summary,
      ...access("admin"),
      request: { params: postIdParams },
      responses: { 200: json(postFlagged, "The post as it is now."), ...errors(401, 403, 404) },
    }),
    async (c) => {
      const id = pathId(c.req.valid("param").id, postNotFound);
      requireUser(c.var.caller);
      const post = await writeAsCaller(c.var.caller, async (tx) => {
        if (toggle.fn === "set_post_pinned") await tx`select private.set_post_pinned(${id}::bigint, ${toggle.on})`;
        else await tx`select private.set_post_important(${id}::bigint, ${toggle.on})`;
        return (await getPostWithInfoBoxes(tx, id))?.post as Post;
      });
      return c.json({ success: true, message: "Post successfully updated.", post } as const, 200);
    },
  );
}
