import { act, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aPost } from "@/testing/post-fixture";
import type { Post } from "@/types/api";
import { DayGroups, PostRows } from "./post-rows";

const withImage = (id: number, fields: Partial<Post> = {}) =>
  aPost({ id, title: `Post ${id}`, media: [{ id, url: `/images/p${id}.jpg`, media_type: "image", width: 800, height: 600 }], ...fields });

/** Each row's picture by its post: whether it is fetched first, and how it loads. */
function pictures() {
  return screen.getAllByTestId("post-card").map((row) => {
    const image = row.querySelector("img");
    return image && { src: image.getAttribute("src"), priority: image.getAttribute("fetchpriority"), loading: image.getAttribute("loading") };
  });
}

describe("the page's first image in a list", () => {
  it("is the first row that shows a picture (an NSFW post shows none); the rest load lazily", () => {
    const posts = [aPost({ id: 1 }), withImage(2, { is_nsfw: true }), withImage(3), withImage(4)];
    render(<PostRows posts={posts} headingLevel="h2" priorityImage />, { wrapper: MemoryRouter });
    expect(pictures()).toEqual([
      null,
      null,
      { src: "/renditions/p3.jpg?width=640&quality=75", priority: "high", loading: "eager" },
      { src: "/renditions/p4.jpg?width=640&quality=75", priority: null, loading: "lazy" },
    ]);
  });

  it("is none of a list that does not hold it", () => {
    render(<PostRows posts={[withImage(5)]} headingLevel="h2" />, { wrapper: MemoryRouter });
    expect(pictures()).toEqual([{ src: "/renditions/p5.jpg?width=640&quality=75", priority: null, loading: "lazy" }]);
  });

  it("is in the first day group that has a picture", () => {
    const posts = [
      aPost({ id: 6, created_at: "2025-06-24T10:00:00Z" }),
      withImage(7, { created_at: "2025-06-23T10:00:00Z" }),
      withImage(8, { created_at: "2025-06-22T10:00:00Z" }),
    ];
    render(<DayGroups posts={posts} headingLevel="h2" idPrefix="t" testId="group" priorityImage />, { wrapper: MemoryRouter });
    expect(pictures().map((picture) => picture && picture.loading)).toEqual([null, "eager", "lazy"]);
  });
});

describe("days and times of a server-rendered list, read outside UTC", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("hydrate as the server wrote them (UTC), then show the visitor's days and times", async () => {
    vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", true);
    // 02:00 UTC on March 1 is 9 PM on February 28 in New York.
    const posts = [
      aPost({ id: 1, title: "Late post", created_at: "2026-03-01T02:00:00Z" }),
      aPost({ id: 2, title: "Evening event", created_at: "2026-01-01T12:00:00Z", event_timestamp: "2026-03-01T02:30:00Z" }),
    ];
    const list = (
      <MemoryRouter>
        <DayGroups posts={posts} headingLevel="h2" idPrefix="all" testId="post-group" />
      </MemoryRouter>
    );
    vi.stubGlobal("Temporal", { Now: { timeZoneId: () => "America/New_York" } });
    const container = document.createElement("div");
    document.body.append(container);
    container.innerHTML = renderToString(list);
    const days = () => [...container.querySelectorAll("h2 time")].map((time) => time.textContent);
    expect(days()).toEqual(["March 1, 2026"]);
    expect(container).toHaveTextContent(/March 1, 2026(,| at) 2:30\sAM/);

    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, list, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(days()).toEqual(["February 28, 2026"]);
    expect(container).toHaveTextContent(/February 28, 2026(,| at) 9:30\sPM/);
    act(() => root.unmount());
    container.remove();
  });
});
