import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { apiGet as get } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";
import type { Comment, CommentPage } from "@/types/api";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { CommentsSection } = await import("./comments-section");

const page = (comments: Comment[], nextCursor: string | null = null, total = comments.length): CommentPage => ({ comments, nextCursor, total });

const comment = (id: number, parent_id: number | null, content: string, upvotes = 0, downvotes = 0): Comment => ({
  id,
  post_id: 1,
  parent_id,
  content,
  author_name: `Author ${id}`,
  author_id: `a0000000-0000-4000-8000-00000000000${id}`,
  created_at: `2025-01-0${id}T10:00:00Z`,
  edited_at: null,
  deleted: false,
  upvotes,
  downvotes,
  user_vote: "none",
});

function renderSection(props: Partial<Parameters<typeof CommentsSection>[0]> = {}) {
  renderWithQueries(
    <ConfirmProvider>
      <CommentsSection postId={1} viewer="anon" {...props} />
    </ConfirmProvider>,
  );
}

describe("CommentsSection", () => {
  beforeEach(() => {
    get.mockReset();
  });

  it("shows the empty text", async () => {
    get.mockResolvedValue(page([]));
    renderSection();
    expect(await screen.findByText("No comments yet. Be the first to start the conversation!")).toBeInTheDocument();
  });

  it("nests replies under their parent, shows static scores, and asks again with sort=top", async () => {
    get.mockResolvedValue(page([comment(2, null, "Newer"), comment(1, null, "Older", 0, 2), comment(3, 1, "Reply")]));
    renderSection();
    const items = await screen.findAllByTestId("comment");
    expect(items.map((item) => within(item).getByText(/Newer|Older/).textContent)).toEqual(["Newer", "Older"]);
    expect(within(items[1]).getByTestId("comment-score")).toHaveTextContent("-2");
    expect(within(items[1]).getByTestId("comment-score").className).toMatch(/negative/);
    const thread = items[1].closest("li")!;
    expect(within(thread).getByTestId("reply")).toHaveTextContent("Reply");
    expect(get).toHaveBeenLastCalledWith("/api/posts/1/comments", expect.objectContaining({ query: { sort: "newest", cursor: undefined } }));

    await userEvent.selectOptions(screen.getByLabelText("Sort comments"), "top");
    expect(get).toHaveBeenLastCalledWith("/api/posts/1/comments", expect.objectContaining({ query: { sort: "top", cursor: undefined } }));
  });

  it("fills the slots: composer, per-comment actions, and a reply composer opened by Reply", async () => {
    get.mockResolvedValue(page([comment(1, null, "Top level"), comment(2, 1, "A reply")]));
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

  it("counts the whole thread and shows the rest a page at a time, a long reply thread continuing under its comment", async () => {
    const pages: Record<string, CommentPage> = {
      first: page([comment(1, null, "Top level"), comment(2, 1, "First reply")], "after-2", 4),
      "after-2": page([comment(3, 1, "Second reply"), comment(4, null, "Another")], null, 4),
    };
    get.mockImplementation((_path: string, { query }: { query: { cursor?: string } }) => Promise.resolve(pages[query.cursor ?? "first"]));
    renderSection();
    expect(await screen.findByText("First reply")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Comments (4)" })).toBeInTheDocument();
    expect(screen.queryByText("Second reply")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Show more comments" }));
    expect(await screen.findByText("Second reply")).toBeInTheDocument();
    const [first] = screen.getAllByTestId("comment");
    expect(within(first.closest("li")!).getAllByTestId("reply").map((reply) => reply.textContent)).toEqual([
      expect.stringContaining("First reply"),
      expect.stringContaining("Second reply"),
    ]);
    expect(screen.getAllByTestId("comment")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "Show more comments" })).not.toBeInTheDocument();
  });

  it("asks for further pages until a linked comment (#comment-{id}) is on the page, then scrolls to it", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const pages: Record<string, CommentPage> = {
      first: page([comment(1, null, "One")], "after-1", 3),
      "after-1": page([comment(2, null, "Two")], "after-2", 3),
      "after-2": page([comment(3, null, "Three")], null, 3),
    };
    get.mockImplementation((_path: string, { query }: { query: { cursor?: string } }) => Promise.resolve(pages[query.cursor ?? "first"]));
    renderWithQueries(<CommentsSection postId={1} viewer="anon" />, { route: "/posts/1#comment-3" });
    expect(await screen.findByText("Three")).toBeInTheDocument();
    await vi.waitFor(() => expect(scrolled).toHaveBeenCalledTimes(1));
    expect(get).toHaveBeenCalledTimes(3);
  });

  it("highlights and focuses a linked reply from a later page, and links each comment's time to its permalink", async () => {
    Element.prototype.scrollIntoView = vi.fn();
    const pages: Record<string, CommentPage> = {
      first: page([comment(1, null, "One")], "after-1", 3),
      "after-1": page([comment(2, null, "Two"), comment(3, 2, "Reply to two")], null, 3),
    };
    get.mockImplementation((_path: string, { query }: { query: { cursor?: string } }) => Promise.resolve(pages[query.cursor ?? "first"]));
    renderWithQueries(<CommentsSection postId={1} viewer="anon" />, { route: "/posts/1#comment-3" });
    const reply = await screen.findByTestId("reply");
    await vi.waitFor(() => expect(reply).toHaveFocus());
    expect(reply).toHaveAttribute("aria-current", "location");
    expect(reply.className).toMatch(/linked/);
    const [first] = screen.getAllByTestId("comment");
    expect(first).not.toHaveAttribute("aria-current");
    expect(within(first).getByRole("link", { name: "Jan 1, 2025, 10:00 AM" })).toHaveAttribute("href", "/posts/1#comment-1");
  });

  it("stops loading pages after a bound when the linked comment never comes", async () => {
    let served = 0;
    get.mockImplementation(() => {
      served += 1;
      return Promise.resolve(page([comment(1, null, `Page ${served}`)], `after-${served}`, 1000));
    });
    renderWithQueries(<CommentsSection postId={1} viewer="anon" />, { route: "/posts/1#comment-999" });
    await vi.waitFor(() => expect(get).toHaveBeenCalledTimes(21));
    expect(await screen.findByRole("button", { name: "Show more comments" })).toBeEnabled();
    expect(get).toHaveBeenCalledTimes(21);
  });

  it("shows a comment that came on two pages (its score changed between them) once", async () => {
    const pages: Record<string, CommentPage> = {
      first: page([comment(1, null, "Climbing"), comment(2, null, "Steady")], "after-2", 3),
      "after-2": page([comment(1, null, "Climbing"), comment(3, null, "Last")], null, 3),
    };
    get.mockImplementation((_path: string, { query }: { query: { cursor?: string } }) => Promise.resolve(pages[query.cursor ?? "first"]));
    renderSection();
    await userEvent.click(await screen.findByRole("button", { name: "Show more comments" }));
    expect(await screen.findByText("Last")).toBeInTheDocument();
    expect(screen.getAllByText("Climbing")).toHaveLength(1);
    expect(screen.getAllByTestId("comment")).toHaveLength(3);
  });

  it("marks an edited comment, keeps a deleted one's place without its name or controls, and offers an author Edit and Delete on their own", async () => {
    const edited = { ...comment(1, null, "Fixed words"), edited_at: "2025-01-02T11:00:00Z" };
    const deleted = { ...comment(2, null, "This comment was deleted by its author."), author_name: null, author_id: null, deleted: true };
    get.mockResolvedValue(page([edited, deleted, comment(3, 2, "A reply that stays")]));
    renderSection({ renderCommentActions: (c) => <span>actions {c.id}</span>, isOwn: (c) => c.id === 1 });

    const [own, gone] = await screen.findAllByTestId("comment");
    expect(own).toHaveTextContent(/· edited Jan 2, 2025/);
    expect(within(own).getByRole("button", { name: "Edit your comment 1" })).toBeInTheDocument();
    expect(within(own).getByRole("button", { name: "Delete your comment 1" })).toBeInTheDocument();
    expect(within(own).getByRole("link", { name: "Author 1" })).toHaveAttribute("href", "/authors/a0000000-0000-4000-8000-000000000001");
    expect(gone).toHaveAccessibleName("Deleted comment");
    expect(gone).toHaveTextContent("This comment was deleted by its author.");
    expect(screen.queryByText("actions 2")).not.toBeInTheDocument();
    expect(screen.getByRole("list", { name: "Replies to a deleted comment" })).toHaveTextContent("A reply that stays");
    expect(screen.queryByRole("button", { name: "Edit your comment 3" })).not.toBeInTheDocument();

    await userEvent.click(within(own).getByRole("button", { name: "Edit your comment 1" }));
    const form = within(own).getByRole("form", { name: "Edit your comment" });
    expect(within(form).getByRole("textbox")).toHaveValue("Fixed words");
    // Unchanged words are not sent.
    expect(within(form).getByRole("button", { name: "Save" })).toBeDisabled();
    await userEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(within(own).queryByRole("form")).not.toBeInTheDocument();
  });
});
