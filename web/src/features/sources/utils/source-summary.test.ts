import { describe, expect, it } from "vitest";
import type { PostSource } from "@shared/api/posts.ts";
import { sourceSummary } from "./source-summary";

const source = (state: PostSource["state"], archived = false): PostSource => ({
  url: `https://example.com/${Math.random()}`,
  host: "example.com",
  state,
  movedTo: state === "moved" ? "https://example.com/new" : null,
  checked_at: null,
  archived_url: archived ? "https://web.archive.org/web/20260101000000/https://example.com/" : null,
  archived_at: archived ? "2026-01-01T00:00:00+00:00" : null,
  place: "references",
});

describe("sourceSummary", () => {
  it("counts the archived ones, then each state worth a reviewer's attention", () => {
    expect(sourceSummary([source("alive", true), source("alive", true), source("dead")])).toBe("3 sources: 2 archived, 1 dead");
    expect(sourceSummary([source("moved"), source("unchecked"), source("uncheckable")])).toBe(
      "3 sources: 1 moved, 1 not checkable, 1 not yet checked",
    );
  });

  it("says so when a post cites nothing, and speaks of one source in the singular", () => {
    expect(sourceSummary([])).toBe("No sources");
    expect(sourceSummary([source("alive")])).toBe("1 source");
  });
});
