import { Hono } from "hono";
import { z } from "zod";
import { type AuthAnswer, callAuth, redirectTo } from "../auth/auth-admin.ts";
import type { Caller } from "../auth/caller.ts";
import { requireAdmin } from "../auth/guards.ts";
import type { AppEnv } from "../context.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { pageLimit, pathUserId } from "../http/params.ts";
import { validate } from "../http/validate.ts";
import { keysetPage } from "../queries/keyset.ts";

/**
 * /admin/people (mounted by adminRouter, whose guard runs first): every
 * account as admins see it, role changes, invitations and confirmation
 * e-mails sent again. Admins only: each route asks the database first, and
 * the database functions check it again and write the moderation log. Auth's
 * e-mails are sent through its API with the service key (auth/auth-admin.ts).
 */
export const adminPeopleRouter = new Hono<AppEnv>();

adminPeopleRouter.use("*", async (c, next) => {
  await asCaller(c.var.caller, requireAdmin);
  await next();
});

/** An account as People shows it (private.person_json). */
export interface Person {
  id: string;
  displayName: string;
  email: string;
  joinedAt: string;
  lastSignInAt: string | null;
  role: "member" | "moderator" | "admin";
  state: "active" | "suspended" | "unconfirmed" | "invited";
  /** With state suspended: null means for good. */
  suspendedUntil: string | null;
  suspensionReason: string | null;
  /** The role a waiting invitation gives. */
  invitedAs: "moderator" | "admin" | null;
  counts: { posts: number; comments: number; reportsAgainst: number };
}

// Postgres gives times as it stores them; the API gives ISO 8601 in UTC, as elsewhere.
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const asPerson = (person: Person): Person => ({
  ...person,
  joinedAt: iso(person.joinedAt)!,
  lastSignInAt: iso(person.lastSignInAt),
  suspendedUntil: iso(person.suspendedUntil),
});

const peopleQuery = z.object({
  q: z.string().max(200, "q can be at most 200 characters.").optional(),
  role: z.enum(["member", "moderator", "admin"], { error: "role must be member, moderator or admin." }).optional(),
  state: z.enum(["active", "suspended", "unconfirmed", "invited"], {
    error: "state must be active, suspended, unconfirmed or invited.",
  }).optional(),
  limit: pageLimit(100, 50),
  cursor: z.string().max(200).optional(),
});

/** GET /admin/people: newest joined first, a page at a time (keyset on joining time and id). */
adminPeopleRouter.get("/", validate("query", peopleQuery), async (c) => {
  const { q, role, state, limit } = c.req.valid("query");
  const cursor = decodeCursor(c.req.valid("query").cursor);
  // This list's cursors are a time and a UUID; another list's was not given here.
  if (cursor && (typeof cursor.key !== "string" || typeof cursor.id !== "string")) fail(400, "cursor: not a cursor this API returned.");
  const rows = await asCaller(c.var.caller, (tx) =>
    tx<{ person: Person; cursor_key: string; cursor_id: string }[]>`
      select person, cursor_key, cursor_id
      from private.people_page(${q?.trim() || null}::text, ${role ?? null}::text, ${state ?? null}::text, ${limit + 1}::integer,
        ${cursor ? String(cursor.key) : null}::text, ${cursor ? String(cursor.id) : null}::uuid)`);
  const { shown, nextCursor } = keysetPage(rows, limit, (row) => ({ key: row.cursor_key, id: row.cursor_id }));
  return c.json({ people: shown.map((row) => asPerson(row.person)), nextCursor });
});

/** The account as People shows it now. */
async function readPerson(caller: Caller, id: string): Promise<Person> {
  return await asCaller(caller, async (tx) => {
    const [row] = await tx<{ person: Person }[]>`select private.person(${id}::uuid) as person`;
    return asPerson(row.person);
  });
}

/** Auth's refusals the admin can act on, in words; anything else is Auth being unavailable. */
function failFromAuth(answer: AuthAnswer): never {
  if (answer.body.code === "email_exists" || answer.body.error_code === "email_exists") fail(409, "That address already has an account.");
  if (answer.status === 400 || answer.body.code === "validation_failed" || answer.body.error_code === "validation_failed") {
    fail(400, "Please enter a valid e-mail address.");
  }
  if (answer.status === 429) fail(429, "Too many e-mails were sent just now. Please try again in a few minutes.");
  fail(503, "The e-mail could not be sent just now. Please try again in a moment.");
}

// Whether the address is one and has no confirmed account are the database's rules, with its messages.
const invitation = z.object({
  email: z.string({ error: "email is required." }).max(320, "Please enter a valid e-mail address."),
  role: z.enum(["moderator", "admin"], { error: "role must be moderator or admin." }),
});

/**
 * POST /admin/people/invite: the invitation is recorded (and committed, so
 * the sign-up hook Auth runs sees it), then Auth sends its invite e-mail,
 * whose link lands on /welcome/invite; if Auth cannot, the invitation goes again.
 */
adminPeopleRouter.post("/invite", validate("json", invitation), async (c) => {
  const { email, role } = c.req.valid("json");
  const { invitationId, existingUserId } = await writeAsCaller(c.var.caller, async (tx) => {
    const [{ id }] = await tx<{ id: string }[]>`select private.invite_person(${email}, ${role}) as id`;
    const [row] = await tx<{ user_id: string | null }[]>`select user_id from public.invitations where id = ${id}`;
    return { invitationId: id, existingUserId: row.user_id };
  });
  // Someone may have signed up with this address and never confirmed it: the
  // invitation's link confirms the address, so their password must not open it.
  if (existingUserId) {
    const replaced = await callAuth("PUT", `/admin/users/${existingUserId}`, { password: unguessablePassword() });
    if (!replaced.ok) {
      await writeAsCaller(c.var.caller, (tx) => tx`select private.withdraw_invitation(${invitationId}::bigint)`);
      failFromAuth(replaced);
    }
  }
  const invited = await callAuth("POST", `/invite${redirectTo("/welcome/invite")}`, { email: email.trim().toLowerCase() });
  if (!invited.ok || typeof invited.body.id !== "string") {
    await writeAsCaller(c.var.caller, (tx) => tx`select private.withdraw_invitation(${invitationId}::bigint)`);
    failFromAuth(invited);
  }
  const userId = invited.body.id;
  await writeAsCaller(c.var.caller, (tx) => tx`select private.invitation_sent(${invitationId}::bigint, ${userId}::uuid)`);
  return c.json({ person: await readPerson(c.var.caller, userId) }, 201);
});

/** A password nobody knows, for an account whose password was set by someone else. */
function unguessablePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}

const roleChange = z.object({
  role: z.enum(["member", "moderator", "admin"], { error: "role must be member, moderator or admin." }),
  reason: z.string({ error: "reason is required." }).max(500, "The reason can be at most 500 characters."),
});

/** POST /admin/people/{id}/role: exactly this role from now on (the database keeps one admin at least, and logs it). */
adminPeopleRouter.post("/:id/role", validate("json", roleChange), async (c) => {
  const id = pathUserId(c.req.param("id"));
  const { role, reason } = c.req.valid("json");
  await writeAsCaller(c.var.caller, (tx) => tx`select private.change_role(${id}::uuid, ${role}, ${reason})`);
  return c.json({ person: await readPerson(c.var.caller, id) });
});

/**
 * POST /admin/people/{id}/confirmation: the invitation again (an invitee who
 * opened it already gets a link back to it, through Auth's recovery e-mail),
 * or the sign-up confirmation again. Auth sends it inside the transaction
 * that logs it, so a failed sending logs nothing.
 */
adminPeopleRouter.post("/:id/confirmation", async (c) => {
  const id = pathUserId(c.req.param("id"));
  const kind = await writeAsCaller(c.var.caller, async (tx) => {
    const [row] = await tx<{ kind: "invitation" | "confirmation"; email: string; opened: boolean }[]>`
      select kind, email, opened from private.confirmation_to_resend(${id}::uuid)`;
    const sent = row.kind === "confirmation"
      ? await callAuth("POST", `/resend${redirectTo("/")}`, { type: "signup", email: row.email })
      : row.opened
      ? await callAuth("POST", `/recover${redirectTo("/welcome/invite")}`, { email: row.email })
      : await callAuth("POST", `/invite${redirectTo("/welcome/invite")}`, { email: row.email });
    if (!sent.ok) failFromAuth(sent);
    return row.kind;
  });
  return c.json({
    success: true,
    message: kind === "invitation" ? "The invitation was sent again." : "The confirmation e-mail was sent again.",
  });
});
