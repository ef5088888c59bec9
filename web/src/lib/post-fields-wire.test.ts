import { describe, expect, it } from "vitest";
import { emptyPostFields, postFieldValues } from "./post-fields";
import { eventPost } from "@/testing/post-fixture";
import { createPostFormData, editSuggestionBody, updatePostFormData } from "./post-fields-wire";

const valid = { ...emptyPostFields, title: "A title", excerpt: "Lead", content: "Body" };

describe("createPostFormData: POST /api/posts (SPEC §7)", () => {
  it("sends the fields the API reads", () => {
    const file = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    const form = createPostFormData(
      {
        ...valid,
        title: "  A title ",
        tags: "One, two,one",
        postType: "event",
        eventDate: "2025-06-24",
        eventTime: "10:15",
        isNsfw: true,
        infoBoxes: [
          { title: "Facts", lines: "Place: Online" },
          { title: "  ", lines: "" },
        ],
      },
      [file, file],
    );
    expect(form.get("title")).toBe("A title");
    expect(form.get("tags")).toBe("one,two");
    expect(form.get("postType")).toBe("event");
    expect(form.get("isNSFW")).toBe("1");
    expect(form.get("eventTimestamp")).toBe(new Date(2025, 5, 24, 10, 15).toISOString());
    expect(JSON.parse(form.get("infoBoxes") as string)).toEqual([{ title: "Facts", content: { Place: "Online" }, entries: [["Place", "Online"]] }]);
    expect(form.getAll("media")).toHaveLength(2);
  });
  it("sends no event timestamp for other types and '0' for not NSFW", () => {
    const form = createPostFormData({ ...valid, eventDate: "2025-06-24" }, []);
    expect(form.has("eventTimestamp")).toBe(false);
    expect(form.get("isNSFW")).toBe("0");
    expect(form.get("infoBoxes")).toBe("[]");
  });
});

const post = eventPost;
const noMedia = { keepUrls: [], newFiles: [] };

describe("updatePostFormData: PUT /api/posts/{id} (the admin's edit)", () => {
  it("sends only info boxes with a title, numbered in order", () => {
    const values = {
      ...postFieldValues(post),
      infoBoxes: [
        { title: "  ", lines: "a: b" },
        { title: " Album ", lines: "Length: 41:12" },
      ],
    };
    expect(JSON.parse(String(updatePostFormData(values, noMedia).get("infoBoxes")))).toEqual([
      { title: "Album", content: { Length: "41:12" }, entries: [["Length", "41:12"]], order: 0 },
    ]);
  });
  it("sends a midnight-UTC event back unchanged", () => {
    expect(updatePostFormData(postFieldValues(post), noMedia).get("event_timestamp")).toBe("2026-03-01T00:00:00.000Z");
  });
  it("keeps a known local time, and sends an empty timestamp without a date", () => {
    const iso = new Date(2026, 2, 1, 18, 30).toISOString();
    const values = postFieldValues({ ...post, event_timestamp: iso });
    expect(updatePostFormData(values, noMedia).get("event_timestamp")).toBe(iso);
    expect(updatePostFormData({ ...values, eventDate: "" }, noMedia).get("event_timestamp")).toBe("");
  });
  it("sends every field, the kept media URLs and the new files", () => {
    const values = postFieldValues(post, [{ title: "Album", content: { Length: "41:12" }, order: 0 }]);
    const file = new File(["x"], "new.png", { type: "image/png" });
    const form = updatePostFormData({ ...values, title: " New " }, { keepUrls: ["/images/two.mp4"], newFiles: [file] });
    expect(form.get("title")).toBe("New");
    expect(form.get("tags")).toBe("a,b");
    expect(form.get("post_type")).toBe("event");
    expect(form.get("is_nsfw")).toBe("0");
    expect(form.get("citations")).toBe("");
    expect(form.get("event_timestamp")).toBe(post.event_timestamp);
    expect(JSON.parse(String(form.get("infoBoxes")))).toEqual([{ title: "Album", content: { Length: "41:12" }, entries: [["Length", "41:12"]], order: 0 }]);
    expect(form.getAll("existing_media_urls")).toEqual(["/images/two.mp4"]);
    expect((form.getAll("new_media")[0] as File).name).toBe("new.png");
  });
});

describe("editSuggestionBody: POST /api/posts/{id}/suggestions", () => {
  it("spells the changed fields as the API reads them and leaves the others out", () => {
    const body = JSON.parse(
      JSON.stringify(editSuggestionBody({ title: "New", isNsfw: true, eventTimestamp: null, tags: "a,b" }, "Why")),
    );
    expect(body).toEqual({ title: "New", is_nsfw: true, event_timestamp: null, tags: "a,b", summary: "Why" });
  });
  it("sends changed info boxes with the originals", () => {
    const boxes = [{ title: "A", content: { k: "v" }, entries: [["k", "v"]] as [string, string][] }];
    expect(JSON.parse(JSON.stringify(editSuggestionBody({ infoBoxes: boxes, originalInfoBoxes: [] }, "s")))).toEqual({
      infoBoxes: boxes,
      originalInfoBoxes: [],
      summary: "s",
    });
  });
});
