import { describe, expect, it } from "vitest";
import { paths, routeRegExp } from "./paths";

describe("paths", () => {
  it("builds post links", () => {
    expect(paths.post(42)).toBe("/posts/42");
    expect(paths.post("a b")).toBe("/posts/a%20b");
    expect(paths.postComments("7")).toBe("/posts/7#comments");
  });
  it("builds links to an author's page and to all posts with a tag", () => {
    expect(paths.author("a0000000-0000-4000-8000-000000000002")).toBe("/authors/a0000000-0000-4000-8000-000000000002");
    expect(paths.postsTagged("live")).toBe("/posts/all?tags=live");
    expect(paths.postsTagged("r&b / soul")).toBe("/posts/all?tags=r%26b+%2F+soul");
    expect(paths.tags).toBe("/tags");
  });
  it("links to the router's patterns", () => {
    expect(paths.timeline).toBe("/timeline");
    expect(paths.signIn).toBe("/sign-in");
    expect(paths.home).toBe("/");
  });
});

describe("routeRegExp", () => {
  it("tells a post page from the other pages under /posts", () => {
    const post = new RegExp(routeRegExp("post"));
    expect(post.test("/posts/12")).toBe(true);
    expect(post.test("/posts/12/")).toBe(true);
    expect(post.test("/posts/all")).toBe(false);
    expect(post.test("/posts/12/edit")).toBe(false);
    expect(new RegExp(routeRegExp("allPosts")).test("/posts/all")).toBe(true);
  });
  it("tells an author's page by its account id", () => {
    const author = new RegExp(routeRegExp("author"));
    expect(author.test("/authors/a0000000-0000-4000-8000-000000000002")).toBe(true);
    expect(author.test("/authors/12")).toBe(false);
  });
  it("matches the home page only at /", () => {
    const home = new RegExp(routeRegExp("home"));
    expect(home.test("/")).toBe(true);
    expect(home.test("/timeline")).toBe(false);
  });
});
