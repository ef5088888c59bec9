import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet as get } from "@/testing/api-client-stub";
import { aPost } from "@/testing/post-fixture";
import { renderWithQueries } from "@/testing/render-with-queries";
import type { PostSearchPage, SearchPost } from "@/types/api";
import { filtersFromParams } from "../utils/filters";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { AllPostsView } = await import("./all-posts-view");

const page = (fields: Partial<PostSearchPage>): PostSearchPage => ({ posts: [], nextCursor: null, total: null, totalExact: true, suggestion: null, ...fields });

function renderAt(query: string) {
  renderWithQueries(<AllPostsView viewer="anon" filters={filtersFromParams(new URLSearchParams(query))} onFiltersChange={vi.fn()} />, {
    route: `/posts/all?${query}`,
  });
}

const found: SearchPost = {
  ...aPost({ id: 7, title: "007 The concert & the tour", excerpt: "Plain excerpt" }),
  match: { title: "007 The <mark>concert</mark> &amp; the tour", snippet: "…the first <mark>concerts</mark> of the &lt;tour&gt;…", highlights: ["concert", "concerts"] },
};

describe("All posts' search results", () => {
  beforeEach(() => get.mockReset());

  it("count the results in a polite status, rank by Best match ungrouped, and highlight the title and snippet as text", async () => {
    get.mockResolvedValue(page({ posts: [found], total: 128 }));
    renderAt("search=concert");
    expect(await screen.findByRole("status")).toHaveTextContent("128 posts");
    // One request (no upcoming events apart), ranked by Best match.
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0][0]).toContain("sort=best");
    expect(screen.queryByTestId("post-group")).toBeNull();

    const row = screen.getByTestId("post-card");
    const title = within(row).getByRole("link", { name: "7 The concert & the tour" });
    expect([...title.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["concert"]);
    const snippet = within(row).getByTestId("search-snippet");
    expect(snippet).toHaveTextContent("…the first concerts of the <tour>…");
    expect([...snippet.querySelectorAll("mark")].map((mark) => mark.textContent)).toEqual(["concerts"]);
    expect(row).not.toHaveTextContent("Plain excerpt");
    expect(row.querySelector("tour")).toBeNull();
  });

  it("shows the excerpt where only the title matched (a snippet with no highlight)", async () => {
    const titleOnly: SearchPost = { ...found, excerpt: "Ten years since the first EP, celebrated with one long night.", match: { ...found.match!, snippet: "Ten years since the first EP" } };
    get.mockResolvedValue(page({ posts: [titleOnly], total: 1 }));
    renderAt("search=concert");
    const row = await screen.findByTestId("post-card");
    expect(within(row).queryByTestId("search-snippet")).toBeNull();
    expect(row).toHaveTextContent("Ten years since the first EP, celebrated with one long night.");
  });

  it("says 'More than' a count that stopped at its cap, and nothing without a count", async () => {
    get.mockResolvedValue(page({ posts: [found], total: 1000, totalExact: false }));
    renderAt("search=concert");
    expect(await screen.findByText("More than 1,000 posts")).toHaveAttribute("role", "status");
  });

  it("has an empty count line when the answer has no count", async () => {
    get.mockResolvedValue(page({ posts: [aPost({ id: 1, title: "Plain" })] }));
    renderAt("sort=most_upvotes");
    await screen.findByRole("link", { name: "Plain" });
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toEqual([""]);
  });

  it("when nothing is found, offers the suggested spelling and a link to clear each filter, keeping the others", async () => {
    get.mockResolvedValue(page({ total: 0, suggestion: "concert tag:live" }));
    renderAt("search=concret+tag%3Alive&author=Hana+Sato&sort=oldest");
    expect(await screen.findByText("No posts found for the selected filters.")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("0 posts");
    const suggestion = screen.getByRole("link", { name: "concert tag:live" });
    expect(suggestion.closest("p")).toHaveTextContent("Did you mean concert tag:live?");
    expect(suggestion).toHaveAttribute("href", "/posts/all?search=concert+tag%3Alive&sort=oldest&author=Hana+Sato");
    const clear = within(screen.getByRole("list", { name: "Clear a filter" })).getAllByRole("link");
    expect(clear.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Clear the search words", "/posts/all?search=tag%3Alive&sort=oldest&author=Hana+Sato"],
      ["Clear tag: live", "/posts/all?search=concret&sort=oldest&author=Hana+Sato"],
      ["Clear author: Hana Sato", "/posts/all?search=concret+tag%3Alive&sort=oldest"],
    ]);
  });

  it("while searching, puts the downloads after the results", async () => {
    get.mockResolvedValue(page({ posts: [found], total: 1 }));
    renderAt("search=concert");
    await screen.findByText("1 post");
    const download = screen.getByText("Download these results:");
    expect(screen.getByTestId("post-card").compareDocumentPosition(download) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
