import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet as get, apiPost as post } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";
import type { Notification } from "../api/get-notifications";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { NotificationsPage } = await import("./notifications-page");

const notification = (id: number, fields: Partial<Notification> = {}): Notification => ({
  id,
  kind: "post_comment",
  post_id: 40 + id,
  post_title: `Post ${id}`,
  comment_id: 100 + id,
  actor_name: `Commenter ${id}`,
  reason: null,
  tag: null,
  suspended_until: null,
  created_at: "2026-01-01T10:00:00Z",
  read_at: null,
  ...fields,
});

const read = "2026-01-01T11:00:00Z";

function renderPage() {
  renderWithQueries(
    <Routes>
      <Route path="/notifications" element={<NotificationsPage userId="u1" />} />
      <Route path="/posts/:id" element={<p>The post page</p>} />
    </Routes>,
    { route: "/notifications" },
  );
}

const items = () => screen.getAllByTestId("notification");

describe("NotificationsPage", () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it("lists every notification, unread ones marked in words, and marks none read by being opened", async () => {
    get.mockResolvedValue({ notifications: [notification(2), notification(1, { read_at: read })], nextCursor: null, unread: 1 });
    renderPage();
    const link = await screen.findByRole("link", { name: "Commenter 2 commented on your post “Post 2”" });
    expect(link).toHaveAttribute("href", "/posts/42#comment-102");
    const [unread, seen] = items();
    expect(within(unread).getByText("Unread")).toBeInTheDocument();
    expect(within(unread).getByRole("button", { name: "Mark as read" })).toBeInTheDocument();
    expect(within(seen).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(seen).queryByRole("button", { name: "Mark as read" })).not.toBeInTheDocument();
    expect(screen.getByText("1 unread.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Mark all as read" })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/api/notifications", expect.objectContaining({ query: { limit: 20, cursor: undefined } }));
    expect(post).not.toHaveBeenCalled();
  });

  it("marks one read with its button", async () => {
    get.mockResolvedValue({ notifications: [notification(2), notification(1)], nextCursor: null, unread: 2 });
    post.mockResolvedValue({ unread: 1 });
    renderPage();
    await screen.findByText("2 unread.");
    await userEvent.click(within(items()[0]).getByRole("button", { name: "Mark as read" }));
    expect(post).toHaveBeenCalledWith("/api/notifications/read", { ids: [2] });
    expect(await screen.findByText("1 unread.")).toBeInTheDocument();
    expect(within(items()[0]).queryByText("Unread")).not.toBeInTheDocument();
    expect(within(items()[1]).getByText("Unread")).toBeInTheDocument();
  });

  it("marks all read at once", async () => {
    get.mockResolvedValue({ notifications: [notification(2), notification(1)], nextCursor: null, unread: 2 });
    post.mockResolvedValue({ unread: 0 });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    // No ids: every one of the member's notifications, also those on pages not loaded.
    expect(post).toHaveBeenCalledWith("/api/notifications/read", {});
    expect(await screen.findByText("All read.")).toBeInTheDocument();
    expect(screen.queryByText("Unread")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("marks one read when its link is followed", async () => {
    get.mockResolvedValue({ notifications: [notification(2)], nextCursor: null, unread: 1 });
    post.mockResolvedValue({ unread: 0 });
    renderPage();
    await userEvent.click(await screen.findByRole("link", { name: /Commenter 2 commented/ }));
    expect(await screen.findByText("The post page")).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith("/api/notifications/read", { ids: [2] });
  });

  it("loads older notifications with the cursor", async () => {
    get.mockImplementation((_path: string, options: { query: { cursor?: string } }) =>
      Promise.resolve(
        options.query.cursor === "older"
          ? { notifications: [notification(1, { read_at: read })], nextCursor: null, unread: 0 }
          : { notifications: [notification(2, { read_at: read })], nextCursor: "older", unread: 0 },
      ));
    renderPage();
    await screen.findByRole("link", { name: /Commenter 2 commented/ });
    expect(screen.queryByRole("link", { name: /Commenter 1 commented/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show older notifications" }));
    expect(await screen.findByRole("link", { name: /Commenter 1 commented/ })).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith("/api/notifications", expect.objectContaining({ query: { limit: 20, cursor: "older" } }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show older notifications" })).not.toBeInTheDocument());
    expect(items()).toHaveLength(2);
  });

  it("says when there is nothing yet", async () => {
    get.mockResolvedValue({ notifications: [], nextCursor: null, unread: 0 });
    renderPage();
    expect(await screen.findByText("No notifications yet.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).not.toBeInTheDocument();
  });

  it("says when they could not be loaded", async () => {
    get.mockRejectedValue(new Error("offline"));
    renderPage();
    expect(await screen.findByRole("alert")).toHaveTextContent("Your notifications could not be loaded. Please try again.");
  });
});
