/**
 * What a member can and cannot make of their own account through Auth
 * (`PUT /auth/v1/user` writes any user metadata): names are stored as they
 * read, nobody appears under an admin's or a moderator's name with invisible
 * or look-alike characters (nor under one that became a team member's after
 * they took it), a suspended member keeps their name, and the 18+
 * confirmation comes from the sign-up only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { anonKey, newClient, serviceRoleKey, supabaseUrl } from "../../local-stack/test/env.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, createModerator, type SignedInUser } from "../support/api.ts";

/** What the SPA's account page sends, as the member (Auth keeps the other metadata). */
async function updateMetadata(user: SignedInUser, data: Record<string, unknown>) {
  const response = await fetch(`${supabaseUrl}/auth/v1/user`, {
    method: "PUT",
    headers: { authorization: `Bearer ${user.token}`, apikey: anonKey, "content-type": "application/json" },
    body: JSON.stringify({ data }),
  });
  expect(response.status).toBe(200);
}

async function displayName(userId: string): Promise<string> {
  const [profile] = await sql<{ display_name: string }[]>`select display_name from public.profiles where id = ${userId}`;
  return profile.display_name;
}

describe("a member who copies an admin's name", () => {
  // A name of this run's own: admins of earlier runs stay in the database.
  const surname = `Blakewell${Date.now().toString(36)}`;
  let admin: SignedInUser;
  let adminName: string;
  beforeAll(async () => {
    admin = await createAdmin({ firstName: "Jordan", lastName: surname });
    adminName = await displayName(admin.id);
    expect(adminName).toBe(`Jordan ${surname}`);
  });

  // Each spelling shows as the admin's name on screen.
  const lookalikes: [string, string, (surname: string) => string][] = [
    ["a zero-width space", "Jor\u200Bdan", (s) => s],
    ["a Cyrillic о", "J\u043Erdan", (s) => s],
    ["a word joiner", "Jordan\u2060", (s) => s],
    ["a soft hyphen", "Jor\u00ADdan", (s) => s],
    ["a right-to-left override", "\u202EJordan", (s) => s],
    ["fullwidth letters", "\uFF2A\uFF4F\uFF52\uFF44\uFF41\uFF4E", (s) => s],
    ["a capital I for an l", "Jordan", (s) => s.replace("Bl", "BI")],
    ["a Cyrillic а and е", "Jordan", (s) => s.replace("ake", "\u0430k\u0435")],
    ["another case and spacing", "  jordan ", (s) => ` ${s.toUpperCase()}`],
  ];

  it.each(lookalikes)("is marked as a member with %s", async (_, firstName, lastName) => {
    const copycat = await createMember();
    await updateMetadata(copycat, { first_name: firstName, last_name: lastName(surname) });
    expect(await displayName(copycat.id)).toMatch(/ \(member\)$/);
  });

  it("is stored without invisible characters and with compatibility forms folded", async () => {
    const member = await createMember();
    await updateMetadata(member, { first_name: "Ro\u200Bwan\u00AD\u202E", last_name: "\uFF25llis" });
    const [profile] = await sql`select first_name, last_name, display_name from public.profiles where id = ${member.id}`;
    expect(profile).toEqual({ first_name: "Rowan", last_name: "Ellis", display_name: "Rowan Ellis" });
  });

  it("leaves names that only share letters alone", async () => {
    const member = await createMember();
    await updateMetadata(member, { first_name: "Jordan", last_name: surname.replace("well", "wood") });
    expect(await displayName(member.id)).toBe(`Jordan ${surname.replace("well", "wood")}`);
  });

  it("never marks the admin themselves", async () => {
    await updateMetadata(admin, { first_name: "Jordan", last_name: surname });
    expect(await displayName(admin.id)).toBe(adminName);
  });
});

describe("a moderator's name", () => {
  const surname = () => `Ellisford${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let admin: SignedInUser;
  beforeAll(async () => {
    admin = await createAdmin();
  });

  const changeRole = async (user: SignedInUser, role: string) => {
    const res = await api("POST", `/api/admin/people/${user.id}/role`, { token: admin.token, json: { role, reason: "Names test" } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const authorNameOf = async (postId: number) => (await api("GET", `/api/posts/${postId}`)).body.post.author_name;

  it("cannot be taken by a member, exactly or with a look-alike", async () => {
    const lastName = surname();
    const moderator = await createModerator({ firstName: "Robin", lastName });
    expect(await displayName(moderator.id)).toBe(`Robin ${lastName}`);
    for (const firstName of ["Robin", "R\u043Ebin", "Ro\u200Bbin"]) {
      const copycat = await createMember();
      await updateMetadata(copycat, { first_name: firstName, last_name: lastName });
      expect(await displayName(copycat.id), firstName).toMatch(/ \(member\)$/);
    }
  });

  it("is protected from the moment its holder joins the team: a member already using it is marked, and unmarked once they leave", async () => {
    const lastName = surname();
    const [earlier, joining] = await Promise.all([
      createMember({ firstName: "Robin", lastName }),
      createMember({ firstName: "Robin", lastName }),
    ]);
    const postId = await createPost(earlier);
    expect(await authorNameOf(postId)).toBe(`Robin ${lastName}`);

    await changeRole(joining, "moderator");
    expect(await displayName(joining.id)).toBe(`Robin ${lastName}`);
    expect(await displayName(earlier.id)).toBe(`Robin ${lastName} (member)`);
    expect(await authorNameOf(postId)).toBe(`Robin ${lastName} (member)`);

    await changeRole(joining, "member");
    expect(await displayName(earlier.id)).toBe(`Robin ${lastName}`);
    expect(await authorNameOf(postId)).toBe(`Robin ${lastName}`);
  });

  it("that a team member changes to one a member uses marks that member, and frees the old one", async () => {
    const [oldName, newName] = [surname(), surname()];
    const moderator = await createModerator({ firstName: "Robin", lastName: oldName });
    const [copyOfOld, ownerOfNew] = await Promise.all([
      createMember({ firstName: "Robin", lastName: oldName }),
      createMember({ firstName: "Robin", lastName: newName }),
    ]);
    expect(await displayName(copyOfOld.id)).toBe(`Robin ${oldName} (member)`);
    expect(await displayName(ownerOfNew.id)).toBe(`Robin ${newName}`);

    await updateMetadata(moderator, { first_name: "Robin", last_name: newName });
    expect(await displayName(moderator.id)).toBe(`Robin ${newName}`);
    expect(await displayName(ownerOfNew.id)).toBe(`Robin ${newName} (member)`);
    expect(await displayName(copyOfOld.id)).toBe(`Robin ${oldName}`);
  });

  it("may be shared within the team: a member who copied an admin and becomes a moderator loses the mark", async () => {
    const lastName = surname();
    await createAdmin({ firstName: "Robin", lastName });
    const member = await createMember({ firstName: "Robin", lastName });
    expect(await displayName(member.id)).toBe(`Robin ${lastName} (member)`);
    await changeRole(member, "moderator");
    expect(await displayName(member.id)).toBe(`Robin ${lastName}`);
  });
});

describe("a suspended member", () => {
  let member: SignedInUser;
  let postId: number;
  beforeAll(async () => {
    const admin = await createAdmin();
    member = await createMember({ lastName: "Suspended-Namekeeper" });
    postId = await createPost(member);
    const res = await api("POST", `/api/admin/users/${member.id}/suspend`, {
      token: admin.token,
      json: { until: "2036-11-30T12:00:00Z", reason: "Spam in the comments" },
    });
    expect(res.status).toBe(200);
  });

  it("cannot rename themselves, so their content keeps its author's name", async () => {
    const before = await displayName(member.id);
    await updateMetadata(member, { first_name: "Someone", last_name: "Else" });
    expect(await displayName(member.id)).toBe(before);
    const post = await api("GET", `/api/posts/${postId}`);
    expect(post.body.post.author_name).toBe(before);
    const [user] = await sql`select raw_user_meta_data ->> 'first_name' as first_name from auth.users where id = ${member.id}`;
    expect(user.first_name).toBe(member.firstName);
  });
});

describe("an account created without the 18+ confirmation", () => {
  let member: SignedInUser;
  let postId: number;
  beforeAll(async () => {
    postId = await createPost(await createMember());
    // Through the admin API, which skips the sign-up hook, as the dashboard does.
    const email = `no-adult-${Date.now()}@example.com`;
    const created = await fetch(`${supabaseUrl}/auth/v1/admin/users`, {
      method: "POST",
      headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, "content-type": "application/json" },
      body: JSON.stringify({ email, password: "test-password-1", email_confirm: true, user_metadata: { first_name: "Nora" } }),
    });
    expect(created.status).toBe(200);
    const { data, error } = await newClient().auth.signInWithPassword({ email, password: "test-password-1" });
    if (error || !data.session) throw error ?? new Error("no session");
    member = { id: data.user.id, email, firstName: "Nora", lastName: "", token: data.session.access_token };
  });

  it("cannot confirm it itself, and still cannot write", async () => {
    await updateMetadata(member, { adult_confirmed: true });
    const [profile] = await sql`select adult_confirmed from public.profiles where id = ${member.id}`;
    expect(profile.adult_confirmed).toBe(false);
    const [user] = await sql`select raw_user_meta_data -> 'adult_confirmed' as flag from auth.users where id = ${member.id}`;
    expect(user.flag).toBeNull();
    const res = await api("POST", `/api/posts/${postId}/comments`, { token: member.token, json: { content: "Hello" } });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Please confirm that you are 18 or older to take part.");
  });
});
