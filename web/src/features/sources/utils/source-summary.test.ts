import { describe, expect, it } from "vitest";
import type { PostSource } from "@shared/api/posts.ts";
import { sourceStatusLabel, sourceSummary } from "./source-summary";

const source = (state: PostSource["state"], archived = false, failures = 0): PostSource => ({
  url: `https://example.com/${Math.random()}`,
  host: "example.com",
  state,
  moved_to: state === "moved" ? "https://example.com/new" : null,
  checked_at: failures ? "2026-12-06T12:00:00+00:00" : null,
  consecutive_failures: failures,
  next_check_at: "2026-12-07T12:00:00+00:00",
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

  it("needs no number when one state holds every source", () => {
    expect(sourceSummary([source("unchecked"), source("unchecked")])).toBe("2 sources: not yet checked");
    expect(sourceSummary([source("dead", true)])).toBe("1 source: 1 archived, 1 dead");
  });

  it("says a source that failed once was checked and could not be reached, and when it is tried again", () => {
    expect(sourceStatusLabel(source("unchecked", false, 1))).toBe("checked: could not reach (will retry on Dec 7, 2026)");
    expect(sourceStatusLabel(source("alive", false, 1))).toBe("checked: could not reach (will retry on Dec 7, 2026)");
    expect(sourceStatusLabel({ ...source("unchecked", false, 1), next_check_at: null })).toBe("checked: could not reach");
    expect(sourceSummary([source("unchecked", false, 1), source("unchecked")])).toBe("2 sources: 1 not yet checked, 1 could not be reached");
  });

  it("calls a source dead only after two failures in a row", () => {
    expect(sourceStatusLabel(source("dead", false, 2))).toBe("dead");
    expect(sourceStatusLabel(source("unchecked"))).toBe("not yet checked");
  });
});
