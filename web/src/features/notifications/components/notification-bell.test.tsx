import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet as get, apiPost as post } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";
import type { Notification } from "../api/get-notifications";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { NotificationBell } = await import("./notification-bell");

const notification = (id: number, fields: Partial<Notification> = {}): Notification => ({
  id,
  kind: "post_published",
  post_id: 10 + id,
  post_title: `Post ${id}`,
  comment_id: null,
  actor_name: null,
  reason: null,
  tag: null,
  suspended_until: null,
  created_at: "2026-01-01T10:00:00Z",
  read_at: null,
  ...fields,
});

function renderBell() {
  renderWithQueries(<NotificationBell userId="u1" />);
}

describe("NotificationBell", () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it("shows the unread count; opening the list marks the shown unread ones read and the count follows", async () => {
    get.mockResolvedValue({
      notifications: [notification(2), notification(1, { read_at: "2026-01-01T11:00:00Z" })],
      nextCursor: null,
      unread: 1,
    });
    post.mockResolvedValue({ unread: 0 });
    renderBell();

    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    await userEvent.click(bell);
    // The list is its own chunk: the first import can take a while on a busy machine.
    expect(await screen.findByRole("link", { name: /Your post Post 2 was published/ }, { timeout: 5000 })).toHaveAttribute("href", "/posts/12");
    expect(screen.getByRole("link", { name: /Your post Post 1 was published/ })).toBeInTheDocument();
    // Marking read follows the list's first render.
    await waitFor(() => expect(post).toHaveBeenCalledWith("/api/notifications/read", { ids: [2] }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
  });

  it("shows the new kinds: a suspension without a link, a followed tag's post and a followed post's comment linked", async () => {
    get.mockResolvedValue({
      notifications: [
        notification(5, { kind: "member_suspended", post_id: null, post_title: null, reason: "Spam", suspended_until: "infinity" }),
        notification(4, { kind: "followed_tag_post", tag: "ferries", actor_name: "Ana Lima" }),
        notification(3, { kind: "followed_post_comment", comment_id: 30, actor_name: "Ana Lima" }),
      ],
      nextCursor: null,
      unread: 3,
    });
    post.mockResolvedValue({ unread: 0 });
    renderBell();
    await userEvent.click(await screen.findByRole("button", { name: "Notifications, 3 unread" }));
    expect(await screen.findByText("Your account was suspended for good: Spam", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText("Your account was suspended for good: Spam").closest("a")).toBeNull();
    expect(screen.getByRole("link", { name: /New post in #ferries: “Post 4” by Ana Lima/ })).toHaveAttribute("href", "/posts/14");
    expect(screen.getByRole("link", { name: /Ana Lima commented on “Post 3”, a post you follow/ })).toHaveAttribute("href", "/posts/13#comment-30");
  });

  it("shows older notifications on request, and marks those read too", async () => {
    get.mockImplementation((_path: string, options: { query: { cursor?: string } }) =>
      Promise.resolve(
        options.query.cursor === "older"
          ? { notifications: [notification(1)], nextCursor: null, unread: 1 }
          : { notifications: [notification(2, { read_at: "2026-01-01T11:00:00Z" })], nextCursor: "older", unread: 1 },
      ));
    post.mockResolvedValue({ unread: 0 });
    renderBell();
    await userEvent.click(await screen.findByRole("button", { name: "Notifications, 1 unread" }));
    expect(await screen.findByRole("link", { name: /Your post Post 2 was published/ }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Your post Post 1 was published/ })).not.toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Show older notifications" }));
    expect(await screen.findByRole("link", { name: /Your post Post 1 was published/ })).toBeInTheDocument();
    await waitFor(() => expect(post).toHaveBeenCalledWith("/api/notifications/read", { ids: [1] }));
    // The last page: nothing older to ask for.
    expect(screen.queryByRole("button", { name: "Show older notifications" })).not.toBeInTheDocument();
  });

  it("says when there is nothing yet, and marks nothing", async () => {
    get.mockResolvedValue({ notifications: [], nextCursor: null, unread: 0 });
    renderBell();
    await userEvent.click(await screen.findByRole("button", { name: "Notifications" }));
    expect(await screen.findByText("No notifications yet.", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it("leads to the page of all notifications", async () => {
    get.mockResolvedValue({ notifications: [], nextCursor: null, unread: 0 });
    renderBell();
    const bell = await screen.findByRole("button", { name: "Notifications" });
    await userEvent.click(bell);
    const all = await screen.findByRole("link", { name: "See all notifications" }, { timeout: 5000 });
    expect(all).toHaveAttribute("href", "/notifications");
    await userEvent.click(all);
    expect(bell).toHaveAttribute("aria-expanded", "false");
  });

  it("closes with Escape", async () => {
    get.mockResolvedValue({ notifications: [], nextCursor: null, unread: 0 });
    renderBell();
    const bell = await screen.findByRole("button", { name: "Notifications" });
    await userEvent.click(bell);
    expect(bell).toHaveAttribute("aria-expanded", "true");
    await userEvent.keyboard("{Escape}");
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(bell).toHaveFocus();
  });
});
