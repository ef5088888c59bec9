import { describe, expect, it } from "vitest";
import { capabilitiesOf } from "./authorization";

describe("what each role may do", () => {
  it("a moderator reviews, deletes comments, suspends for at most 30 days and reads the log and the suggestions", () => {
    const can = capabilitiesOf.moderator;
    expect(can).toMatchObject({ review: true, deleteComments: true, readModerationLog: true, readSuggestions: true, skipCooldowns: true });
    expect(can.longestSuspensionDays).toBe(30);
  });

  it("a moderator never pins, marks important, deletes posts, hides revisions, edits published posts or manages people", () => {
    expect(capabilitiesOf.moderator).toMatchObject({
      featurePosts: false,
      deletePosts: false,
      hideRevisions: false,
      editPublishedPosts: false,
      managePeople: false,
    });
  });

  it("an admin may everything, for good included", () => {
    const can = capabilitiesOf.admin;
    expect(Object.entries(can).filter(([, allowed]) => allowed === false)).toEqual([]);
    expect(can.longestSuspensionDays).toBe(Infinity);
  });

  it("a member may none of it", () => {
    const can = capabilitiesOf.user;
    expect(Object.entries(can).filter(([, allowed]) => allowed !== false && allowed !== 0)).toEqual([]);
  });
});
