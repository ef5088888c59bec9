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
});
