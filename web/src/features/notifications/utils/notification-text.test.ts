import { describe, expect, it } from "vitest";
import type { Notification } from "../api/get-notifications";
import { notificationLink, notificationText } from "./notification-text";

const base: Notification = {
  id: 1,
  kind: "post_published",
  post_id: 7,
  post_title: "The old bridge",
  comment_id: null,
  actor_name: null,
  reason: null,
  tag: null,
  suspended_until: null,
  created_at: "2026-01-01T10:00:00Z",
  read_at: null,
};

describe("notificationText", () => {
  it.each([
    [{ kind: "post_published" }, "Your post The old bridge was published"],
    [{ kind: "post_rejected" }, "Your post The old bridge was not accepted"],
    [{ kind: "post_rejected", reason: "Not about the subject." }, "Your post The old bridge was not accepted: Not about the subject."],
    [{ kind: "edit_applied" }, "Your edit to The old bridge was applied"],
    [{ kind: "edit_rejected" }, "Your edit to The old bridge was rejected"],
    [{ kind: "edit_rejected", reason: "The date is right." }, "Your edit to The old bridge was rejected: The date is right."],
    [{ kind: "comment_reply", comment_id: 3, actor_name: "Ana Lima" }, "Ana Lima replied to your comment on “The old bridge”"],
    [{ kind: "post_comment", comment_id: 3, actor_name: "Ana Lima" }, "Ana Lima commented on your post “The old bridge”"],
    [{ kind: "post_comment", comment_id: 3, actor_name: null }, "Deleted user commented on your post “The old bridge”"],
    [
      { kind: "member_suspended", post_id: null, post_title: null, reason: "Spam in the comments", suspended_until: "infinity" },
      "Your account was suspended for good: Spam in the comments",
    ],
    [{ kind: "member_suspended", post_id: null, post_title: null, suspended_until: "infinity" }, "Your account was suspended for good"],
    [{ kind: "member_unsuspended", post_id: null, post_title: null }, "Your suspension was lifted: you can take part again"],
    [{ kind: "followed_post_comment", comment_id: 3, actor_name: "Ana Lima" }, "Ana Lima commented on “The old bridge”, a post you follow"],
    [{ kind: "followed_tag_post", tag: "bridges", actor_name: "Ana Lima" }, "New post in #bridges: “The old bridge” by Ana Lima"],
    [{ kind: "followed_author_post", actor_name: "Ana Lima" }, "Ana Lima, whom you follow, posted “The old bridge”"],
    [{ kind: "followed_author_post", actor_name: null }, "Deleted user, whom you follow, posted “The old bridge”"],
  ] as [Partial<Notification>, string][])("%o", (fields, text) => {
    expect(notificationText({ ...base, ...fields })).toBe(text);
  });

  it("names the day and time a suspension ends, in the reader's time zone", () => {
    const text = notificationText(
      { ...base, kind: "member_suspended", post_id: null, post_title: null, reason: "Rude", suspended_until: "2026-11-27T14:05:00Z" },
      "en-US",
    );
    const end = new Date("2026-11-27T14:05:00Z").toLocaleString("en-US", { dateStyle: "long", timeStyle: "short" });
    expect(text).toBe(`Your account was suspended until ${end}: Rude`);
  });
});

describe("notificationLink", () => {
  it("leads to the post, or to its comments for a comment", () => {
    expect(notificationLink(base)).toBe("/posts/7");
    expect(notificationLink({ ...base, kind: "comment_reply", comment_id: 3 })).toBe("/posts/7#comment-3");
    expect(notificationLink({ ...base, kind: "followed_post_comment", comment_id: 5 })).toBe("/posts/7#comment-5");
    expect(notificationLink({ ...base, kind: "followed_tag_post", tag: "bridges" })).toBe("/posts/7");
  });

  it("leads nowhere for news about the account itself", () => {
    expect(notificationLink({ ...base, kind: "member_suspended", post_id: null, post_title: null, suspended_until: "infinity" })).toBeNull();
    expect(notificationLink({ ...base, kind: "member_unsuspended", post_id: null, post_title: null })).toBeNull();
  });
});
