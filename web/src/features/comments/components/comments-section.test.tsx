import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Comment } from "@/types/api";

const get = vi.fn();
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  api: { get: (...args: unknown[]) => get(...args) },
}));

const { CommentsSection } = await import("./comments-section");

const comment = (id: number, parent_id: number | null, content: string, upvotes = 0, downvotes = 0): Comment => ({
  id,
  post_id: 1,
  parent_id,
  content,
  author_name: `Author ${id}`,
  created_at: `2025-01-0${id}T10:00:00Z`,
  upvotes,
  downvotes,
  user_vote: "none",
});

function renderSection(props: Partial<Parameters<typeof CommentsSection>[0]> = {}) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <CommentsSection postId={1} viewer="anon" {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("CommentsSection", () => {
  beforeEach(() => {
    get.mockReset();
  });

  it("shows the empty text", async () => {
    get.mockResolvedValue({ comments: [] });
    renderSection();
    expect(await screen.findByText("No comments yet. Be the first to start the conversation!")).toBeInTheDocument();
  });

  it("nests replies under their parent, shows static scores, and asks again with sort=top", async () => {
    get.mockResolvedValue({ comments: [comment(2, null, "Newer"), comment(1, null, "Older", 0, 2), comment(3, 1, "Reply")] });
    renderSection();
    const items = await screen.findAllByTestId("comment");
    expect(items.map((item) => within(item).getByText(/Newer|Older/).textContent)).toEqual(["Newer", "Older"]);
    expect(within(items[1]).getByTestId("comment-score")).toHaveTextContent("-2");
    expect(within(items[1]).getByTestId("comment-score").className).toMatch(/negative/);
    const thread = items[1].closest("li")!;
    expect(within(thread).getByTestId("reply")).toHaveTextContent("Reply");
    expect(get).toHaveBeenLastCalledWith("/api/posts/1/comments", expect.objectContaining({ query: { sort: "newest" } }));

    await userEvent.selectOptions(screen.getByLabelText("Sort comments"), "top");
    expect(get).toHaveBeenLastCalledWith("/api/posts/1/comments", expect.objectContaining({ query: { sort: "top" } }));
  });

  it("fills the slots: composer, per-comment actions, and a reply composer opened by Reply", async () => {
    get.mockResolvedValue({ comments: [comment(1, null, "Top level"), comment(2, 1, "A reply")] });
    renderSection({
      composer: <p>Composer here</p>,
      renderCommentActions: (c) => <span>actions {c.id}</span>,
      renderReplyComposer: (c) => <p>Replying to {c.id}</p>,
    });
    expect(screen.getByText("Composer here")).toBeInTheDocument();
    expect(await screen.findByText("actions 1")).toBeInTheDocument();
    expect(screen.getByText("actions 2")).toBeInTheDocument();
    // Replies are one level deep: only top-level comments get Reply.
    const reply = screen.getByRole("button", { name: "Reply" });
    await userEvent.click(reply);
    expect(reply).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByText("Replying to 1")).toBeInTheDocument();
  });
});
