import { Hono } from "hono";
import { z } from "zod";
import { decodeCursor } from "../../_shared/cursor.ts";
import { asCaller } from "../../_shared/db.ts";
import { fail } from "../../_shared/errors.ts";
import { requireUser } from "../../_shared/guards.ts";
import { removeMedia } from "../../_shared/media.ts";
import { pageLimit, parseTags, pathId } from "../../_shared/params.ts";
import { validate } from "../../_shared/validate.ts";
import type { AppEnv } from "../context.ts";
import { openPostForm, readPostFields, readPostUpdateFields } from "../forms/post-form.ts";
import { mediaRows, storeFiles } from "../forms/post-media.ts";
import { listPosts, prefixQuery } from "../queries/post-list.ts";
import { getPostWithInfoBoxes } from "../queries/post-detail.ts";

export const postsRouter = new Hono<AppEnv>();

const postNotFound = "Post not found.";
const timeZone = z.string().min(1).max(64).default("UTC");

// ---------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------

// The visitor's time zone (tz) decides what "today" is for Recent News.
postsRouter.get("/", validate("query", z.object({ tz: timeZone })), async (c) => {
  const { tz } = c.req.valid("query");
  const home = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ home: unknown }[]>`select private.home_posts(${tz}) as home`;
    return row.home;
  });
  return c.json(home);
});

const allPostsQuery = z.object({
  search: z.string().trim().max(200).optional(),
  tags: z.string().max(500).optional(),
  date: z.iso.date("date must be a day as YYYY-MM-DD.").optional().or(z.literal("").transform(() => undefined)),
  sort: z.enum(["newest", "oldest", "most_upvotes"], { error: "sort must be newest, oldest or most_upvotes." })
    .default("newest"),
  tz: timeZone,
  limit: pageLimit(100, 20),
  cursor: z.string().max(200).optional(),
});

postsRouter.get("/all", validate("query", allPostsQuery), async (c) => {
  const query = c.req.valid("query");
  const page = await asCaller(c.var.caller, (tx) =>
    listPosts(tx, {
      search: query.search && prefixQuery(query.search) ? query.search : undefined,
      tags: parseTags(query.tags),
      date: query.date,
      timeZone: query.tz,
      sort: query.sort,
      cursor: decodeCursor(query.cursor),
      limit: query.limit,
    }));
  return c.json(page);
});

postsRouter.get("/:id", async (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  const detail = await asCaller(c.var.caller, (tx) => getPostWithInfoBoxes(tx, id));
  if (!detail) fail(404, postNotFound);
  return c.json(detail);
});

postsRouter.get("/:id/info-boxes", async (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  const detail = await asCaller(c.var.caller, (tx) => getPostWithInfoBoxes(tx, id));
  if (!detail) fail(404, postNotFound);
  return c.json(detail.infoBoxes);
});

// ---------------------------------------------------------------------------
// Writing: members create (held for review); admins edit, delete, toggle
// ---------------------------------------------------------------------------

postsRouter.post("/", async (c) => {
  requireUser(c.var.caller, "Please sign in to create a post.");
  const form = openPostForm(c.req.raw);
  try {
    const { post, mediaField } = await readPostFields(form);
    const stored: string[] = [];
    const id = await asCaller(c.var.caller, async (tx) => {
      // The insert comes first so the cooldown and every rule are checked before
      // any upload; the files stream to Storage before commit, so a failed one
      // leaves no post (and a failed post removes what was stored).
      const [row] = await tx<{ id: number }[]>`select private.create_post(${tx.json(post)}) as id`;
      const media = await storeFiles(form, mediaField, stored);
      if (media.length) {
        await tx`select private.attach_submission(${row.id}::bigint, '[]'::jsonb, ${tx.json(mediaRows(media))})`;
      }
      return Number(row.id);
    }).catch(async (err) => {
      await removeMedia(stored);
      throw form.failure ?? err;
    });
    return c.json({ success: true, id, message: "Post submitted for review!" }, 201);
  } finally {
    form.close();
  }
});

postsRouter.put("/:id", async (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  requireUser(c.var.caller);
  const form = openPostForm(c.req.raw);
  try {
    const { fields, keepMedia, mediaField } = await readPostUpdateFields(form);
    const stored: string[] = [];
    const { post, removed } = await asCaller(c.var.caller, async (tx) => {
      // As for a new post: the admin check and the fields first, then the files.
      const [row] = await tx<{ removed: string[] | null }[]>`
        select private.update_post(${id}::bigint, ${tx.json(fields)}, ${keepMedia}::text[], '[]'::jsonb) as removed`;
      const media = await storeFiles(form, mediaField, stored);
      if (media.length) {
        await tx`select private.update_post(${id}::bigint, '{}'::jsonb, null, ${tx.json(mediaRows(media))})`;
      }
      const detail = await getPostWithInfoBoxes(tx, id);
      return { post: detail?.post, removed: row.removed };
    }).catch(async (err) => {
      await removeMedia(stored);
      throw form.failure ?? err;
    });
    await removeMedia(removed);
    return c.json({ post });
  } finally {
    form.close();
  }
});

postsRouter.delete("/:id", async (c) => {
  const id = pathId(c.req.param("id"), postNotFound);
  requireUser(c.var.caller);
  const removed = await asCaller(c.var.caller, async (tx) => {
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
  const post = await asCaller(c.var.caller, async (tx) => {
    if (toggle.fn === "set_post_pinned") await tx`select private.set_post_pinned(${id}::bigint, ${toggle.on})`;
    else await tx`select private.set_post_important(${id}::bigint, ${toggle.on})`;
    return (await getPostWithInfoBoxes(tx, id))?.post;
  });
  return c.json({ success: true, message: "Post successfully updated.", post });
});

