import { beforeAll, describe, expect, it } from "vitest";
import { api, createAdmin, createMember, postForm, type SignedInUser, submitPost, validPostFields } from "../support/api.ts";
import { testEnv } from "../support/env.ts";
import { file, gifImage, htmlPage, mp4Video, pngImage, svgImage } from "../support/media-fixtures.ts";

let admin: SignedInUser;
beforeAll(async () => {
  admin = await createAdmin();
});

describe("POST /api/posts", () => {
  it("asks a visitor to sign in", async () => {
    const res = await api("POST", "/api/posts", { form: postForm(validPostFields) });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Please sign in to create a post.");
  });

  const requiredFields = [
    ["title", "Title is required."],
    ["excerpt", "Excerpt is required."],
    ["content", "Content is required."],
  ] as const;
  const blank = (field: string) => ({ ...validPostFields, [field]: "   " });
  const absent = (field: string) => Object.fromEntries(Object.entries(validPostFields).filter(([name]) => name !== field));

  it.each(requiredFields.flatMap(([field, message]) => [
    [field, "blank", blank(field), message],
    [field, "absent", absent(field), message],
  ]))("refuses a post whose %s is %s", async (_field, _how, fields, message) => {
    const member = await createMember();
    const res = await api("POST", "/api/posts", { token: member.token, form: postForm(fields) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, detail: message });
  });

  it("refuses an event without an event date, and bad info boxes", async () => {
    const member = await createMember();
    const noDate = await api("POST", "/api/posts", { token: member.token, form: postForm({ ...validPostFields, postType: "event" }) });
    expect(noDate.status).toBe(400);
    expect(noDate.body.error).toBe("An event needs an event date.");
    const badBoxes = await api("POST", "/api/posts", { token: member.token, form: postForm({ ...validPostFields, infoBoxes: "{not json" }) });
    expect(badBoxes.status).toBe(400);
    const untitled = await api("POST", "/api/posts", {
      token: member.token,
      form: postForm({ ...validPostFields, infoBoxes: JSON.stringify([{ title: "  ", content: { a: "b" } }]) }),
    });
    expect(untitled.status).toBe(400);
    expect(untitled.body.error).toBe("Each info box needs a title.");
  });

  it("holds a new post for review: the author and admins see it, visitors do not", async () => {
    const member = await createMember({ lastName: "author" });
    const res = await api("POST", "/api/posts", {
      token: member.token,
      form: postForm({
        ...validPostFields,
        postType: "event",
        eventTimestamp: "2024-05-01T20:30:00.000Z",
        citations: "https://example.com/source",
        isNSFW: "1",
        infoBoxes: JSON.stringify([{ title: "Venue", content: { City: "Lisbon", Time: "20:30" } }]),
      }),
    });
    expect(res.status).toBe(201);
    const id = res.body.id;
    expect(typeof id).toBe("number");

    expect((await api("GET", `/api/posts/${id}`)).status).toBe(404);
    const asAuthor = await api("GET", `/api/posts/${id}`, { token: member.token });
    expect(asAuthor.status).toBe(200);
    expect(asAuthor.body.post).toMatchObject({
      id,
      status: "pending",
      post_type: "event",
      tags: "music,live",
      is_nsfw: true,
      citations: "https://example.com/source",
      event_timestamp: expect.stringMatching(/^2024-05-01T20:30:00/),
      is_pinned: false,
      is_important: false,
    });
    expect(asAuthor.body.infoBoxes).toEqual([
      {
        id: expect.any(Number),
        title: "Venue",
        content: { City: "Lisbon", Time: "20:30" },
        entries: [
          ["City", "Lisbon"],
          ["Time", "20:30"],
        ],
        order: 0,
      },
    ]);

    const pending = await api("GET", "/api/admin/pending-posts", { token: admin.token });
    expect(pending.body.posts.map((post: { id: number }) => post.id)).toContain(id);
  });

  it("lets a member post once per 5 minutes, and exempts admins", async () => {
    const member = await createMember({ lastName: "cooldown" });
    const first = await submitPost(member);
    expect(first.status).toBe(201);
    const second = await submitPost(member);
    expect(second.status).toBe(429);
    expect(second.body.error).toBe("Please wait 5 minutes before posting again.");

    for (let i = 0; i < 2; i++) {
      const res = await api("POST", "/api/posts", {
        token: admin.token,
        form: postForm({ ...validPostFields, status: "approved", isImportant: "1", is_pinned: "true" }),
      });
      expect(res.status).toBe(201);
      // Admins skip the cooldown, not the review: every post starts pending.
      const detail = await api("GET", `/api/posts/${res.body.id}`, { token: admin.token });
      expect(detail.body.post).toMatchObject({ status: "pending", is_pinned: false, is_important: false });
    }
  });
});

describe("POST /api/posts media", () => {
  it("stores images and videos under random names, served at /images/{name}", async () => {
    const member = await createMember({ lastName: "media" });
    const png = pngImage(16, 16);
    const res = await submitPost(member, [file(png, "photo.png", "image/png"), file(gifImage, "tiny.gif", "image/gif"), file(mp4Video, "clip.mp4", "video/mp4")]);
    expect(res.status).toBe(201);
    const detail = await api("GET", `/api/posts/${res.body.id}`, { token: member.token });
    const media = detail.body.post.media;
    expect(media.map((m: { media_type: string }) => m.media_type)).toEqual(["image", "image", "video"]);
    expect(media[0].url).toMatch(/^\/images\/[0-9a-f-]{36}\.png$/);
    expect(detail.body.post.image_url).toBe(media[0].url.replace("/images/", ""));
    expect(detail.body.post.media_type).toBe("image");

    const served = await fetch(`${testEnv.siteUrl}${media[0].url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });

  it.each([
    ["an SVG", file(svgImage, "drawing.svg", "image/svg+xml")],
    ["HTML named as a PNG", file(htmlPage, "innocent.png", "image/png")],
    ["a PNG declared as text", file(new TextEncoder().encode("just text"), "notes.png", "image/png")],
  ])("rejects %s with 415 and creates nothing", async (_label, bad) => {
    const member = await createMember({ lastName: "badmedia" });
    const res = await submitPost(member, [file(pngImage(), "ok.png", "image/png"), bad]);
    expect(res.status).toBe(415);
    expect(res.body.error).toMatch(/not a supported image/);
    // Nothing was created, so the cooldown has not started either.
    const retry = await submitPost(member);
    expect(retry.status).toBe(201);
  });

  it("rejects more than 10 files with 413", async () => {
    const member = await createMember({ lastName: "manyfiles" });
    const files = Array.from({ length: 11 }, (_, i) => file(gifImage, `g${i}.gif`, "image/gif"));
    const res = await submitPost(member, files);
    expect(res.status).toBe(413);
  });
});
