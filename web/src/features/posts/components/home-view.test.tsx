import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/query-keys";
import { apiGet as get } from "@/testing/api-client-stub";
import { aPost } from "@/testing/post-fixture";
import type { HomePosts, Post } from "@/types/api";
import { browserTimeZone } from "@/lib/time-zone";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { HomeView } = await import("./home-view");

const post = (fields: Partial<Post>): Post => aPost({ tags: "a,b,c,d", upvotes: 1, downvotes: 3, comment_count: 2, ...fields });

function renderHome() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomeView viewer="anon" today={new Date(2025, 5, 24)} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("HomeView", () => {
  beforeEach(() => {
    get.mockReset();
  });

  it("shows the long date, BROWSE ALL POSTS and 'Loading Content...' while loading, asking with the visitor's time zone", () => {
    get.mockReturnValue(new Promise(() => {}));
    renderHome();
    expect(screen.getByText("Tuesday, June 24, 2025")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "BROWSE ALL POSTS" })).toHaveAttribute("href", "/posts/all");
    expect(screen.getByText("Loading Content...")).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(`/api/posts?${new URLSearchParams({ tz: browserTimeZone() })}`);
  });

  it("shows 'No posts yet' with 'Be the first to post' when nothing exists", async () => {
    get.mockResolvedValue({ pinnedPost: null, importantPosts: [], recentPosts: [], recentNextCursor: null } satisfies HomePosts);
    renderHome();
    expect(await screen.findByText("No posts yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Be the first to post" })).toHaveAttribute("href", "/create-post");
  });

  it("on a failed fetch, loading ends and the lists are empty", async () => {
    get.mockRejectedValue(new Error("offline"));
    renderHome();
    expect(await screen.findByText("No posts yet")).toBeInTheDocument();
    expect(screen.queryByText("Loading Content...")).not.toBeInTheDocument();
  });

  it("shows the three columns, their details and empty texts", async () => {
    get.mockResolvedValue({
      pinnedPost: post({
        id: 2,
        title: "0042 Pinned",
        image_url: "pin.jpg",
        media_type: "image",
        media: [{ id: 9, url: "/images/pin.jpg", media_type: "image", width: 1600, height: 900 }],
      }),
      importantPosts: [],
      recentPosts: [post({ id: 3, title: "007 Today" })],
      recentNextCursor: null,
    } satisfies HomePosts);
    renderHome();
    const recent = within(await screen.findByRole("region", { name: "Recent News" }));
    expect(recent.getByRole("link", { name: "7 Today" })).toHaveAttribute("href", "/posts/3");
    // The author's name links to their page.
    expect(recent.getByText((_, node) => node?.tagName === "P" && node.textContent === "By Ada")).toBeInTheDocument();
    expect(recent.getByRole("link", { name: "Ada" })).toHaveAttribute("href", "/authors/a0000000-0000-4000-8000-000000000001");
    expect(recent.getByText("Discussion")).toBeInTheDocument();
    expect(recent.getByTestId("score")).toHaveTextContent("-2");
    expect(recent.getByTestId("score").className).toMatch(/negative/);
    expect(recent.getByRole("link", { name: /2 comments/ })).toHaveAttribute("href", "/posts/3#comments");
    expect(recent.getAllByRole("listitem").map((li) => li.textContent)).toEqual(expect.arrayContaining(["a", "b", "c"]));
    expect(recent.queryByText("d")).not.toBeInTheDocument();
    const pinned = within(screen.getByRole("region", { name: "Pinned Post" }));
    expect(pinned.getByRole("link", { name: "42 Pinned" })).toBeInTheDocument();
    const image = screen.getByRole("region", { name: "Pinned Post" }).querySelector("img");
    // Sized for a card, its stored size reserved, and fetched first: the page's first image.
    expect(image).toHaveAttribute("src", "/renditions/pin.jpg?width=640&quality=75");
    expect(image?.getAttribute("srcset")).toContain("/renditions/pin.jpg?width=320&quality=75 320w");
    expect(image).toHaveAttribute("sizes", "(min-width: 60rem) 22rem, 100vw");
    expect(image).toHaveAttribute("width", "1600");
    expect(image).toHaveAttribute("height", "900");
    expect(image).toHaveAttribute("fetchpriority", "high");
    expect(within(screen.getByRole("region", { name: "Important Updates" })).getByText("No important posts available")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Show more/ })).not.toBeInTheDocument();
  });

  it("shows the rest of today's posts a page at a time, fetched only when asked", async () => {
    const pages: Record<string, { posts: Post[]; nextCursor: string | null }> = {
      "after-3": { posts: [post({ id: 4, title: "Fourth today" })], nextCursor: "after-4" },
      "after-4": { posts: [post({ id: 5, title: "Fifth today" })], nextCursor: null },
    };
    get.mockImplementation((path: string, options?: { query?: { cursor?: string } }) =>
      Promise.resolve(path === "/api/posts/recent"
        ? pages[options?.query?.cursor ?? ""]
        : { pinnedPost: null, importantPosts: [], recentPosts: [post({ id: 3, title: "Third today" })], recentNextCursor: "after-3" } satisfies HomePosts));
    renderHome();
    const recent = within(await screen.findByRole("region", { name: "Recent News" }));
    expect(recent.getByRole("link", { name: "Third today" })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);

    recent.getByRole("button", { name: "Show more of today's posts" }).click();
    expect(await recent.findByRole("link", { name: "Fourth today" })).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith("/api/posts/recent", expect.objectContaining({ query: expect.objectContaining({ cursor: "after-3" }) }));

    (await recent.findByRole("button", { name: "Show more of today's posts" })).click();
    expect(await recent.findByRole("link", { name: "Fifth today" })).toBeInTheDocument();
    expect(recent.getAllByTestId("recent-post")).toHaveLength(3);
    await vi.waitFor(() => expect(recent.queryByRole("button", { name: /Show more/ })).not.toBeInTheDocument());
  });

  it("shows a pinned post that is also important and from today once, in its own column, marked IMPORTANT", async () => {
    const pinned = post({ id: 7, title: "Pinned, important, today", is_pinned: true, is_important: true });
    get.mockResolvedValue({
      pinnedPost: pinned,
      importantPosts: [pinned, post({ id: 8, title: "Also important", is_important: true })],
      recentPosts: [pinned],
      recentNextCursor: null,
    } satisfies HomePosts);
    renderHome();
    expect(await screen.findAllByRole("link", { name: "Pinned, important, today" })).toHaveLength(1);
    const pinnedColumn = within(screen.getByRole("region", { name: "Pinned Post" }));
    expect(pinnedColumn.getByText("IMPORTANT")).toBeInTheDocument();
    const important = within(screen.getByRole("region", { name: "Important Updates" }));
    expect(important.getAllByTestId("important-post").map((card) => card.querySelector("h3")?.textContent)).toEqual(["Also important"]);
    expect(within(screen.getByRole("region", { name: "Recent News" })).getByText("No other posts from today.")).toBeInTheDocument();
  });

  it("says 'No other important posts available' when the pinned post was the only one", async () => {
    const pinned = post({ id: 7, is_pinned: true, is_important: true });
    get.mockResolvedValue({ pinnedPost: pinned, importantPosts: [pinned], recentPosts: [], recentNextCursor: null } satisfies HomePosts);
    renderHome();
    expect(await screen.findByText("No other important posts available")).toBeInTheDocument();
    expect(screen.getByText("No posts from today.")).toBeInTheDocument();
  });

  it("says 'No posts from today.' when nothing was posted today", async () => {
    get.mockResolvedValue({ pinnedPost: null, importantPosts: [post({ id: 5, is_important: true })], recentPosts: [], recentNextCursor: null } satisfies HomePosts);
    renderHome();
    expect(await screen.findByText("No posts from today.")).toBeInTheDocument();
    expect(screen.getByText("IMPORTANT")).toBeInTheDocument();
  });
});

describe("HomeView outside UTC", () => {
  // 02:00 UTC on March 1 is still February 28 in New York.
  const today = new Date("2026-03-01T02:00:00Z");
  const homeOf = (title: string): HomePosts => ({ pinnedPost: null, importantPosts: [], recentPosts: [post({ id: 3, title })], recentNextCursor: null });
  const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 5 * 60_000 } } });
  const page = (client: QueryClient) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <HomeView viewer="anon" today={today} />
      </MemoryRouter>
    </QueryClientProvider>
  );

  beforeEach(() => {
    get.mockReset();
    // The visitor's browser is in New York (browserTimeZone asks Temporal first).
    vi.stubGlobal("Temporal", { Now: { timeZoneId: () => "America/New_York" } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("writes today's date in the visitor's zone and asks for that zone's groups, under a key of their own", () => {
    get.mockReturnValue(new Promise(() => {}));
    const client = newQueryClient();
    render(page(client));
    expect(screen.getByText("Saturday, February 28, 2026")).toHaveAttribute("datetime", "2026-02-28");
    expect(get).toHaveBeenCalledWith(`/api/posts?${new URLSearchParams({ tz: "America/New_York" })}`);
    expect(client.getQueryCache().find({ queryKey: queryKeys.home("anon", "America/New_York"), exact: true })).toBeDefined();
    expect(client.getQueryCache().find({ queryKey: queryKeys.home("anon", "UTC"), exact: true })).toBeUndefined();
  });

  it("hydrates the server's page (written in UTC) as it is, keeps its posts while the visitor's zone's come, then shows those", async () => {
    vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", true);
    // The server's answer, in UTC, as the page hands it over to the browser's cache.
    const serverClient = newQueryClient();
    serverClient.setQueryData(queryKeys.home("anon", "UTC"), homeOf("Posted today in UTC"));
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(page(serverClient));
    expect(container).toHaveTextContent("Sunday, March 1, 2026");

    let answer: (home: HomePosts) => void = () => {};
    get.mockReturnValue(new Promise<HomePosts>((resolve) => (answer = resolve)));
    const client = newQueryClient();
    client.setQueryData(queryKeys.home("anon", "UTC"), homeOf("Posted today in UTC"));
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, page(client), { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(container).toHaveTextContent("Saturday, February 28, 2026");
    expect(get).toHaveBeenCalledExactlyOnceWith(`/api/posts?${new URLSearchParams({ tz: "America/New_York" })}`);
    expect(container).toHaveTextContent("Posted today in UTC");
    expect(container).not.toHaveTextContent("Loading Content...");

    // The query's notification and the deferred render each take a task of their own, later on a busy host.
    await act(async () => answer(homeOf("Posted today in New York")));
    await waitFor(() => expect(container).toHaveTextContent("Posted today in New York"));
    act(() => root.unmount());
    container.remove();
  });
});
