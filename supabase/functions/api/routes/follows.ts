import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { type FollowKind, followState } from "../../_shared/api/follows.ts";
import { requireUser, signedIn } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, type ReadTx, writeAsCaller } from "../db/lanes.ts";
import { fail } from "../http/errors.ts";
import { access, errors, json, newRouter } from "../http/openapi.ts";
import { pathId } from "../http/params.ts";

/**
 * /follows/{posts|tags|authors}/{id}: whether the caller follows a post (its
 * new comments), a tag or an author (their new posts), and following or
 * stopping. Personal answers, read and written as the caller (row-level
 * security keeps each member to their own rows and to posts they can read
 * and authors with a public page); the cap per kind is the database's.
 * Suspended members may follow: it writes nothing anyone else reads.
 */
export const followsRouter = newRouter();

const signInFirst = "Please sign in to follow posts, tags and authors.";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tagMessage = "A tag has 1 to 50 characters.";

interface Target {
  table: "post_follows" | "tag_follows" | "author_follows";
  column: "post_id" | "tag" | "author_id";
  value: number | string;
}

/** The thing a path names, checked as the caller may see it: 404 for a post they cannot read or an author without a public page. */
async function target(tx: ReadTx, kind: FollowKind, raw: string, mustExist: boolean): Promise<Target> {
  if (kind === "posts") {
    const id = pathId(raw, "Post not found.");
    if (mustExist && (await tx`select 1 from public.posts where id = ${id}`).length === 0) fail(404, "Post not found.");
    return { table: "post_follows", column: "post_id", value: id };
  }
  if (kind === "authors") {
    if (!uuidPattern.test(raw)) fail(404, "Author not found.");
    const id = raw.toLowerCase();
    if (mustExist) {
      const [row] = await tx<{ public: boolean }[]>`select private.has_public_contribution(${id}::uuid) as public`;
      if (!row?.public) fail(404, "Author not found.");
    }
    return { table: "author_follows", column: "author_id", value: id };
  }
  // As posts keep their tags (private.normalize_tags): trimmed and lower-case.
  const tag = raw.trim().toLowerCase();
  if (tag.length < 1 || tag.length > 50) fail(400, tagMessage);
  return { table: "tag_follows", column: "tag", value: tag };
}

async function isFollowing(tx: ReadTx, { table, column, value }: Target): Promise<boolean> {
  const rows = await tx`select 1 from ${tx(`public.${table}`)} where member_id = (select auth.uid()) and ${tx(column)} = ${value}`;
  return rows.length > 0;
}

const kinds = {
  posts: { param: "id", what: "post", example: "42", description: "The post's id.", notFound: "a post the caller cannot read" },
  tags: { param: "tag", what: "tag", example: "library", description: "The tag (case and surrounding spaces do not matter).", notFound: null },
  authors: {
    param: "id",
    what: "author",
    example: "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f",
    description: "The author's user id (a UUID), as GET /api/authors/{id}.",
    notFound: "an author without a public page",
  },
} as const;

const operationName = { posts: "Post", tags: "Tag", authors: "Author" } as const;

for (const kind of ["posts", "tags", "authors"] as const) {
  const { param, what, example, description, notFound } = kinds[kind];
  const path = `/${kind}/{${param}}`;
  const params = z.object({ [param]: z.string().meta({ description, example }) });
  const raw = (c: Context<AppEnv>) => c.req.param(param) ?? "";
  const notFoundNote = notFound ? ` 404 for ${notFound}.` : "";
  const base = { tags: ["Me"], ...access("member"), middleware: [signedIn(signInFirst)], request: { params } };

  followsRouter.openapi(
    createRoute({
      ...base,
      method: "get",
      path,
      operationId: `get${operationName[kind]}Follow`,
      summary: `Whether the caller follows this ${what}`,
      description: `A personal answer, kept out of the visitors' cached ones.${notFoundNote}`,
      responses: { 200: json(followState, `Whether the caller follows the ${what}.`), ...errors(400, 401, 404) },
    }),
    async (c) => {
      const following = await asCaller(c.var.caller, async (tx) => isFollowing(tx, await target(tx, kind, raw(c), true)));
      return c.json({ following }, 200);
    },
  );

  followsRouter.openapi(
    createRoute({
      ...base,
      method: "put",
      path,
      operationId: `follow${operationName[kind]}`,
      summary: `Follow this ${what}`,
      description:
        `${kind === "posts" ? "The caller hears of its new comments" : "The caller hears of its new posts"}. ` +
        `Following again changes nothing. At most 1,000 ${kind} per member (409).${notFoundNote}`,
      responses: { 200: json(followState, "The caller follows it."), ...errors(400, 401, 404, 409) },
    }),
    async (c) => {
      await writeAsCaller(c.var.caller, async (tx) => {
        const { table, column, value } = await target(tx, kind, raw(c), true);
        if (kind === "authors" && value === requireUser(c.var.caller)) fail(400, "You cannot follow yourself.");
        await tx`insert into ${tx(`public.${table}`)} (member_id, ${tx(column)}) values ((select auth.uid()), ${value}) on conflict do nothing`;
      });
      c.set("changed", { personal: true });
      return c.json({ following: true }, 200);
    },
  );

  followsRouter.openapi(
    createRoute({
      ...base,
      method: "delete",
      path,
      operationId: `unfollow${operationName[kind]}`,
      summary: `Stop following this ${what}`,
      description: "Stopping what one does not follow (or can no longer read) changes nothing.",
      responses: { 200: json(followState, "The caller no longer follows it."), ...errors(400, 401, 404) },
    }),
    async (c) => {
      await writeAsCaller(c.var.caller, async (tx) => {
        const { table, column, value } = await target(tx, kind, raw(c), false);
        await tx`delete from ${tx(`public.${table}`)} where member_id = (select auth.uid()) and ${tx(column)} = ${value}`;
      });
      c.set("changed", { personal: true });
      return c.json({ following: false }, 200);
    },
  );
}
