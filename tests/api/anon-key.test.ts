/**
 * The project's anon key is a public value: as a bearer it is a visitor, never
 * a token to verify (the CLI's anon key is HS256 and not in the JWKS; hosted
 * projects may use opaque publishable keys).
 */
import { describe, expect, it } from "vitest";
import { newClient } from "../../local-stack/test/env.ts";
import { api } from "../support/api.ts";
import { testEnv } from "../support/env.ts";

describe("Authorization: Bearer <anon key>", () => {
  it("reads as a visitor, as supabase-js functions.invoke sends it", async () => {
    const visitor = await api("GET", "/api/posts/1");
    const withKey = await api("GET", "/api/posts/1", { token: testEnv.anonKey });
    expect(withKey.status).toBe(200);
    expect(withKey.body).toEqual(visitor.body);
    const { data, error } = await newClient().functions.invoke("api/posts/1", { method: "GET" });
    expect(error).toBeNull();
    expect(data).toEqual(visitor.body);
  });

  it("is refused a write like any visitor", async () => {
    const res = await api("POST", "/api/posts/1/vote", { token: testEnv.anonKey, json: { voteType: "up" } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Please sign in to vote.");
  });
});
