import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import {
  accountDeleted,
  type AccountExport,
  accountExport,
  type AcceptedInvitation,
  acceptedInvitation,
  meAnswer,
  type MyEditSuggestion,
  myEditSuggestionsPage,
  type MyPost,
  myPostsPage,
  type MySuggestion,
  mySuggestionsPage,
  type MyWithdrawnPost,
  myWithdrawnPosts,
} from "../../_shared/api/me.ts";
import { callAuth } from "../auth/auth-admin.ts";
import { requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, jsonBody, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pageLimit } from "../http/params.ts";
import { keysetPage } from "../queries/keyset.ts";
import { meFollowingRouter } from "./me-following.ts";

/**
 * /me: the signed-in user's own side of the archive. Their contributions
 * (the database functions private.my_* read only the caller's rows), their
 * data as a file, and leaving. Every answer is personal: plain reads as the
 * caller, never the visitor read cache's.
 */
export const meRouter = newRouter();

meRouter.use("*", async (c, next) => {
  requireUser(c.var.caller, "Please sign in first.");
  await next();
});

// What the caller follows and how they hear of things: a file of its own.
meRouter.route("/", meFollowingRouter);

meRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "getMe",
    tags: ["Me"],
    summary: "Whether the caller may take part, and an invitation waiting for them",
    description:
      "The 18+ confirmation and a suspension that lasts (until an ISO time, or null for good), so the SPA can say so before a write fails; " +
      "and an invitation to the team waiting to be accepted.",
    ...access("member"),
    responses: { 200: json(meAnswer, "The caller's standing."), ...errors(401) },
  }),
  async (c) => {
    const { standing, invitation } = await asCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{
        standing: { adult_confirmed: boolean; suspension: { until: string | null; reason: string | null } | null };
        invitation: { role: "moderator" | "admin" } | null;
      }[]>`
        select private.my_standing() as standing, private.my_invitation() as invitation`;
      return row;
    });
    const { suspension } = standing;
    return c.json({
      adultConfirmed: standing.adult_confirmed,
      suspension: suspension && { until: suspension.until && new Date(suspension.until).toISOString(), reason: suspension.reason },
      invitation,
    }, 200);
  },
);

// The names' rules (trimmed, at most 60 characters, both given) and the 18+ confirmation are the database's, with its messages.
const acceptance = z.object({
  firstName: z.string({ error: "firstName must be text." }).max(200, "The first name can be at most 60 characters long."),
  lastName: z.string({ error: "lastName must be text." }).max(200, "The last name can be at most 60 characters long."),
  adultConfirmed: z.boolean({ error: "adultConfirmed must be true or false." }),
}).meta({ example: { firstName: "Ada", lastName: "Lovelace", adultConfirmed: true } });

/**
 * POST /me/invitation: an invitee (signed in by the invite link, their
 * password set through Auth) accepts: their name, their 18+ confirmation and
 * the role they were invited as (private.accept_invitation, which logs it).
 */
meRouter.openapi(
  createRoute({
    method: "post",
    path: "/invitation",
    operationId: "acceptInvitation",
    tags: ["Me"],
    summary: "Accept the invitation to the team waiting for the caller",
    description:
      "An invitee, signed in by the invite link, gives their name (1 to 60 characters each) and confirms they are 18 or older; " +
      "they get the role they were invited as. 404 when no invitation waits; 409 while the account is suspended.",
    ...access("member"),
    middleware: [nonJsonAsEmpty] as const,
    request: { body: jsonBody(acceptance) },
    responses: { 200: json(acceptedInvitation, "The invitation is accepted: the caller's new role."), ...errors(400, 401, 404, 409, 413), ...formRefused },
  }),
  async (c) => {
    const { firstName, lastName, adultConfirmed } = c.req.valid("json");
    const role = await writeAsCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ role: AcceptedInvitation["role"] }[]>`
        select private.accept_invitation(${firstName}, ${lastName}, ${adultConfirmed}) as role`;
      return row.role;
    });
    return c.json({ role }, 200);
  },
);

// Newest first, a page at a time: `cursor` is the nextCursor of the page before.
const page = z.object({
  limit: pageLimit(100, 50).meta({ description: "Items on the page, 1 to 100 (50 when left out).", example: "50" }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page before." }),
});

/** One page of a private.my_* list (fetching one more row says whether another page follows). */
async function myList<Item>(
  c: Context<AppEnv>,
  list: "my_posts" | "my_edit_suggestions" | "my_suggestions",
  { limit, cursor: cursorText }: z.output<typeof page>,
): Promise<{ items: Item[]; nextCursor: string | null }> {
  const cursor = decodeCursor(cursorText);
  const rows = await asCaller(c.var.caller, (tx) =>
    tx<{ item: Item; sort_created: string; sort_id: string }[]>`
      select item, sort_created, sort_id
      from ${tx(`private.${list}`)}(${limit + 1}, ${cursor ? String(cursor.key) : null}::text::timestamptz,
        ${list === "my_suggestions" ? tx`${cursor?.id ?? null}::uuid` : tx`${cursor?.id ?? null}::bigint`})`
  );
  const { shown, nextCursor } = keysetPage(rows, limit, (row) => ({
    key: row.sort_created,
    id: list === "my_suggestions" ? String(row.sort_id) : Number(row.sort_id),
  }));
  return { items: shown.map((row) => row.item), nextCursor };
}

const listRoute = (path: string, operationId: string, summary: string) => ({
  method: "get" as const,
  path,
  operationId,
  tags: ["Me"],
  summary,
  ...access("member"),
  request: { query: page },
});

meRouter.openapi(
  createRoute({
    ...listRoute("/posts", "listMyPosts", "The caller's own posts, whatever their state, newest first"),
    description: "Pending, published and rejected, each with its review: when, and why a rejected post was not accepted.",
    responses: { 200: json(myPostsPage, "A page of the caller's posts."), ...errors(400, 401) },
  }),
  async (c) => {
    const { items, nextCursor } = await myList<MyPost>(c, "my_posts", c.req.valid("query"));
    return c.json({ posts: items, nextCursor }, 200);
  },
);

meRouter.openapi(
  createRoute({
    ...listRoute("/edit-suggestions", "listMyEditSuggestions", "The caller's own edit suggestions, newest first"),
    responses: { 200: json(myEditSuggestionsPage, "A page of the caller's edit suggestions."), ...errors(400, 401) },
  }),
  async (c) => {
    const { items, nextCursor } = await myList<MyEditSuggestion>(c, "my_edit_suggestions", c.req.valid("query"));
    return c.json({ suggestions: items, nextCursor }, 200);
  },
);

meRouter.openapi(
  createRoute({
    ...listRoute("/suggestions", "listMySuggestions", "The caller's own general suggestions, newest first"),
    responses: { 200: json(mySuggestionsPage, "A page of the caller's suggestions."), ...errors(400, 401) },
  }),
  async (c) => {
    const { items, nextCursor } = await myList<MySuggestion>(c, "my_suggestions", c.req.valid("query"));
    return c.json({ suggestions: items, nextCursor }, 200);
  },
);

meRouter.openapi(
  createRoute({
    method: "get",
    path: "/withdrawn-posts",
    operationId: "listMyWithdrawnPosts",
    tags: ["Me"],
    summary: "The posts the caller withdrew before review, most recently withdrawn first",
    description: "Only the title and when each was sent and withdrawn are kept; the newest 100.",
    ...access("member"),
    responses: { 200: json(myWithdrawnPosts, "The caller's withdrawn posts."), ...errors(401) },
  }),
  async (c) => {
    const posts = await asCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ posts: MyWithdrawnPost[] }[]>`select private.my_withdrawn_posts() as posts`;
      return row.posts;
    });
    return c.json({ posts }, 200);
  },
);

/** GET /me/export: everything the archive holds about the caller, as a JSON file to keep. */
meRouter.openapi(
  createRoute({
    method: "get",
    path: "/export",
    operationId: "exportMyData",
    tags: ["Me"],
    summary: "Everything the archive holds about the caller, as a JSON file",
    ...access("member"),
    responses: {
      200: {
        ...json(accountExport, "The caller's data, as an attachment (archive-data-YYYY-MM-DD.json)."),
        headers: { "Content-Disposition": { description: "attachment, with the file's name.", schema: { type: "string" } } },
      },
      ...errors(401),
    },
  }),
  async (c) => {
    const data = await asCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ data: AccountExport }[]>`select private.account_export() as data`;
      return row.data;
    });
    const day = new Date().toISOString().slice(0, 10);
    c.header("Content-Disposition", `attachment; filename="archive-data-${day}.json"`);
    return c.json(data, 200);
  },
);

// Whether it matches is the database's rule (private.confirm_account_deletion), with its message.
const deletion = z.object({ email: z.string({ error: "Type your e-mail address to confirm." }) })
  .meta({ example: { email: "ada@example.org" } });

/**
 * DELETE /me: the account goes, through Auth's admin API (as its own admin
 * endpoint does, so sessions and identities go with it); the database's
 * foreign keys take the profile, votes and suggestions, and keep posts and
 * comments under "Deleted user".
 */
meRouter.openapi(
  createRoute({
    method: "delete",
    path: "/",
    operationId: "deleteMyAccount",
    tags: ["Me"],
    summary: "Delete the caller's account",
    description:
      "The caller types their e-mail address to confirm. Their profile, votes and suggestions go; their posts and comments stay under \"Deleted user\".",
    ...access("member"),
    middleware: [nonJsonAsEmpty] as const,
    request: { body: jsonBody(deletion) },
    responses: { 200: json(accountDeleted, "The account is deleted."), ...errors(400, 401, 413), ...formRefused },
  }),
  async (c) => {
    const { email } = c.req.valid("json");
    const userId = await writeAsCaller(c.var.caller, async (tx) => {
      const [row] = await tx<{ id: string }[]>`select private.confirm_account_deletion(${email}) as id`;
      return row.id;
    });
    const deleted = await callAuth("DELETE", `/admin/users/${encodeURIComponent(userId)}`);
    if (!deleted.ok) fail(503, "Your account could not be deleted just now. Please try again in a moment.");
    return c.json({ success: true as const, message: "Your account has been deleted." }, 200);
  },
);
