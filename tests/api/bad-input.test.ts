/** What a client sends can earn a 4xx with the error envelope, never a 500. */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createMember, postForm, type SignedInUser, validPostFields } from "../support/api.ts";
import { testEnv } from "../support/env.ts";
import { file, pngImage } from "../support/media-fixtures.ts";

let member: SignedInUser;
beforeAll(async () => {
  member = await createMember({ lastName: "bad-input" });
});

async function raw(method: string, path: string, body?: BodyInit, contentType?: string) {
  const headers: Record<string, string> = { authorization: `Bearer ${member.token}` };
  if (contentType) headers["content-type"] = contentType;
  const res = await fetch(`${testEnv.supabaseUrl}/functions/v1${path}`, { method, headers, body });
  return { status: res.status, body: await res.json() };
}

describe("bad input", () => {
  it.each([
    ["POST", "/api/posts/1/vote", "{bad", "application/json", 400],
    ["POST", "/api/posts/1/vote", "hello", "text/plain", 400],
    ["POST", "/api/posts/1/comments", "[1,2]", "application/json", 400],
    ["POST", "/api/posts", "{}", "application/json", 415],
    ["PUT", "/api/posts/1", "{}", "application/json", 415],
    ["POST", "/api/suggestions", '{"suggestion":5}', "application/json", 400],
    ["POST", "/api/posts/1/suggestions", '{"event_timestamp":"nope","summary":"x"}', "application/json", 400],
    ["POST", "/api/posts/1/suggestions", '{"infoBoxes":"x","summary":"x"}', "application/json", 400],
  ])("%s %s with %s (%s) → %i", async (method, path, body, type, status) => {
    const res = await raw(method, path, body, type);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(res.body.detail);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it.each([
    ["/api/posts/99999999999999999999", 404],
    ["/api/posts/-1", 404],
    ["/api/posts/1.5/comments", 404],
    ["/api/posts/all?limit=abc", 400],
    ["/api/posts/all?limit=100000", 400],
    ["/api/posts/all?date=2024-02-30", 400],
    ["/api/posts/all?sort=most_upvotes&cursor=WyJhYmMiLDFd", 400],
    ["/api/posts/all?cursor=WyJub3QtYS1kYXRlIiwxXQ", 400],
    ["/api/timeline?cursor=eyJ4IjoxfQ", 400],
    // The timeline's filters: a type, a year or month to open at, and the way back up from it.
    ["/api/timeline?type=Event!", 400],
    ["/api/timeline?from=2025-13", 400],
    ["/api/timeline?from=0000-05", 400],
    ["/api/timeline?from=2025-04&tz=Nowhere/Else", 400],
    ["/api/timeline?newer=eyJ4IjoxfQ", 400],
    ["/api/timeline?newer=WyJub3QtYS1kYXRlIiwxXQ", 400],
    ["/api/timeline/months?type=no%20spaces", 400],
    ["/api/timeline/months?tz=Nowhere/Else", 400],
    ["/api/posts/all?tags=,,,,&search=%27%22%3B%28%29%26%7C%21:*", 200],
    ["/api/role?uid=", 400],
    // Ids are digits only, page sizes too: one address per resource.
    ["/api/posts/0x10", 404],
    ["/api/posts/+1", 404],
    ["/api/posts/1%20", 404],
    ["/api/posts/1e3", 404],
    ["/api/posts/0x10/comments", 404],
    ["/api/posts/all?limit=0x10", 400],
    ["/api/posts/all?limit=%2B5", 400],
    ["/api/timeline?limit=1.0", 400],
    ["/api/nothing-here", 404],
  ])("GET %s → %i", async (path, status) => {
    expect((await raw("GET", path)).status).toBe(status);
  });

  // The bearer is checked before a body is read, and JSON bodies are bounded: no account, no work.
  it("refuses a visitor's write with 401 before reading its body", async () => {
    const res = await fetch(`${testEnv.supabaseUrl}/functions/v1/api/posts/1/vote`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{this is not json",
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Please sign in to vote.", detail: "Please sign in to vote." });
  });

  // The function refuses before reading the body; the client still gets the 401, not a broken pipe.
  it("answers an anonymous 8 MB upload with 401 through the site's proxy, every time", async () => {
    for (let i = 0; i < 8; i += 1) {
      const form = postForm(validPostFields, [file(new Uint8Array(8 * 1024 * 1024), "big.png", "image/png")]);
      const res = await fetch(`${testEnv.siteUrl}/api/posts`, { method: "POST", body: form });
      expect(res.status).toBe(401);
      expect((await res.json()).error).toBe("Please sign in to create a post.");
    }
  });

  it("refuses a JSON body over 256 KB with 413, by its length or as it streams", async () => {
    const big = JSON.stringify({ suggestion: "x".repeat(300 * 1024) });
    const declared = await raw("POST", "/api/suggestions", big, "application/json");
    expect(declared.status).toBe(413);
    expect(declared.body).toEqual({ error: "The request body is too large.", detail: "The request body is too large." });
    const chunks = new TextEncoder().encode(big);
    const streamed = await fetch(`${testEnv.supabaseUrl}/functions/v1/api/suggestions`, {
      method: "POST",
      headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
      body: new ReadableStream({
        start(controller) {
          for (let at = 0; at < chunks.length; at += 64 * 1024) controller.enqueue(chunks.slice(at, at + 64 * 1024));
          controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    const [{ count }] = await sql<{ count: number }[]>`
      select count(*)::int as count from public.suggestions where user_id = ${member.id}`;
    expect(count).toBe(0);
  });

  // Values Postgres cannot hold are the client's mistake: 400, never 500.
  it.each([
    ["/api/posts/1/comments", { content: "nul \u0000 byte" }, "Text must not contain NUL characters."],
    ["/api/suggestions", { suggestion: "nul \u0000 byte" }, "Text must not contain NUL characters."],
    ["/api/posts/1/suggestions", { title: "nul \u0000 byte", summary: "x" }, "Text must not contain NUL characters."],
    ["/api/posts/1/suggestions", { tags: "a\u0000b", summary: "x" }, "Text must not contain NUL characters."],
  ])("POST %s with a NUL character → 400", async (path, json, message) => {
    const res = await api("POST", path, { token: member.token, json });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, detail: message });
  });

  it.each([
    [{ content: "reply", parentId: true }],
    [{ content: "reply", parentId: "1" }],
    [{ content: "reply", parentId: 1.5 }],
  ])("POST /api/posts/1/comments with %j → 400", async (json) => {
    const res = await api("POST", "/api/posts/1/comments", { token: member.token, json });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("parentId must be a comment id.");
  });

  it.each([
    ["title", { title: "nul \u0000 title" }],
    ["event time that is not ISO 8601", { postType: "event", eventTimestamp: "12" }],
    ["event time in words", { postType: "event", eventTimestamp: "May 1 2024" }],
    ["tags", { tags: "fine, nul\u0000tag" }],
    ["event time out of range", { postType: "event", eventTimestamp: "+275760-09-13T00:00:00Z" }],
  ])("POST /api/posts with a bad %s → 400 and no post", async (_label, fields) => {
    const [{ count: before }] = await sql<{ count: number }[]>`select count(*)::int as count from public.posts where author_id = ${member.id}`;
    const res = await api("POST", "/api/posts", { token: member.token, form: postForm({ ...validPostFields, ...fields }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(res.body.error).toBe(res.body.detail);
    const [{ count: after }] = await sql<{ count: number }[]>`select count(*)::int as count from public.posts where author_id = ${member.id}`;
    expect(after).toBe(before);
  });

  it("refuses an image over 10 MB with 413", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pngImage(), 0);
    const res = await api("POST", "/api/posts", {
      token: member.token,
      form: postForm(validPostFields, [file(big, "huge.png", "image/png")]),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("huge.png is larger than 10 MB.");
  });
});
