import { afterEach, describe, expect, it } from "vitest";
import { emptyPostFields } from "@/lib/post-fields";
import { clearDraft, isEmptyDraft, loadDraft, saveDraft, type PostDraft } from "./draft";

const draft = (title: string): PostDraft => ({
  fields: { ...emptyPostFields, title, tags: "music, live", isNsfw: true, infoBoxes: [{ title: "Facts", lines: "Year: 2015" }] },
  infoDraft: { title: "Half-typed box", lines: "" },
});

afterEach(() => window.localStorage.clear());

describe("create-post drafts", () => {
  it("are kept per user and read back as typed", () => {
    saveDraft("ada", draft("Ada's post"));
    saveDraft("bo", draft("Bo's post"));
    expect(loadDraft("ada")).toEqual(draft("Ada's post"));
    expect(loadDraft("bo")?.fields.title).toBe("Bo's post");
    expect(loadDraft("cy")).toBeNull();
  });

  it("are forgotten when discarded or emptied", () => {
    saveDraft("ada", draft("Gone soon"));
    clearDraft("ada");
    expect(loadDraft("ada")).toBeNull();
    saveDraft("ada", draft("Typed, then erased"));
    saveDraft("ada", { fields: { ...emptyPostFields, infoBoxes: [] }, infoDraft: { title: " ", lines: "" } });
    expect(loadDraft("ada")).toBeNull();
  });

  it("tell an empty form from a typed one", () => {
    expect(isEmptyDraft({ fields: emptyPostFields, infoDraft: { title: "", lines: "" } })).toBe(true);
    expect(isEmptyDraft({ fields: { ...emptyPostFields, postType: "event" }, infoDraft: { title: "", lines: "" } })).toBe(false);
    expect(isEmptyDraft({ fields: emptyPostFields, infoDraft: { title: "", lines: "Key: value" } })).toBe(false);
  });

  it("survive unreadable or outdated storage: bad JSON is no draft, unknown or mistyped fields are dropped", () => {
    window.localStorage.setItem("archive:create-post-draft:ada", "{not json");
    expect(loadDraft("ada")).toBeNull();
    window.localStorage.setItem(
      "archive:create-post-draft:ada",
      JSON.stringify({ fields: { title: "Kept", isNsfw: "yes", legacy: 1, infoBoxes: [{ title: "ok", lines: "a: b" }, { title: 3 }] } }),
    );
    expect(loadDraft("ada")).toEqual({
      fields: { ...emptyPostFields, title: "Kept", infoBoxes: [{ title: "ok", lines: "a: b" }] },
      infoDraft: { title: "", lines: "" },
    });
  });
});
