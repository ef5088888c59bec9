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
  ] as [Partial<Notification>, string][])("%o", (fields, text) => {
    expect(notificationText({ ...base, ...fields })).toBe(text);
  });
});

describe("notificationLink", () => {
  it("leads to the post, or to its comments for a comment", () => {
    expect(notificationLink(base)).toBe("/posts/7");
    expect(notificationLink({ ...base, kind: "comment_reply", comment_id: 3 })).toBe("/posts/7#comment-3");
  });
});
