/**
 * GET /api/health/db: one round trip to Postgres the way a visitor's read
 * makes it, whoever asks, answered fresh every time (that it asks the
 * database is health_test.ts's: offline it fails).
 */
import { describe, expect, it } from "vitest";
import { api, createMember } from "../support/api.ts";

describe("GET /api/health/db", () => {
  it("answers a visitor and a member alike, and is never kept by a CDN", async () => {
    const member = await createMember({ lastName: "health" });
    for (const token of [undefined, member.token]) {
      const res = await api("GET", "/api/health/db", { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });
});
