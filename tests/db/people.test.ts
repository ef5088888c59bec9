/**
 * People in the database: the admins' list of accounts (search, filters,
 * states, counts, pages), role changes that keep one admin, invitations
 * (the sign-up hook lets an invited address through; the invitee accepts
 * with a name and 18+), and confirmations to send again; each logged.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost, type TestUser } from "../support/fixtures.ts";
import { asCaller, createAdmin, createMember, createModerator, pgError } from "../support/callers.ts";

let admin: TestUser;
let moderator: TestUser;
/** Unique to this run, in every name below, so a search finds only this file's accounts. */
const tag = randomUUID().slice(0, 8);

beforeAll(async () => {
  [admin, moderator] = await Promise.all([createAdmin(), createModerator()]);
});

interface Person {
  id: string;
  displayName: string;
  email: string;
  role: string;
  state: string;
  suspendedUntil: string | null;
  suspensionReason: string | null;
  counts: { posts: number; comments: number; reportsAgainst: number };
}

async function page(
  filters: { q?: string; role?: string; state?: string; limit?: number; after?: { key: string; id: string } } = {},
): Promise<{ person: Person; cursor_key: string; cursor_id: string }[]> {
  return await asCaller(admin, (tx) =>
    tx`select person, cursor_key, cursor_id
       from private.people_page(${filters.q ?? null}, ${filters.role ?? null}, ${filters.state ?? null}, ${filters.limit ?? 50},
                                ${filters.after?.key ?? null}, ${filters.after?.id ?? null}::uuid)`);
}

const invite = (email: string, role = "moderator", as: TestUser = admin) =>
  asCaller(as, async (tx) => (await tx`select private.invite_person(${email}, ${role}) as id`)[0].id as string, { commit: true });

/** An account Auth makes for an invited address, without the 18+ confirmation. */
async function createInvitedAccount(email: string): Promise<string> {
  const id = randomUUID();
  await sql`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data, invited_at, created_at, updated_at)
            values ('00000000-0000-0000-0000-000000000000', ${id}, 'authenticated', 'authenticated', ${email}, '',
                    '{"provider":"email","providers":["email"]}', '{}', now(), now(), now())`;
  return id;
}

describe("the list of People", () => {
  let active: TestUser;
  let suspended: TestUser;
  let unconfirmed: TestUser;

  beforeAll(async () => {
    // One after the other: the list's order is the order they joined in.
    active = await createMember({ firstName: "Pia", lastName: `Active ${tag}` });
    suspended = await createMember({ firstName: "Sol", lastName: `Suspended ${tag}` });
    unconfirmed = await createMember({ firstName: "Uma", lastName: `Unconfirmed ${tag}` });
    await sql`update public.profiles set suspended_until = now() + interval '3 days', suspension_reason = 'Spam' where id = ${suspended.id}`;
    await sql`update auth.users set email_confirmed_at = null where id = ${unconfirmed.id}`;
    const postId = await createPost(active);
    await createPost(active, { status: "pending" });
    const commentId = await createComment(active, postId);
    const reporters = await Promise.all([createMember(), createMember(), createMember()]);
    await sql`insert into public.reports (reporter_id, post_id, reason) values (${reporters[0].id}, ${postId}, 'spam')`;
    await sql`insert into public.reports (reporter_id, post_id, comment_id, reason) values (${reporters[1].id}, ${postId}, ${commentId}, 'spam')`;
    await sql`insert into public.reports (reporter_id, post_id, reason, status) values (${reporters[2].id}, ${postId}, 'spam', 'dismissed')`;
  });

  it("finds accounts by name or e-mail, whatever the case, newest joined first", async () => {
    const byName = await page({ q: tag.toUpperCase() });
    expect(byName.map((row) => row.person.id)).toEqual([unconfirmed.id, suspended.id, active.id]);
    expect((await page({ q: active.email.toUpperCase() })).map((row) => row.person.id)).toEqual([active.id]);
  });

  it("says each one's state, role, suspension and counts (reports not dismissed)", async () => {
    const people = Object.fromEntries((await page({ q: tag })).map((row) => [row.person.id, row.person]));
    expect(people[active.id]).toMatchObject({
      displayName: `Pia Active ${tag}`,
      email: active.email,
      role: "member",
      state: "active",
      suspendedUntil: null,
      counts: { posts: 2, comments: 1, reportsAgainst: 2 },
    });
    expect(people[suspended.id]).toMatchObject({ state: "suspended", suspensionReason: "Spam" });
    expect(new Date(people[suspended.id].suspendedUntil!).getTime()).toBeGreaterThan(Date.now());
    expect(people[unconfirmed.id].state).toBe("unconfirmed");
  });

  it("filters by role and by state", async () => {
    expect((await page({ q: tag, state: "suspended" })).map((row) => row.person.id)).toEqual([suspended.id]);
    expect((await page({ q: tag, role: "moderator" }))).toEqual([]);
    const moderators = await page({ q: moderator.email, role: "moderator" });
    expect(moderators.map((row) => row.person.role)).toEqual(["moderator"]);
  });

  it("takes like's wildcards in a search as plain characters", async () => {
    expect(await page({ q: `${tag}%_` })).toEqual([]);
  });

  it("pages by the cursor of the last account shown", async () => {
    const first = await page({ q: tag, limit: 2 });
    const last = first.at(-1)!;
    const rest = await page({ q: tag, limit: 2, after: { key: last.cursor_key, id: last.cursor_id } });
    expect([...first, ...rest].map((row) => row.person.id)).toEqual([unconfirmed.id, suspended.id, active.id]);
  });

  it("refuses bad filters and everyone but admins", async () => {
    expect(await pgError(asCaller(admin, (tx) => tx`select * from private.people_page(null, 'owner', null, 10)`)))
      .toEqual({ code: "PT400", message: "role must be member, moderator or admin." });
    for (const who of [moderator, active]) {
      expect(await pgError(asCaller(who, (tx) => tx`select * from private.people_page(null, null, null, 10)`)))
        .toEqual({ code: "PT403", message: "Admin access required." });
    }
  });
});

describe("changing a role", () => {
  const changeRole = (as: TestUser, who: TestUser, role: string, reason: string | null = "Reviews carefully") =>
    asCaller(as, (tx) => tx`select private.change_role(${who.id}, ${role}, ${reason})`, { commit: true });

  it("gives exactly the role, logged with who, from, to and why", async () => {
    const member = await createMember({ firstName: "Rae", lastName: "Promoted" });
    await changeRole(admin, member, "moderator");
    await changeRole(admin, member, "admin");
    expect(await sql`select role::text from public.user_roles where user_id = ${member.id}`).toEqual([{ role: "admin" }]);
    await changeRole(admin, member, "member");
    expect(await sql`select role from public.user_roles where user_id = ${member.id}`).toEqual([]);
    const logged = await sql`select actor_id, details from public.moderation_log
                             where action = 'change_role' and details ->> 'user_id' = ${member.id} order by id`;
    expect(logged.map((row) => [row.details.from, row.details.to])).toEqual([["member", "moderator"], ["moderator", "admin"], ["admin", "member"]]);
    expect(logged[0]).toEqual({
      actor_id: admin.id,
      details: { user_id: member.id, user_name: "Rae Promoted", from: "member", to: "moderator", reason: "Reviews carefully" },
    });
  });

  it("needs a reason and a role there is, and changes nothing without", async () => {
    const member = await createMember();
    expect(await pgError(changeRole(admin, member, "moderator", "  "))).toEqual({ code: "PT400", message: "Please give the reason for the change of role." });
    expect(await pgError(changeRole(admin, member, "owner"))).toEqual({ code: "PT400", message: "role must be member, moderator or admin." });
    expect(await sql`select role from public.user_roles where user_id = ${member.id}`).toEqual([]);
  });

  it("never removes the last admin", async () => {
    const lastAdmin = await createAdmin();
    // Alone among admins inside this transaction only (rolled back), as on a new archive.
    const refused = asCaller(lastAdmin, async (tx) => {
      await tx`select set_config('role', 'postgres', true)`;
      await tx`delete from public.user_roles where role = 'admin' and user_id <> ${lastAdmin.id}`;
      await tx`select set_config('role', 'authenticated', true)`;
      await tx`select private.change_role(${lastAdmin.id}, 'moderator', 'Stepping back')`;
    });
    expect(await pgError(refused)).toEqual({ code: "PT409", message: "The archive needs at least one admin." });
    expect(await sql`select role::text from public.user_roles where user_id = ${lastAdmin.id}`).toEqual([{ role: "admin" }]);
  });

  it("gives a suspended member no role until the suspension is lifted", async () => {
    const member = await createMember();
    await sql`update public.profiles set suspended_until = 'infinity', suspension_reason = 'Spam' where id = ${member.id}`;
    expect(await pgError(changeRole(admin, member, "moderator")))
      .toEqual({ code: "PT409", message: "Lift this member's suspension before giving them a role." });
  });

  it("is for admins only", async () => {
    const member = await createMember();
    expect(await pgError(changeRole(moderator, member, "moderator"))).toEqual({ code: "PT403", message: "Admin access required." });
  });
});

describe("invitations", () => {
  it("refuse a bad address, an address with a confirmed account, and a role other than moderator or admin", async () => {
    expect(await pgError(invite("not an address"))).toEqual({ code: "PT400", message: "Please enter a valid e-mail address." });
    const member = await createMember();
    expect(await pgError(invite(member.email.toUpperCase()))).toEqual({ code: "PT409", message: "That address already has an account." });
    expect(await pgError(invite(`x-${tag}@test.example.com`, "member")))
      .toEqual({ code: "PT400", message: "An invitation is for a moderator or an admin." });
    expect(await pgError(invite(`y-${tag}@test.example.com`, "moderator", moderator))).toEqual({ code: "PT403", message: "Admin access required." });
  });

  it("wait once per address: inviting again replaces the role", async () => {
    const email = `again-${tag}@test.example.com`;
    const first = await invite(` ${email.toUpperCase()} `);
    const second = await invite(email, "admin");
    expect(second).toBe(first);
    expect(await sql`select email, role::text from public.invitations where email = ${email}`).toEqual([{ email, role: "admin" }]);
  });

  it("let an invited address past the sign-up hook without the 18+ confirmation, and no other", async () => {
    const email = `hook-${tag}@test.example.com`;
    await invite(email);
    const hook = (address: string, metadata: Record<string, boolean> = {}) =>
      sql.begin(async (tx) => {
        await tx`set local role supabase_auth_admin`;
        const event = { metadata: { name: "before-user-created" }, user: { email: address, user_metadata: metadata } };
        return (await tx`select private.before_user_created(${tx.json(event)}) as result`)[0].result;
      });
    expect(await hook(email.toUpperCase())).toEqual({});
    expect(await hook(`stranger-${tag}@test.example.com`))
      .toEqual({ error: { http_code: 400, message: "You must be 18 or older to create an account." } });
    expect(await hook(`adult-${tag}@test.example.com`, { adult_confirmed: true })).toEqual({});
  });

  it("are the account's once Auth makes it, which People shows as invited", async () => {
    const email = `linked-${tag}@test.example.com`;
    const invitationId = await invite(email);
    const userId = await createInvitedAccount(email);
    expect((await sql`select user_id from public.invitations where id = ${invitationId}`)[0].user_id).toBe(userId);
    const [row] = await page({ q: email });
    expect(row.person).toMatchObject({ id: userId, state: "invited", role: "member" });
  });

  it("are accepted once by the invitee, with their name and 18+, giving the role; logged", async () => {
    const email = `accept-${tag}@test.example.com`;
    await invite(email, "admin");
    const userId = await createInvitedAccount(email);
    const invitee = { id: userId, email, firstName: "", lastName: "" };
    expect(await asCaller(invitee, (tx) => tx`select private.my_invitation() as invitation`)).toEqual([{ invitation: { role: "admin" } }]);

    const accept = (first: string, last: string, adult: boolean) =>
      asCaller(invitee, (tx) => tx`select private.accept_invitation(${first}, ${last}, ${adult}) as role`, { commit: true });
    expect(await pgError(accept("Ivy", "Vale", false))).toEqual({ code: "PT400", message: "You must be 18 or older to create an account." });
    expect(await pgError(accept(" ", "Vale", true))).toEqual({ code: "PT400", message: "Please enter your first and last name." });
    expect(await pgError(accept("I".repeat(61), "Vale", true))).toEqual({ code: "PT400", message: "The first name can be at most 60 characters long." });
    expect(await accept(" Ivy ", "Vale", true)).toEqual([{ role: "admin" }]);

    expect(await sql`select display_name, adult_confirmed from public.profiles where id = ${userId}`)
      .toEqual([{ display_name: "Ivy Vale", adult_confirmed: true }]);
    expect(await sql`select role::text from public.user_roles where user_id = ${userId}`).toEqual([{ role: "admin" }]);
    expect(await asCaller(invitee, (tx) => tx`select private.my_invitation() as invitation`)).toEqual([{ invitation: null }]);
    const [log] = await sql`select actor_id, details from public.moderation_log where action = 'accept_invitation' and actor_id = ${userId}`;
    expect(log.details).toEqual({ user_id: userId, user_name: "Ivy Vale", role: "admin" });
    expect(await pgError(accept("Ivy", "Vale", true))).toEqual({ code: "PT404", message: "There is no invitation waiting for this account." });
  });

  it("are read by admins only", async () => {
    const email = `read-${tag}@test.example.com`;
    const invitationId = await invite(email);
    expect(await asCaller(admin, (tx) => tx`select email from public.invitations where id = ${invitationId}`)).toEqual([{ email }]);
    expect(await asCaller(moderator, (tx) => tx`select email from public.invitations where id = ${invitationId}`)).toEqual([]);
  });
});

describe("confirmations sent again", () => {
  const toResend = (who: string) => asCaller(admin, (tx) => tx`select kind, email, opened from private.confirmation_to_resend(${who})`, { commit: true });

  it("are the sign-up confirmation for an unconfirmed address, the invitation for an invitee; logged", async () => {
    const unconfirmed = await createMember({ lastName: "Unconfirmed" });
    await sql`update auth.users set email_confirmed_at = null where id = ${unconfirmed.id}`;
    expect(await toResend(unconfirmed.id)).toEqual([{ kind: "confirmation", email: unconfirmed.email, opened: false }]);

    const email = `resend-${tag}@test.example.com`;
    await invite(email);
    const invitee = await createInvitedAccount(email);
    expect(await toResend(invitee)).toEqual([{ kind: "invitation", email, opened: false }]);
    await sql`update auth.users set email_confirmed_at = now() where id = ${invitee}`;
    expect(await toResend(invitee)).toEqual([{ kind: "invitation", email, opened: true }]);

    const logged = await sql`select details ->> 'kind' as kind from public.moderation_log
                             where action = 'resend_confirmation' and details ->> 'user_id' in (${unconfirmed.id}, ${invitee}) order by id`;
    expect(logged.map((row) => row.kind)).toEqual(["confirmation", "invitation", "invitation"]);
  });

  it("are refused for a confirmed account, and for anyone but admins", async () => {
    const member = await createMember();
    expect(await pgError(toResend(member.id))).toEqual({ code: "PT409", message: "This address is already confirmed." });
    expect(await pgError(asCaller(moderator, (tx) => tx`select * from private.confirmation_to_resend(${member.id})`)))
      .toEqual({ code: "PT403", message: "Admin access required." });
  });
});
