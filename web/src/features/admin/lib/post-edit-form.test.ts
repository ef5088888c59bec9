import { describe, expect, it } from "vitest";
import type { Post } from "@/types/api";
import {
  editFormProblem,
  infoBoxesPayload,
  initialEditValues,
  parseInfoBoxLines,
  postEditFormData,
} from "./post-edit-form";

const post: Post = {
  id: 7,
  title: "Title",
  excerpt: "Excerpt",
  content: "Body",
  tags: "a,b",
  citations: null,
  post_type: "event",
  status: "approved",
  is_nsfw: false,
  is_pinned: false,
  is_important: false,
  event_timestamp: "2026-03-01T00:00:00.000Z",
  created_at: "2026-03-01T00:00:00Z",
  author_name: "Sam",
  upvotes: 0,
  downvotes: 0,
  user_vote: "none",
  comment_count: 0,
  media: [
    { id: 1, url: "/images/one.png", media_type: "image" },
    { id: 2, url: "/images/two.mp4", media_type: "video" },
  ],
  image_url: "one.png",
  media_type: "image",
  thumbnail_url: null,
};

describe("info box lines", () => {
  it("parses key:value lines, skipping lines without a colon or key, keeping later colons", () => {
    expect(parseInfoBoxLines("Length: 41:12\nno colon\n: no key\n Studio :The Barn ")).toEqual({ Length: "41:12", Studio: "The Barn" });
  });
  it("sends only boxes with a title, numbered in order", () => {
    expect(
      infoBoxesPayload([
        { title: "  ", lines: "a: b" },
        { title: " Album ", lines: "Length: 41:12" },
      ]),
    ).toEqual([{ title: "Album", content: { Length: "41:12" }, order: 0 }]);
  });
});

describe("event timestamp", () => {
  it("shows a midnight-UTC event as time unknown and sends it back unchanged", () => {
    const values = initialEditValues({ ...post, event_timestamp: "2026-03-01T00:00:00.000Z" });
    expect(values).toMatchObject({ eventDate: "2026-03-01", eventTime: "", timeUnknown: true });
    expect(postEditFormData(values).get("event_timestamp")).toBe("2026-03-01T00:00:00.000Z");
  });
  it("keeps a known local time", () => {
    const iso = new Date(2026, 2, 1, 18, 30).toISOString();
    const values = initialEditValues({ ...post, event_timestamp: iso });
    expect(values).toMatchObject({ eventDate: "2026-03-01", eventTime: "18:30", timeUnknown: false });
    expect(postEditFormData(values).get("event_timestamp")).toBe(iso);
    expect(postEditFormData({ ...values, eventDate: "" }).get("event_timestamp")).toBe("");
  });
});

describe("postEditFormData", () => {
  it("sends every field, the kept media URLs and the new files", () => {
    const values = initialEditValues(post, [{ title: "Album", content: { Length: "41:12" }, order: 0 }]);
    expect(values.tags).toBe("a, b");
    expect(values.infoBoxes).toEqual([{ title: "Album", lines: "Length: 41:12" }]);
    const file = new File(["x"], "new.png", { type: "image/png" });
    const form = postEditFormData({ ...values, title: " New ", keepMedia: ["/images/two.mp4"], newMedia: [file] });
    expect(form.get("title")).toBe("New");
    expect(form.get("post_type")).toBe("event");
    expect(form.get("is_nsfw")).toBe("0");
    expect(form.get("citations")).toBe("");
    expect(form.get("event_timestamp")).toBe(post.event_timestamp);
    expect(JSON.parse(String(form.get("infoBoxes")))).toEqual([{ title: "Album", content: { Length: "41:12" }, order: 0 }]);
    expect(form.getAll("existing_media_urls")).toEqual(["/images/two.mp4"]);
    expect((form.getAll("new_media")[0] as File).name).toBe("new.png");
  });

  it("requires title, excerpt, content, and a date for events", () => {
    const values = initialEditValues(post);
    expect(editFormProblem(values)).toBeNull();
    expect(editFormProblem({ ...values, title: " " })).toMatch(/required/);
    expect(editFormProblem({ ...values, eventDate: "" })).toMatch(/event date/);
  });
});
