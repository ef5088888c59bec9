/**
 * People over HTTP: the admins' list, invitations (the e-mail in the mail
 * catcher, its link, accepting it at /api/me/invitation), role changes,
 * confirmations sent again, and a moderator's suspensions (at most 30 days).
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { newClient } from "../../local-stack/test/env.ts";
import { latestMailTo, mailCount, verifyLinkIn } from "../../local-stack/test/mailpit.ts";
import { sql } from "../support/database.ts";
import { api, createAdmin, createMember, createModerator, type SignedInUser } from "../support/api.ts";

let admin: SignedInUser;
let moderator: SignedInUser;
let member: SignedInUser;
const tag = randomUUID().slice(0, 8);
const addressOf = (name: string) => `${name}-${tag}@test.example.com`;

beforeAll(async () => {
  [admin, moderator, member] = await Promise.all([createAdmin(), createModerator(), createMember({ lastName: `People ${tag}` })]);
});

const invite = (email: string, role = "moderator", token = admin.token) =>
  api("POST", "/api/admin/people/invite", { token, json: { email, role } });

/** The invitation e-mail's words, on one line. */
const invitationText = async (email: string) => (await latestMailTo(email)).Text.replace(/\s+/g, " ");

/** The invitation e-mail names who invites and to what, and what its link opens. */
async function expectInvitationWords(email: string, inviter: SignedInUser, role: string) {
  const [{ display_name }] = await sql<{ display_name: string }[]>`select display_name from public.profiles where id = ${inviter.id}`;
  const text = await invitationText(email);
  expect(text).toContain(`${display_name} has invited you to join the team of The Community Archive as ${role}.`);
  expect(text).toContain(`opens the page "Join the team", where you choose the name others will see and a password.`);
}

/** Signs the invitee in by the link in their invitation, as the browser would. */
async function openInvitation(email: string): Promise<{ token: string; link: URL }> {
  const link = new URL(verifyLinkIn(await latestMailTo(email)));
  const { data, error } = await newClient().auth.verifyOtp({ type: "invite", token_hash: link.searchParams.get("token") ?? "" });
  if (error || !data.session) throw error ?? new Error("the invitation signed nobody in");
  return { token: data.session.access_token, link };
}

describe("GET /api/admin/people", () => {
  it("lists an account with everything People shows", async () => {
    const res = await api("GET", `/api/admin/people?q=${encodeURIComponent(`people ${tag}`)}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      people: [{
        id: member.id,
        displayName: `Test People ${tag}`,
        email: member.email,
        joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        lastSignInAt: expect.stringMatching(/Z$/),
        role: "member",
        state: "active",
        suspendedUntil: null,
        suspensionReason: null,
        invitedAs: null,
        counts: { posts: 0, comments: 0, reportsAgainst: 0 },
      }],
      nextCursor: null,
    });
  });

  it("filters by role and state and pages with the cursor it gives", async () => {
    const first = await api("GET", "/api/admin/people?role=admin&limit=1", { token: admin.token });
    expect(first.body.people).toHaveLength(1);
    expect(first.body.people[0].role).toBe("admin");
    const next = await api("GET", `/api/admin/people?role=admin&limit=1&cursor=${first.body.nextCursor}`, { token: admin.token });
    expect(next.status).toBe(200);
    expect(next.body.people[0].id).not.toBe(first.body.people[0].id);
    expect(new Date(next.body.people[0].joinedAt).getTime()).toBeLessThanOrEqual(new Date(first.body.people[0].joinedAt).getTime());
  });

  it("refuses bad filters with a 400 and anyone but an admin", async () => {
    for (const query of ["role=owner", "state=gone", "limit=101", "cursor=nonsense"]) {
      const res = await api("GET", `/api/admin/people?${query}`, { token: admin.token });
      expect(res.status, query).toBe(400);
    }
    for (const token of [moderator.token, member.token]) {
      const res = await api("GET", "/api/admin/people", { token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("You must be an admin to do that.");
    }
    expect((await api("GET", "/api/admin/people")).status).toBe(401);
  });
});

describe("an invitation", () => {
  it("arrives by e-mail, and the invitee accepts it with their name and 18+, arriving with the role", async () => {
    const email = addressOf("invitee");
    const res = await invite(email);
    expect(res.status).toBe(201);
    expect(res.body.person).toMatchObject({ email, state: "invited", role: "member", invitedAs: "moderator" });
    await expectInvitationWords(email, admin, "a moderator");

    const { token, link } = await openInvitation(email);
    expect(link.searchParams.get("type")).toBe("invite");
    expect(link.searchParams.get("redirect_to")).toMatch(/\/welcome\/invite$/);
    expect((await api("GET", "/api/me", { token })).body).toMatchObject({ adultConfirmed: false, invitation: { role: "moderator" } });

    const refused = await api("POST", "/api/me/invitation", { token, json: { firstName: "Noor", lastName: "Vega", adultConfirmed: false } });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe("You must be 18 or older to create an account.");

    const accepted = await api("POST", "/api/me/invitation", { token, json: { firstName: "Noor", lastName: "Vega", adultConfirmed: true } });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ role: "moderator" });
    expect((await api("GET", "/api/me", { token })).body).toMatchObject({ adultConfirmed: true, invitation: null });
    expect((await api("GET", `/api/role?uid=${res.body.person.id}`, { token })).body).toEqual({ role: "moderator", roles: ["moderator"] });
    // As a moderator now, they review: the queue opens for them.
    expect((await api("GET", "/api/admin/pending-posts", { token })).status).toBe(200);

    const listed = await api("GET", `/api/admin/people?q=${encodeURIComponent(email)}`, { token: admin.token });
    expect(listed.body.people[0]).toMatchObject({ displayName: "Noor Vega", role: "moderator", state: "active" });
    const again = await api("POST", "/api/me/invitation", { token, json: { firstName: "Noor", lastName: "Vega", adultConfirmed: true } });
    expect(again.status).toBe(404);
    expect(again.body.error).toBe("There is no invitation waiting for this account.");
  });

  it("is refused for a bad address or one with a confirmed account, sending nothing", async () => {
    const bad = await invite("not-an-address");
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Please enter a valid e-mail address.");
    const taken = await invite(member.email);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("That address already has an account.");
    expect(await mailCount(member.email)).toBe(1);
    expect((await invite(addressOf("by-moderator"), "moderator", moderator.token)).status).toBe(403);
    expect(await sql`select 1 from public.invitations where email = ${addressOf("by-moderator")}`).toEqual([]);
  });

  it("can be sent again, and a member with no invitation cannot accept one", async () => {
    const email = addressOf("resent");
    const { body } = await invite(email, "admin");
    await latestMailTo(email);
    const res = await api("POST", `/api/admin/people/${body.person.id}/confirmation`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "The invitation was sent again." });
    expect(await mailCount(email)).toBe(2);

    const stranger = await api("POST", "/api/me/invitation", { token: member.token, json: { firstName: "A", lastName: "B", adultConfirmed: true } });
    expect(stranger.status).toBe(404);
  });

  it("takes an address from someone who signed up with it and never confirmed it: their password no longer opens it", async () => {
    const email = addressOf("claimed");
    const signedUp = await newClient().auth.signUp({
      email,
      password: "stranger-password-1",
      options: { data: { first_name: "Not", last_name: "Them", adult_confirmed: true } },
    });
    if (signedUp.error || !signedUp.data.user) throw signedUp.error ?? new Error("no user");
    await latestMailTo(email);
    const res = await invite(email);
    expect(res.status).toBe(201);
    expect(res.body.person).toMatchObject({ id: signedUp.data.user.id, state: "invited" });
    await expectInvitationWords(email, admin, "a moderator");

    await openInvitation(email);
    const stranger = await newClient().auth.signInWithPassword({ email, password: "stranger-password-1" });
    expect(stranger.error?.message).toBe("Invalid login credentials");
  });
});

describe("POST /api/admin/people/{id}/role", () => {
  it("changes the role, answering the person, and needs a reason", async () => {
    const target = await createMember();
    const res = await api("POST", `/api/admin/people/${target.id}/role`, { token: admin.token, json: { role: "moderator", reason: "Reviews well" } });
    expect(res.status).toBe(200);
    expect(res.body.person).toMatchObject({ id: target.id, role: "moderator" });
    const [log] = await sql`select details from public.moderation_log where action = 'change_role' and details ->> 'user_id' = ${target.id}`;
    expect(log.details).toMatchObject({ from: "member", to: "moderator", reason: "Reviews well" });

    const noReason = await api("POST", `/api/admin/people/${target.id}/role`, { token: admin.token, json: { role: "admin", reason: "" } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe("Please give the reason for the change of role.");
    expect((await api("POST", `/api/admin/people/${target.id}/role`, { token: admin.token, json: { role: "owner", reason: "x" } })).status).toBe(400);
    expect((await api("POST", `/api/admin/people/not-an-id/role`, { token: admin.token, json: { role: "admin", reason: "x" } })).status).toBe(404);
    expect((await api("POST", `/api/admin/people/${randomUUID()}/role`, { token: admin.token, json: { role: "admin", reason: "x" } })).status).toBe(404);
    expect((await api("POST", `/api/admin/people/${target.id}/role`, { token: moderator.token, json: { role: "admin", reason: "x" } })).status)
      .toBe(403);
  });
});

describe("POST /api/admin/people/{id}/confirmation", () => {
  it("sends the sign-up confirmation again to an unconfirmed address, and refuses a confirmed one", async () => {
    const email = addressOf("unconfirmed");
    const { data, error } = await newClient().auth.signUp({
      email,
      password: "test-password-1",
      options: { data: { first_name: "Una", last_name: "Waiting", adult_confirmed: true } },
    });
    if (error || !data.user) throw error ?? new Error("no user");
    await latestMailTo(email);
    // Auth sends an address one confirmation at a time (its max_frequency), and says so: as if one had just gone.
    await sql`update auth.users set confirmation_sent_at = now() + interval '1 minute' where id = ${data.user.id}`;
    const tooSoon = await api("POST", `/api/admin/people/${data.user.id}/confirmation`, { token: admin.token });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toBe("Too many e-mails were sent just now. Please try again in a few minutes.");
    expect(await sql`select 1 from public.moderation_log where action = 'resend_confirmation' and details ->> 'user_id' = ${data.user.id}`)
      .toEqual([]);
    await sql`update auth.users set confirmation_sent_at = now() - interval '2 minutes' where id = ${data.user.id}`;
    const res = await api("POST", `/api/admin/people/${data.user.id}/confirmation`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "The confirmation e-mail was sent again." });
    expect(await mailCount(email)).toBe(2);

    const confirmed = await api("POST", `/api/admin/people/${member.id}/confirmation`, { token: admin.token });
    expect(confirmed.status).toBe(409);
    expect(confirmed.body.error).toBe("This address is already confirmed.");
  });
});

describe("a moderator's suspensions", () => {
  const suspendAs = (token: string, who: string, until: string | null) =>
    api("POST", `/api/admin/users/${who}/suspend`, { token, json: { until, reason: "Spam" } });

  it("last at most 30 days; longer or for good is an admin's", async () => {
    const target = await createMember();
    for (const until of [new Date(Date.now() + 31 * 24 * 3600 * 1000).toISOString(), null]) {
      const res = await suspendAs(moderator.token, target.id, until);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("Only an admin can suspend for longer than 30 days.");
    }
    const week = await suspendAs(moderator.token, target.id, new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString());
    expect(week.status).toBe(200);
    expect((await api("POST", `/api/admin/users/${target.id}/unsuspend`, { token: moderator.token })).status).toBe(200);
  });
});
