import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "@/config/env";
import { FeedLink } from "./feed-link";

const headFeeds = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][type="application/atom+xml"]')].map((link) => ({
    title: link.title,
    href: link.getAttribute("href"),
  }));

afterEach(() => document.head.querySelectorAll("link").forEach((link) => link.remove()));

describe("FeedLink", () => {
  it("links every new post's feed without a tag or with several, and names nothing more in <head>", () => {
    const { rerender } = render(<FeedLink tags={[]} />);
    expect(screen.getByRole("link", { name: "Atom feed" })).toHaveAttribute("href", "/api/feed");
    rerender(<FeedLink tags={["live", "tour"]} />);
    expect(screen.getByRole("link", { name: "Atom feed" })).toHaveAttribute("href", "/api/feed");
    expect(headFeeds()).toEqual([]);
  });

  it("links one tag's feed, visibly and in <head> while shown", () => {
    const { unmount } = render(<FeedLink tags={["live & loud"]} />);
    const link = screen.getByRole("link", { name: "Atom feed of live & loud" });
    expect(link).toHaveAttribute("href", "/api/feed?tag=live+%26+loud");
    expect(link).toHaveAttribute("type", "application/atom+xml");
    expect(link).toHaveAccessibleDescription("Follow new posts:");
    expect(headFeeds()).toEqual([{ title: `${env.siteName}: posts tagged “live & loud”`, href: "/api/feed?tag=live+%26+loud" }]);
    unmount();
    expect(headFeeds()).toEqual([]);
  });

  it("links an author's feed, visibly and in <head> while shown", () => {
    const author = { id: "6f1c2b9e-1d2a-4c3b-9e8f-0a1b2c3d4e5f", name: "Ada Lovelace" };
    const { unmount } = render(<FeedLink author={author} />);
    expect(screen.getByRole("link", { name: "Atom feed of Ada Lovelace's posts" })).toHaveAttribute("href", `/api/feed?author=${author.id}`);
    expect(headFeeds()).toEqual([{ title: `${env.siteName}: posts by Ada Lovelace`, href: `/api/feed?author=${author.id}` }]);
    unmount();
    expect(headFeeds()).toEqual([]);
  });
});
