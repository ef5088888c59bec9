import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createAdmin, createMember, createModerator, type SignedInUser } from "../support/api.ts";

let member: SignedInUser;
let moderator: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  [member, moderator, admin] = await Promise.all([createMember(), createModerator(), createAdmin()]);
});

describe("GET /api/role", () => {
  it("tells an admin they are admin", async () => {
    const res = await api("GET", `/api/role?uid=${admin.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: "admin", roles: ["admin"] });
  });

  it("tells a moderator they are moderator, and one who is an admin too the highest", async () => {
    const res = await api("GET", `/api/role?uid=${moderator.id}`, { token: moderator.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: "moderator", roles: ["moderator"] });
    const both = await createModerator();
    await sql`insert into public.user_roles (user_id, role) values (${both.id}, 'admin')`;
    expect((await api("GET", `/api/role?uid=${both.id}`, { token: both.token })).body).toEqual({ role: "admin", roles: ["admin", "moderator"] });
  });

  it("refuses another account's roles to a moderator: People is an admin's", async () => {
    const res = await api("GET", `/api/role?uid=${member.id}`, { token: moderator.token });
    expect(res.status).toBe(403);
  });

  it("tells a member they have no role", async () => {
    const res = await api("GET", `/api/role?uid=${member.id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ role: "user", roles: [] });
  });

  it("refuses another user's roles to a member (403) and any roles to a visitor (401)", async () => {
    const asMember = await api("GET", `/api/role?uid=${admin.id}`, { token: member.token });
    const asVisitor = await api("GET", `/api/role?uid=${admin.id}`);
    const ownAsVisitor = await api("GET", `/api/role?uid=${member.id}`);
    expect(asMember.status).toBe(403);
    expect(asMember.body).toEqual({ error: "You may only look up your own roles.", detail: "You may only look up your own roles." });
    expect(asVisitor.status).toBe(401);
    expect(ownAsVisitor.status).toBe(401);
    expect(JSON.stringify([asMember.body, asVisitor.body])).not.toContain("admin");
  });

  it("lets an admin look up another account's roles", async () => {
    const aboutMember = await api("GET", `/api/role?uid=${member.id}`, { token: admin.token });
    expect(aboutMember.status).toBe(200);
    expect(aboutMember.body).toEqual({ role: "user", roles: [] });
  });

  it("rejects a uid that is not a user id with the error envelope", async () => {
    const res = await api("GET", "/api/role?uid=not-a-uuid", { token: member.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: expect.stringContaining("uid"), detail: expect.stringContaining("uid") });
  });

  it("answers 401 to a forged or garbled token", async () => {
    const res = await api("GET", `/api/role?uid=${member.id}`, { token: `${member.token.slice(0, -4)}abcd` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Invalid access token.", detail: "Invalid access token." });
  });
});
