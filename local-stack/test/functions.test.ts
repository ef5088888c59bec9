/** The gateway hands /functions/v1/api/* to the `api` function, path and query intact. */
import { describe, expect, it } from "vitest";
import { anonKey, supabaseUrl } from "./env.ts";

describe("functions", () => {
  it("a request to /functions/v1/api/... reaches the function", async () => {
    const response = await fetch(`${supabaseUrl}/functions/v1/api/posts`, { headers: { apikey: anonKey } });
    // Anything but the gateway's own answers (404 unknown function, 502/503 function down).
    expect(response.status).toBeLessThan(500);
    expect(response.status).not.toBe(404);
    expect(response.headers.get("content-type") ?? "").toContain("application/json");
  });

  it("an unknown function is a 404", async () => {
    const response = await fetch(`${supabaseUrl}/functions/v1/no-such-function`);
    expect(response.status).toBe(404);
    await response.body?.cancel();
  });
});
