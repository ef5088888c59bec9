import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser, validPostFields } from "../support/api.ts";

// An info box's keys come back in the order the author typed them, whichever
// way the box was written. "Location" before "Artist" is the order a jsonb
// object loses (it sorts shorter keys first), and "2019" the one a JavaScript
// object loses (it puts number-like keys first).
const typed: [string, string][] = [
  ["Location", "Harbour Hall"],
  ["Artist", "Alex Rivera"],
  ["2019", "First show"],
];
const box = { title: "Concert", content: Object.fromEntries(typed), entries: typed };

type Box = { title: string; content: Record<string, string>; entries: [string, string][]; order: number };
const boxesOf = async (id: number, token?: string): Promise<Box[]> => (await api("GET", `/api/posts/${id}`, { token })).body.infoBoxes;

let admin: SignedInUser;
let member: SignedInUser;
beforeAll(async () => {
  [admin, member] = await Promise.all([createAdmin(), createMember({ lastName: "boxes" })]);
});

describe("info box keys keep the author's order", () => {
  it("through a new post (POST /api/posts), with the SPEC's content map beside the entries", async () => {
    const res = await api("POST", "/api/posts", { token: member.token, form: postForm({ ...validPostFields, infoBoxes: JSON.stringify([box]) }) });
    expect(res.status).toBe(201);
    const [stored] = await boxesOf(res.body.id, member.token);
    expect(stored.entries).toEqual(typed);
    expect(stored.content).toEqual(Object.fromEntries(typed));
    expect(stored.order).toBe(0);
  });

  it("through an admin's edit (PUT /api/posts/{id}), and in GET /api/posts/{id}/info-boxes", async () => {
    const id = await createPost(member, { title: "Edited boxes" });
    const form = postForm({ infoBoxes: JSON.stringify([{ ...box, order: 0 }]) });
    expect((await api("PUT", `/api/posts/${id}`, { token: admin.token, form })).status).toBe(200);
    expect((await boxesOf(id)).map((b) => b.entries)).toEqual([typed]);
    const list = await api("GET", `/api/posts/${id}/info-boxes`);
    expect(list.body.map((b: Box) => b.entries)).toEqual([typed]);
  });

  it("through an approved edit suggestion, where a new order alone is a change", async () => {
    const id = await createPost(member, { title: "Suggested boxes" });
    await sql`insert into public.info_boxes (post_id, title, content, key_order)
              values (${id}, 'Concert', ${sql.json(box.content)}, ${typed.map(([key]) => key)})`;
    const reordered = [...typed].reverse();
    const res = await api("POST", `/api/posts/${id}/suggestions`, {
      token: member.token,
      json: { infoBoxes: [{ title: "Concert", content: box.content, entries: reordered }], summary: "Artist first" },
    });
    expect(res.status).toBe(201);
    const pending = await api("GET", "/api/admin/suggestions/pending", { token: admin.token });
    const suggestion = pending.body.suggestions.find((s: { id: number }) => s.id === res.body.id);
    expect(suggestion.original_info_boxes[0].entries).toEqual(typed);
    expect(suggestion.suggested_info_boxes[0].entries).toEqual(reordered);
    expect((await api("POST", `/api/admin/suggestions/${res.body.id}/approve`, { token: admin.token })).status).toBe(200);
    expect((await boxesOf(id)).map((b) => b.entries)).toEqual([reordered]);
  });

  it("from a box sent as a map alone: the order its JSON lists the keys in", async () => {
    const json = '[{"title": "Gig", "content": {"Location": "Lisbon", "Artist": "Alex"}}]';
    const res = await api("POST", "/api/posts", { token: (await createMember()).token, form: postForm({ ...validPostFields, infoBoxes: json }) });
    expect(res.status).toBe(201);
    expect((await boxesOf(res.body.id, admin.token))[0].entries).toEqual([
      ["Location", "Lisbon"],
      ["Artist", "Alex"],
    ]);
  });

  it("refuses entries that are not pairs of text, and a key given twice", async () => {
    const id = await createPost(member, { title: "Bad boxes" });
    const send = (entries: unknown) => api("PUT", `/api/posts/${id}`, { token: admin.token, form: postForm({ infoBoxes: JSON.stringify([{ title: "Bad", entries }]) }) });
    expect((await send([["only a key"]])).status).toBe(400);
    const twice = await send([["Artist", "Alex"], ["Artist", "Sam"]]);
    expect(twice.status).toBe(400);
    expect(twice.body.error).toBe("An info box cannot have the same key twice.");
  });
});
