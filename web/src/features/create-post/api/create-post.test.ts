import { describe, expect, it } from "vitest";
import { mediaProblem } from "../lib/parse";
import { cooldownRemaining, POST_COOLDOWN_MS } from "../lib/cooldown";
import { buildPostFormData, createPostDefaults, createPostSchema } from "./create-post";

const valid = { ...createPostDefaults, title: "A title", excerpt: "Lead", content: "Body" };

describe("createPostSchema (SPEC §5)", () => {
  it("requires title, excerpt and content (non-blank)", () => {
    expect(createPostSchema.safeParse(valid).success).toBe(true);
    for (const field of ["title", "excerpt", "content"] as const) {
      const result = createPostSchema.safeParse({ ...valid, [field]: "   " });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    }
  });
  it("requires an event date for event posts only; the time is optional", () => {
    expect(createPostSchema.safeParse({ ...valid, postType: "event" }).error?.issues[0]?.path).toEqual(["eventDate"]);
    expect(createPostSchema.safeParse({ ...valid, postType: "event", eventDate: "2025-06-24" }).success).toBe(true);
    expect(createPostSchema.safeParse({ ...valid, postType: "discussion" }).success).toBe(true);
  });
});

describe("buildPostFormData (SPEC §7)", () => {
  it("sends the fields the API reads", () => {
    const file = new File([new Uint8Array([1, 2, 3])], "a.png", { type: "image/png" });
    const form = buildPostFormData(
      { ...valid, title: "  A title ", tags: "One, two,one", postType: "event", eventDate: "2025-06-24", eventTime: "10:15", isNSFW: true },
      [{ title: "Facts", content: { Place: "Online" } }, { title: "  ", content: {} }],
      [file, file],
    );
    expect(form.get("title")).toBe("A title");
    expect(form.get("tags")).toBe("one,two");
    expect(form.get("postType")).toBe("event");
    expect(form.get("isNSFW")).toBe("1");
    expect(form.get("eventTimestamp")).toBe(new Date(2025, 5, 24, 10, 15).toISOString());
    expect(JSON.parse(form.get("infoBoxes") as string)).toEqual([{ title: "Facts", content: { Place: "Online" } }]);
    expect(form.getAll("media")).toHaveLength(2);
  });
  it("sends no event timestamp for other types and '0' for not NSFW", () => {
    const form = buildPostFormData({ ...valid, eventDate: "2025-06-24" }, [], []);
    expect(form.has("eventTimestamp")).toBe(false);
    expect(form.get("isNSFW")).toBe("0");
    expect(form.get("infoBoxes")).toBe("[]");
  });
});

describe("media checks (as the server's)", () => {
  it("accepts images up to 10 MB and videos up to 50 MB", () => {
    expect(mediaProblem({ name: "a.png", type: "image/png", size: 10 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ name: "a.webm", type: "video/webm", size: 50 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ name: "a.png", type: "image/png", size: 10 * 1024 * 1024 + 1 })).toMatch(/10 MB/);
    expect(mediaProblem({ name: "a.mp4", type: "video/mp4", size: 50 * 1024 * 1024 + 1 })).toMatch(/50 MB/);
    expect(mediaProblem({ name: "a.svg", type: "image/svg+xml", size: 10 })).toMatch(/only/);
  });
});

describe("posting cooldown (SPEC §9)", () => {
  it("is 5 minutes from the last post time", () => {
    expect(cooldownRemaining(1_000, null)).toBe(0);
    expect(cooldownRemaining(1_000 + 60_000, 1_000)).toBe(POST_COOLDOWN_MS - 60_000);
    expect(cooldownRemaining(1_000 + POST_COOLDOWN_MS, 1_000)).toBe(0);
  });
});
