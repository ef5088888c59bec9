import { type Context, Hono } from "hono";
import { z } from "zod";
import { callAuth } from "../auth/auth-admin.ts";
import { requireUser } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pageLimit } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { keysetPage } from "../queries/keyset.ts";

/**
 * /me: the signed-in user's own side of the archive. Their contributions
 * (the database functions private.my_* read only the caller's rows), their
 * data as a file, and leaving. Every answer is personal: plain reads as the
 * caller, never the visitor read cache's.
 */
export const meRouter = new Hono<AppEnv>();

meRouter.use("*", async (c, next) => {
  requireUser(c.var.caller, "Please sign in first.");
  await next();
});

/**
 * GET /me: whether the caller may take part, so the SPA can say so before a
 * write fails: the 18+ confirmation and a suspension that lasts (until: an
 * ISO time, or null for good; the reason as the admin wrote it); and an
 * invitation waiting for them ({ role }, or null), so the SPA sends an
 * invitee to accept it.
 */
meRouter.get("/", async (c) => {
  const { standing, invitation } = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{
      standing: { adult_confirmed: boolean; suspension: { until: string | null; reason: string } | null };
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
  });
});

// The names' rules (trimmed, at most 60 characters, both given) and the 18+ confirmation are the database's, with its messages.
const acceptance = z.object({
  firstName: z.string({ error: "firstName must be text." }).max(200, "The first name can be at most 60 characters long."),
  lastName: z.string({ error: "lastName must be text." }).max(200, "The last name can be at most 60 characters long."),
  adultConfirmed: z.boolean({ error: "adultConfirmed must be true or false." }),
});

/**
 * POST /me/invitation: an invitee (signed in by the invite link, their
 * password set through Auth) accepts: their name, their 18+ confirmation and
 * the role they were invited as (private.accept_invitation, which logs it).
 */
meRouter.post("/invitation", validate("json", acceptance), async (c) => {
  const { firstName, lastName, adultConfirmed } = c.req.valid("json");
  const role = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ role: string }[]>`
      select private.accept_invitation(${firstName}, ${lastName}, ${adultConfirmed}) as role`;
    return row.role;
  });
  return c.json({ role });
});

// Newest first, a page at a time: `cursor` is the nextCursor of the page before.
const page = z.object({ limit: pageLimit(100, 50), cursor: z.string().max(200).optional() });

/** One page of a private.my_* list (fetching one more row says whether another page follows). */
function myList(list: "my_posts" | "my_edit_suggestions" | "my_suggestions", field: "posts" | "suggestions") {
  return async (c: Context<AppEnv, string, { out: { query: z.output<typeof page> } }>) => {
    const { limit, cursor: cursorText } = c.req.valid("query");
    const cursor = decodeCursor(cursorText);
    const rows = await asCaller(c.var.caller, (tx) =>
      tx<{ item: unknown; sort_created: string; sort_id: string }[]>`
        select item, sort_created, sort_id
        from ${tx(`private.${list}`)}(${limit + 1}, ${cursor ? String(cursor.key) : null}::text::timestamptz,
          ${list === "my_suggestions" ? tx`${cursor?.id ?? null}::uuid` : tx`${cursor?.id ?? null}::bigint`})`
    );
    const { shown, nextCursor } = keysetPage(rows, limit, (row) => ({
      key: row.sort_created,
      id: list === "my_suggestions" ? String(row.sort_id) : Number(row.sort_id),
    }));
    return c.json({ [field]: shown.map((row) => row.item), nextCursor });
  };
}

meRouter.get("/posts", validate("query", page), myList("my_posts", "posts"));
meRouter.get("/edit-suggestions", validate("query", page), myList("my_edit_suggestions", "suggestions"));
meRouter.get("/suggestions", validate("query", page), myList("my_suggestions", "suggestions"));

/** GET /me/export: everything the archive holds about the caller, as a JSON file to keep. */
meRouter.get("/export", async (c) => {
  const data = await asCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ data: Record<string, unknown> }[]>`select private.account_export() as data`;
    return row.data;
  });
  const day = new Date().toISOString().slice(0, 10);
  c.header("Content-Disposition", `attachment; filename="archive-data-${day}.json"`);
  return c.json(data);
});

// Whether it matches is the database's rule (private.confirm_account_deletion), with its message.
const deletion = z.object({ email: z.string({ error: "Type your e-mail address to confirm." }) });

/**
 * DELETE /me: the account goes, through Auth's admin API (as its own admin
 * endpoint does, so sessions and identities go with it); the database's
 * foreign keys take the profile, votes and suggestions, and keep posts and
 * comments under "Deleted user".
 */
meRouter.delete("/", validate("json", deletion), async (c) => {
  const { email } = c.req.valid("json");
  const userId = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ id: string }[]>`select private.confirm_account_deletion(${email}) as id`;
    return row.id;
  });
  const deleted = await callAuth("DELETE", `/admin/users/${encodeURIComponent(userId)}`);
  if (!deleted.ok) fail(503, "Your account could not be deleted just now. Please try again in a moment.");
  return c.json({ success: true, message: "Your account has been deleted." });
});
