import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiDelete, apiGet } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { FollowingLists } = await import("./following-lists");

const at = "2026-01-01T10:00:00Z";
const authorId = "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f";

describe("FollowingLists", () => {
  beforeEach(() => {
    apiGet.mockReset();
    apiDelete.mockReset();
  });

  it("lists the followed posts, tags and authors as links, each with an Unfollow button that stops it", async () => {
    const follows = {
      posts: [{ postId: 7, title: "The old bridge", followedAt: at }],
      tags: [{ tag: "ferries", followedAt: at }],
      authors: [{ authorId, name: "Ana Lima", followedAt: at }],
    };
    apiGet.mockResolvedValueOnce(follows).mockResolvedValueOnce({ ...follows, tags: [] });
    apiDelete.mockResolvedValue({ following: false });
    renderWithQueries(<FollowingLists viewer="u1" />);

    expect(await screen.findByRole("link", { name: "The old bridge" })).toHaveAttribute("href", "/posts/7");
    expect(screen.getByRole("link", { name: "#ferries" })).toHaveAttribute("href", "/posts/all?tags=ferries");
    expect(screen.getByRole("link", { name: "Ana Lima" })).toHaveAttribute("href", `/authors/${authorId}`);

    await userEvent.click(screen.getByRole("button", { name: "Unfollow #ferries" }));
    expect(apiDelete).toHaveBeenCalledWith("/api/follows/tags/ferries");
    const tags = screen.getByRole("region", { name: "Followed tags" });
    await waitFor(() => expect(within(tags).getByText(/No tags\./)).toBeInTheDocument());
  });

  it("says what each empty list is for", async () => {
    apiGet.mockResolvedValue({ posts: [], tags: [], authors: [] });
    renderWithQueries(<FollowingLists viewer="u1" />);
    expect(await screen.findByText("No posts. Follow a post to hear of its new comments.")).toBeInTheDocument();
    expect(screen.getByText("No authors. Follow an author on their page to hear of their new posts.")).toBeInTheDocument();
  });
});
