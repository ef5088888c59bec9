import { createRoute } from "@hono/zod-openapi";
import { z } from "zod";
import { confirmationSentAnswer, type Person, peoplePage, personAnswer } from "../../_shared/api/people.ts";
import { type AuthAnswer, callAuth, redirectTo } from "../auth/auth-admin.ts";
import type { Caller } from "../auth/caller.ts";
import { requireAdmin } from "../auth/guards.ts";
import { asCaller, writeAsCaller } from "../db/lanes.ts";
import { decodeCursor } from "../http/cursor.ts";
import { fail } from "../http/errors.ts";
import { access, errors, formRefused, json, newRouter, nonJsonAsEmpty } from "../http/openapi.ts";
import { pageLimit, pathUserId } from "../http/params.ts";
import { keysetPage } from "../queries/keyset.ts";

/**
 * /admin/people (mounted by adminRouter, whose guard runs first): every
 * account as admins see it, role changes, invitations and confirmation
 * e-mails sent again. Admins only: each route asks the database first, and
 * the database functions check it again and write the moderation log. Auth's
 * e-mails are sent through its API with the service key (auth/auth-admin.ts).
 */
export const adminPeopleRouter = newRouter();

adminPeopleRouter.use("*", async (c, next) => {
  await asCaller(c.var.caller, requireAdmin);
  await next();
});

// Postgres gives times as it stores them; the API gives ISO 8601 in UTC, as elsewhere.
const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
const asPerson = (person: Person): Person => ({
  ...person,
  joinedAt: iso(person.joinedAt)!,
  lastSignInAt: iso(person.lastSignInAt),
  suspendedUntil: iso(person.suspendedUntil),
});

const peopleQuery = z.object({
  q: z.string().max(200, "q can be at most 200 characters.").optional()
    .meta({ description: "Words in the name or the e-mail address (case-insensitive, anywhere in it)." }),
  role: z.enum(["member", "moderator", "admin"], { error: "role must be member, moderator or admin." }).optional(),
  state: z.enum(["active", "suspended", "unconfirmed", "invited"], {
    error: "state must be active, suspended, unconfirmed or invited.",
  }).optional(),
  limit: pageLimit(100, 50).meta({ description: "Accounts per page, 1 to 100 (50 when left out)." }),
  cursor: z.string().max(200).optional().meta({ description: "The nextCursor of the page before." }),
});

/** GET /admin/people: newest joined first, a page at a time (keyset on joining time and id). */
adminPeopleRouter.openapi(
  createRoute({
    method: "get",
    path: "/",
    operationId: "listPeople",
    tags: ["Admin"],
    summary: "Every account, with its e-mail address, role and state",
    description: "Newest joined first, a page at a time; filtered by words in the name or address, role and state.",
    ...access("admin"),
    request: { query: peopleQuery },
    responses: { 200: json(peoplePage, "A page of accounts."), ...errors(400, 401, 403) },
  }),
  async (c) => {
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
    return c.json({ people: shown.map((row) => asPerson(row.person)), nextCursor }, 200);
  },
);

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

/**
 * What the invitation e-mail (supabase/templates/invite.html) says of it: who
 * invites and to what role. GoTrue hands the invite template the user's
 * metadata as `{{ .Data }}` (supabase/auth
 * internal/mailer/templatemailer/templatemailer.go, InviteMail), and its
 * /invite stores `data` as the metadata of a new user only (internal/api/invite.go),
 * so an existing unconfirmed account gets it through the admin update. The role
 * is in words, as Go templates in the local stack have no `eq` to choose the article.
 */
function invitationMetadata(inviterName: string, role: "moderator" | "admin") {
  return { invited_by: inviterName, invited_as: role === "admin" ? "an admin" : "a moderator" };
}

// Whether the address is one and has no confirmed account are the database's rules, with its messages.
const invitation = z.object({
  email: z.string({ error: "email is required." }).max(320, "Please enter a valid e-mail address.")
    .meta({ example: "grace@example.com" }),
  role: z.enum(["moderator", "admin"], { error: "role must be moderator or admin." }),
});

/**
 * POST /admin/people/invite: the invitation is recorded (and committed, so
 * the sign-up hook Auth runs sees it), then Auth sends its invite e-mail,
 * whose link lands on /welcome/invite; if Auth cannot, the invitation goes again.
 */
adminPeopleRouter.openapi(
  createRoute({
    method: "post",
    path: "/invite",
    operationId: "invitePerson",
    tags: ["Admin"],
    summary: "Invite an address to join as a moderator or an admin",
    description: "Auth sends the invitation, whose link lands on /welcome/invite; the role is given when it is accepted " +
      "(POST /api/me/invitation). Logged.",
    ...access("admin"),
    middleware: [nonJsonAsEmpty] as const,
    request: { body: { required: true, content: { "application/json": { schema: invitation } } } },
    responses: {
      201: json(personAnswer, "The invitation was sent: the account as People shows it now."),
      ...errors(400, 401, 403, 409, 429), ...formRefused,
    },
  }),
  async (c) => {
    const { email, role } = c.req.valid("json");
    const { invitationId, existingUserId, inviterName } = await writeAsCaller(c.var.caller, async (tx) => {
      const [{ id }] = await tx<{ id: string }[]>`select private.invite_person(${email}, ${role}) as id`;
      const [row] = await tx<{ user_id: string | null; inviter_name: string }[]>`
        select i.user_id, p.display_name as inviter_name
        from public.invitations i join public.profiles p on p.id = (select auth.uid())
        where i.id = ${id}`;
      return { invitationId: id, existingUserId: row.user_id, inviterName: row.inviter_name };
    });
    const metadata = invitationMetadata(inviterName, role);
    // Someone may have signed up with this address and never confirmed it: the
    // invitation's link confirms the address, so their password must not open it.
    if (existingUserId) {
      const replaced = await callAuth("PUT", `/admin/users/${existingUserId}`, { password: unguessablePassword(), user_metadata: metadata });
      if (!replaced.ok) {
        await writeAsCaller(c.var.caller, (tx) => tx`select private.withdraw_invitation(${invitationId}::bigint)`);
        failFromAuth(replaced);
      }
    }
    const invited = await callAuth("POST", `/invite${redirectTo("/welcome/invite")}`, { email: email.trim().toLowerCase(), data: metadata });
    if (!invited.ok || typeof invited.body.id !== "string") {
      await writeAsCaller(c.var.caller, (tx) => tx`select private.withdraw_invitation(${invitationId}::bigint)`);
      failFromAuth(invited);
    }
    const userId = invited.body.id;
    await writeAsCaller(c.var.caller, (tx) => tx`select private.invitation_sent(${invitationId}::bigint, ${userId}::uuid)`);
    return c.json({ person: await readPerson(c.var.caller, userId) }, 201);
  },
);

/** A password nobody knows, for an account whose password was set by someone else. */
function unguessablePassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes));
}

const roleChange = z.object({
  role: z.enum(["member", "moderator", "admin"], { error: "role must be member, moderator or admin." }),
  reason: z.string({ error: "reason is required." }).max(500, "The reason can be at most 500 characters.")
    .meta({ description: "Why, for the moderation log." }),
});

const userIdParam = z.object({
  id: z.string().meta({ description: "The account's id (a UUID).", example: "0b6f3c1e-8d0a-4f2b-9c55-5a1f0c2e7d31" }),
});

/** POST /admin/people/{id}/role: exactly this role from now on (the database keeps one admin at least, and logs it). */
adminPeopleRouter.openapi(
  createRoute({
    method: "post",
    path: "/{id}/role",
    operationId: "setPersonRole",
    tags: ["Admin"],
    summary: "Give an account exactly this role",
    description: "member takes the team's roles away. The archive keeps one admin at least; a suspended member gets a role " +
      "only once the suspension is lifted. Logged.",
    ...access("admin"),
    middleware: [nonJsonAsEmpty] as const,
    request: { params: userIdParam, body: { required: true, content: { "application/json": { schema: roleChange } } } },
    responses: { 200: json(personAnswer, "The account as People shows it now."), ...errors(400, 401, 403, 404, 409), ...formRefused },
  }),
  async (c) => {
    const id = pathUserId(c.req.param("id"));
    const { role, reason } = c.req.valid("json");
    await writeAsCaller(c.var.caller, (tx) => tx`select private.change_role(${id}::uuid, ${role}, ${reason})`);
    return c.json({ person: await readPerson(c.var.caller, id) }, 200);
  },
);

/**
 * POST /admin/people/{id}/confirmation: the invitation again (an invitee who
 * opened it already gets a link back to it, through Auth's recovery e-mail),
 * or the sign-up confirmation again. Auth sends it inside the transaction
 * that logs it, so a failed sending logs nothing.
 */
adminPeopleRouter.openapi(
  createRoute({
    method: "post",
    path: "/{id}/confirmation",
    operationId: "resendPersonConfirmation",
    tags: ["Admin"],
    summary: "Send the invitation or the sign-up confirmation again",
    description: "An invitee gets the invitation again (or, having opened it, a link back to it); " +
      "an unconfirmed account its confirmation e-mail. Logged.",
    ...access("admin"),
    request: { params: userIdParam },
    responses: { 200: json(confirmationSentAnswer, "The e-mail was sent again."), ...errors(400, 401, 403, 404, 409, 429), ...formRefused },
  }),
  async (c) => {
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
      success: true as const,
      message: kind === "invitation" ? "The invitation was sent again." : "The confirmation e-mail was sent again.",
    }, 200);
  },
);
