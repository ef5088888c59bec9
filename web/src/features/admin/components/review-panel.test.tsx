import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ConfirmProvider } from "@/components/ui/confirm-dialog";
import { apiGet as get, apiPost as post } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";
import { aPost } from "@/testing/post-fixture";
import type { ReportedItem } from "../api/get-open-reports";
import type { PendingPost } from "../api/get-pending-posts";
import type { EditSuggestion } from "@/types/api";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { ReviewPanel } = await import("./review-panel");

const reported = (id: number): ReportedItem => ({
  report_id: id,
  kind: "post",
  post_id: 100 + id,
  comment_id: null,
  post_title: `Reported post ${id}`,
  excerpt: null,
  author_id: null,
  author_name: "Ada",
  report_count: 1,
  first_reported_at: "2026-01-01T10:00:00Z",
  reasons: [{ reason: "spam", count: 1, details: [] }],
});

/** The server's queue, in pages of two whatever the limit, so three items make two pages. */
let open: ReportedItem[] = [];
function answerQueue(cursor: string | null) {
  const start = cursor === null ? 0 : open.findIndex((item) => `after-${item.report_id}` === cursor) + 1;
  const reports = open.slice(start, start + 2);
  const more = start + 2 < open.length;
  return { reports, nextCursor: more ? `after-${reports.at(-1)!.report_id}` : null, total: open.length };
}

function renderPanel() {
  renderWithQueries(
    <ConfirmProvider>
      <ReviewPanel />
    </ConfirmProvider>,
  );
}

/** What the other queues (and a card's suspended authors) answer when a test is about one of them. */
const emptyQueue = { posts: [], suggestions: [], reports: [], authors: [], nextCursor: null, total: 0 };

const cardTitles = () => screen.queryAllByRole("article").map((card) => within(card).getByRole("heading").textContent);

describe("ReviewPanel: the report queue", () => {
  beforeEach(() => {
    open = [reported(1), reported(2), reported(3)];
    get.mockReset();
    post.mockReset();
    get.mockImplementation((path: string, options: { query?: { cursor?: string | null } }) =>
      Promise.resolve(path === "/admin/reports" ? answerQueue(options.query?.cursor ?? null) : emptyQueue));
    post.mockImplementation((path: string) => {
      const id = Number(path.split("/")[3]);
      open = open.filter((item) => item.report_id !== id);
      return Promise.resolve({ success: true, closed: 1, message: "1 report dismissed." });
    });
  });

  it("counts every open item, loads the next page on request, and a dismissed item leaves the list", async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole("tab", { name: "Reports (3)" }));
    expect(await screen.findByText("Showing 2 of 3 reported items, oldest first.")).toBeInTheDocument();
    expect(cardTitles()).toEqual(["Post Reported post 1", "Post Reported post 2"]);

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("heading", { name: "Post Reported post 3" })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/admin/reports", expect.objectContaining({ query: { limit: 20, cursor: "after-2" } }));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    const first = screen.getAllByRole("article")[0];
    await userEvent.click(within(first).getByRole("button", { name: "Dismiss" }));
    expect(await screen.findByRole("tab", { name: "Reports (2)" })).toBeInTheDocument();
    expect(cardTitles()).toEqual(["Post Reported post 2", "Post Reported post 3"]);
  });
});

describe("ReviewPanel: the pending posts", () => {
  const pendingPost = (id: number): PendingPost => ({ ...aPost({ id, title: `Submission ${id}`, status: "pending" }), info_boxes: [], sources: [], version: "v1" });
  const waiting = [pendingPost(1), pendingPost(2), pendingPost(3)];

  beforeEach(() => {
    get.mockReset();
    // The server's queue, in pages of two whatever the limit.
    get.mockImplementation((path: string, options: { query?: { cursor?: string | null } }) => {
      if (path !== "/admin/pending-posts") return Promise.resolve(emptyQueue);
      const start = options.query?.cursor ? Number(options.query.cursor) : 0;
      const posts = waiting.slice(start, start + 2);
      return Promise.resolve({ posts, nextCursor: start + 2 < waiting.length ? String(start + 2) : null, total: waiting.length });
    });
  });

  it("counts every pending post and loads the next page on request, oldest first", async () => {
    renderPanel();
    expect(await screen.findByRole("tab", { name: "New Posts (3)" })).toBeInTheDocument();
    expect(await screen.findByText("Showing 2 of 3 pending posts, oldest first.")).toBeInTheDocument();
    expect(cardTitles()).toEqual(["Submission 1", "Submission 2"]);

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByRole("heading", { name: "Submission 3" })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/admin/pending-posts", expect.objectContaining({ query: { limit: 20, cursor: "2" } }));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});

describe("ReviewPanel: the edit suggestions", () => {
  const suggestion = (id: number): EditSuggestion => ({
    id,
    post_id: 100 + id,
    post_title: `Post ${id}`,
    summary: `Fix ${id}`,
    status: "pending",
    user_name: "Ada",
    created_at: "2026-01-01T10:00:00Z",
    original_title: `Post ${id}`,
    suggested_title: `Better post ${id}`,
  });
  const waiting = [suggestion(1), suggestion(2), suggestion(3)];

  beforeEach(() => {
    get.mockReset();
    // The server's queue, in pages of two whatever the limit.
    get.mockImplementation((path: string, options: { query?: { cursor?: string | null } }) => {
      if (path !== "/admin/suggestions/pending") return Promise.resolve(emptyQueue);
      const start = options.query?.cursor ? Number(options.query.cursor) : 0;
      const suggestions = waiting.slice(start, start + 2);
      return Promise.resolve({ suggestions, nextCursor: start + 2 < waiting.length ? String(start + 2) : null, total: waiting.length });
    });
  });

  it("counts every pending suggestion and loads the next page on request, oldest first", async () => {
    renderPanel();
    await userEvent.click(await screen.findByRole("tab", { name: "Edit Suggestions (3)" }));
    expect(await screen.findByText("Showing 2 of 3 edit suggestions, oldest first.")).toBeInTheDocument();
    expect(screen.getByText("Fix 1")).toBeInTheDocument();
    expect(screen.queryByText("Fix 3")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Fix 3")).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/admin/suggestions/pending", expect.objectContaining({ query: { limit: 20, cursor: "2" } }));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });
});
