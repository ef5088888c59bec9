import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, type SignedInUser } from "../support/api.ts";

let author: SignedInUser;
let member: SignedInUser;
let admin: SignedInUser;

beforeAll(async () => {
  [author, member, admin] = await Promise.all([createMember({ lastName: "sugg-author" }), createMember({ lastName: "suggester" }), createAdmin()]);
});

async function freshPost() {
  const id = await createPost(author, {
    title: "Original title",
    excerpt: "Original excerpt",
    content: "Original content",
    tags: ["one", "two"],
  });
  await sql`
    insert into public.info_boxes (post_id, title, content, position)
    values (${id}, 'Facts', ${sql.json({ Born: "1990" })}, 0)`;
  return id;
}

describe("POST /api/posts/{id}/suggestions", () => {
  it("refuses a suggestion that changes nothing, or has no summary", async () => {
    const id = await freshPost();
    const none = await api("POST", `/api/posts/${id}/suggestions`, { token: member.token, json: { summary: "nothing" } });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe("You haven't made any changes.");
    const same = await api("POST", `/api/posts/${id}/suggestions`, {
      token: member.token,
      json: { title: "Original title", summary: "same" },
    });
    expect(same.status).toBe(400);
    expect(same.body.error).toBe("You haven't made any changes.");
    const noSummary = await api("POST", `/api/posts/${id}/suggestions`, { token: member.token, json: { title: "New", summary: "  " } });
    expect(noSummary.status).toBe(400);
    expect(noSummary.body.error).toBe("Please provide a brief summary of your edits.");
    expect((await api("POST", `/api/posts/${id}/suggestions`, { json: { title: "x", summary: "y" } })).status).toBe(401);
  });

  it("refuses fields longer than a post allows, and more than 20 an hour", async () => {
    const id = await freshPost();
    const long = await api("POST", `/api/posts/${id}/suggestions`, {
      token: member.token,
      json: { content: "x".repeat(100_001), summary: "longer" },
    });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("The content can be at most 100000 characters.");

    const busy = await createMember({ lastName: "busy-suggester" });
    for (let i = 0; i < 20; i += 1) {
      const res = await api("POST", `/api/posts/${id}/suggestions`, { token: busy.token, json: { title: `Title ${i}`, summary: "try" } });
      expect(res.status).toBe(201);
    }
    const over = await api("POST", `/api/posts/${id}/suggestions`, { token: busy.token, json: { title: "Again", summary: "try" } });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe("You can suggest at most 20 edits an hour. Please try again later.");
  });

  it("lists the queue a page at a time, oldest first, with how many wait", async () => {
    const id = await freshPost();
    const mine: number[] = [];
    for (const title of ["First", "Second", "Third"]) {
      const res = await api("POST", `/api/posts/${id}/suggestions`, { token: member.token, json: { title, summary: `Rename to ${title}` } });
      mine.push(res.body.id);
    }
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/admin/suggestions/pending?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page = await api<{ suggestions: { id: number }[]; nextCursor: string | null; total: number }>("GET", query, { token: admin.token });
      expect(page.status).toBe(200);
      expect(page.body.suggestions.length).toBeLessThanOrEqual(2);
      expect(page.body.total).toBeGreaterThanOrEqual(3);
      seen.push(...page.body.suggestions.map((suggestion) => suggestion.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((suggestion) => mine.includes(suggestion))).toEqual(mine);
    // Without a limit, the SPEC's call: the whole queue at once.
    const whole = await api<{ suggestions: { id: number }[]; nextCursor: string | null }>("GET", "/api/admin/suggestions/pending", { token: admin.token });
    expect(whole.body.nextCursor).toBeNull();
    expect(whole.body.suggestions.filter((suggestion) => mine.includes(suggestion.id)).map((suggestion) => suggestion.id)).toEqual(mine);
    for (const bad of ["limit=0", "limit=101", "limit=two"]) {
      const refused = await api("GET", `/api/admin/suggestions/pending?${bad}`, { token: admin.token });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe("limit must be a whole number from 1 to 100.");
    }
    // The suggestion box's cursor (a UUID id) is not this queue's.
    const box = await api<{ nextCursor: string | null }>("GET", "/api/admin/suggestions?limit=1", { token: admin.token });
    for (const other of ["nonsense", box.body.nextCursor]) {
      if (other === null) continue;
      const refused = await api("GET", `/api/admin/suggestions/pending?limit=2&cursor=${encodeURIComponent(other)}`, { token: admin.token });
      expect(refused.status).toBe(400);
    }
  });

  it("stores only the changed fields and shows them side by side to admins", async () => {
    const id = await freshPost();
    const res = await api("POST", `/api/posts/${id}/suggestions`, {
      token: member.token,
      json: { title: "Better title", excerpt: "Original excerpt", tags: "one,two", summary: "Fix the title" },
    });
    expect(res.status).toBe(201);
    const pending = await api("GET", "/api/admin/suggestions/pending", { token: admin.token });
    const mine = pending.body.suggestions.find((s: { id: number }) => s.id === res.body.id);
    expect(mine).toMatchObject({
      post_id: id,
      summary: "Fix the title",
      user_name: "Test suggester",
      original_title: "Original title",
      suggested_title: "Better title",
    });
    expect(mine).not.toHaveProperty("suggested_excerpt");
    expect(mine).not.toHaveProperty("suggested_tags");
    expect(mine.created_at).toBeTruthy();
  });

  it("approving applies exactly the suggested fields, info boxes too, and leaves the queue", async () => {
    const id = await freshPost();
    const res = await api("POST", `/api/posts/${id}/suggestions`, {
      token: member.token,
      json: {
        content: "Improved content",
        infoBoxes: [{ title: "Facts", content: { Born: "1991", City: "Porto" } }],
        summary: "Correct the facts",
      },
    });
    expect(res.status).toBe(201);
    // The post changes meanwhile in a field the suggestion did not touch; that change must survive.
    await sql`update public.posts set title = 'Retitled meanwhile' where id = ${id}`;
    expect((await api("POST", `/api/admin/suggestions/${res.body.id}/approve`, { token: member.token })).status).toBe(403);
    const approve = await api("POST", `/api/admin/suggestions/${res.body.id}/approve`, { token: admin.token });
    expect(approve.status).toBe(200);
    const detail = await api("GET", `/api/posts/${id}`);
    expect(detail.body.post).toMatchObject({
      title: "Retitled meanwhile",
      excerpt: "Original excerpt",
      content: "Improved content",
      tags: "one,two",
    });
    expect(detail.body.infoBoxes.map((b: { title: string; content: unknown }) => [b.title, b.content])).toEqual([
      ["Facts", { Born: "1991", City: "Porto" }],
    ]);
    const pending = await api("GET", "/api/admin/suggestions/pending", { token: admin.token });
    expect(pending.body.suggestions.map((s: { id: number }) => s.id)).not.toContain(res.body.id);
  });

  it("rejecting changes nothing and leaves the queue", async () => {
    const id = await freshPost();
    const res = await api("POST", `/api/posts/${id}/suggestions`, { token: member.token, json: { title: "Nope", summary: "try" } });
    const reject = await api("POST", `/api/admin/suggestions/${res.body.id}/reject`, { token: admin.token });
    expect(reject.status).toBe(200);
    expect((await api("GET", `/api/posts/${id}`)).body.post.title).toBe("Original title");
    const pending = await api("GET", "/api/admin/suggestions/pending", { token: admin.token });
    expect(pending.body.suggestions.map((s: { id: number }) => s.id)).not.toContain(res.body.id);
    // Already reviewed: it cannot be approved afterwards.
    expect((await api("POST", `/api/admin/suggestions/${res.body.id}/approve`, { token: admin.token })).status).toBe(409);
  });
});
