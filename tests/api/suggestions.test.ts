import { beforeAll, describe, expect, it } from "vitest";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";

let member: SignedInUser;
let admin: SignedInUser;
beforeAll(async () => {
  [member, admin] = await Promise.all([createMember({ lastName: "feedback" }), createAdmin()]);
});

describe("general suggestions", () => {
  it("stores the trimmed text and shows it to admins with the sender", async () => {
    const text = `  Please add a search by venue ${Date.now()}  `;
    const res = await api("POST", "/api/suggestions", { token: member.token, json: { suggestion: text } });
    expect(res.status).toBe(201);
    const list = await api("GET", "/api/admin/suggestions", { token: admin.token });
    expect(list.status).toBe(200);
    const mine = list.body.suggestions.find((s: { id: string }) => s.id === res.body.id);
    expect(mine).toEqual({
      id: res.body.id,
      userName: "Test feedback",
      userEmail: member.email,
      timestamp: expect.any(String),
      suggestion: text.trim(),
      status: "new",
    });
  });

  it.each([
    ["blank", "   ", 400],
    ["501 characters", "x".repeat(501), 400],
  ])("refuses %s text", async (_label, suggestion, status) => {
    const res = await api("POST", "/api/suggestions", { token: member.token, json: { suggestion } });
    expect(res.status).toBe(status);
    expect(res.body.error).toBeTruthy();
  });

  it("accepts exactly 500 characters", async () => {
    const res = await api("POST", "/api/suggestions", { token: member.token, json: { suggestion: "y".repeat(500) } });
    expect(res.status).toBe(201);
  });

  it("answers 429 with a clear message past 10 an hour", async () => {
    const sender = await createMember({ lastName: "busy-feedback" });
    for (let i = 0; i < 10; i += 1) {
      expect((await api("POST", "/api/suggestions", { token: sender.token, json: { suggestion: `Idea ${i}` } })).status).toBe(201);
    }
    const res = await api("POST", "/api/suggestions", { token: sender.token, json: { suggestion: "Idea 11" } });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe("You can send at most 10 suggestions an hour. Please try again later.");
  });

  it("is for signed-in users only, and the list for admins only", async () => {
    expect((await api("POST", "/api/suggestions", { json: { suggestion: "hi" } })).status).toBe(401);
    expect((await api("GET", "/api/admin/suggestions", { token: member.token })).status).toBe(403);
    expect((await api("GET", "/api/admin/suggestions")).status).toBe(401);
  });
  it("lets an admin mark a suggestion reviewed and new again, and list them by status", async () => {
    const sent = await api("POST", "/api/suggestions", { token: member.token, json: { suggestion: `Mark me ${Date.now()}` } });
    const path = `/api/admin/suggestions/${sent.body.id}`;
    const listed = async (status: string) =>
      (await api("GET", `/api/admin/suggestions?status=${status}`, { token: admin.token })).body.suggestions.map((s: { id: string }) => s.id);

    const reviewed = await api("PATCH", path, { token: admin.token, json: { status: "reviewed" } });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toEqual({ success: true, status: "reviewed" });
    expect(await listed("reviewed")).toContain(sent.body.id);
    expect(await listed("new")).not.toContain(sent.body.id);

    expect((await api("PATCH", path, { token: admin.token, json: { status: "new" } })).status).toBe(200);
    expect(await listed("new")).toContain(sent.body.id);
  });

  it("lists the box a page at a time, newest first, with how many it holds", async () => {
    const sender = await createMember({ lastName: "paged-feedback" });
    const sent: string[] = [];
    for (const n of [1, 2, 3]) {
      sent.push((await api("POST", "/api/suggestions", { token: sender.token, json: { suggestion: `Paged idea ${n}` } })).body.id);
    }
    type Page = { suggestions: { id: string; timestamp: string }[]; nextCursor: string | null; total: number };
    const seen: Page["suggestions"] = [];
    let cursor: string | null = null;
    // The three are the newest but for other tests' suggestions sent since: a few pages find them.
    do {
      const query: string = `/api/admin/suggestions?status=new&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await api<Page>("GET", query, { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.body.suggestions.length).toBeLessThanOrEqual(2);
      expect(page.body.total).toBeGreaterThanOrEqual(3);
      seen.push(...page.body.suggestions);
      cursor = page.body.nextCursor;
    } while (cursor && !sent.every((id) => seen.some((suggestion) => suggestion.id === id)));
    const ids = seen.map((suggestion) => suggestion.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => sent.includes(id))).toEqual([...sent].reverse());
    const times = seen.map((suggestion) => Date.parse(suggestion.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const reviewed = await api<Page>("GET", "/api/admin/suggestions?status=reviewed&limit=100", { token: admin.token });
    expect(reviewed.body.suggestions.map((suggestion) => suggestion.id)).not.toContain(sent[0]);
    for (const bad of ["limit=0", "limit=101", "limit=two"]) {
      const refused = await api("GET", `/api/admin/suggestions?${bad}`, { token: admin.token });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("limit must be a whole number from 1 to 100.");
    }
    // The review queue's cursor (a bigint id) is not this list's.
    const queue = await api<{ nextCursor: string | null }>("GET", "/api/admin/pending-posts?limit=1", { token: admin.token });
    for (const other of ["nonsense", queue.body.nextCursor]) {
      if (other === null) continue;
      expect((await api("GET", `/api/admin/suggestions?limit=2&cursor=${encodeURIComponent(other)}`, { token: admin.token })).status).toBe(400);
    }
  });

  it("refuses a bad status, an unknown suggestion, members and visitors", async () => {
    const sent = await api("POST", "/api/suggestions", { token: member.token, json: { suggestion: "Leave me new" } });
    const path = `/api/admin/suggestions/${sent.body.id}`;
    const bad = await api("PATCH", path, { token: admin.token, json: { status: "done" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("status must be new or reviewed.");
    expect((await api("GET", "/api/admin/suggestions?status=done", { token: admin.token })).status).toBe(400);
    expect((await api("PATCH", "/api/admin/suggestions/not-a-uuid", { token: admin.token, json: { status: "reviewed" } })).status).toBe(404);
    expect((await api("PATCH", `/api/admin/suggestions/${crypto.randomUUID()}`, { token: admin.token, json: { status: "reviewed" } })).status).toBe(404);
    expect((await api("PATCH", path, { token: member.token, json: { status: "reviewed" } })).status).toBe(403);
    expect((await api("PATCH", path, { json: { status: "reviewed" } })).status).toBe(401);
  });
});
