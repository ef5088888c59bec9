import { describe, expect, it } from "vitest";
import { eventPost } from "@/testing/post-fixture";
import { suggestedChanges } from "./suggested-changes";

describe("suggestedChanges", () => {
  it("lists only the changed fields, labelled in words, with the post's value beside the suggested one", () => {
    const post = { ...eventPost, title: "Old title", is_nsfw: false, tags: "live,tour" };
    const changes = suggestedChanges(post, { title: "New title", isNsfw: true, tags: "live,tour,covers" });
    expect(changes.map(({ label, before, after }) => ({ label, before, after }))).toEqual([
      { label: "Title", before: "Old title", after: "New title" },
      { label: "Categories", before: "live, tour", after: "live, tour, covers" },
      { label: "Not safe for work", before: "No", after: "Yes" },
    ]);
  });

  it("compares info boxes with the boxes as they were", () => {
    const box = (city: string) => ({ title: "Venue", content: { City: city }, entries: [["City", city]] as [string, string][] });
    const [change] = suggestedChanges(eventPost, { infoBoxes: [box("Porto")], originalInfoBoxes: [box("Lisbon")] });
    expect(change).toMatchObject({ label: "Info boxes", before: "Venue\nCity: Lisbon", after: "Venue\nCity: Porto" });
  });
});
