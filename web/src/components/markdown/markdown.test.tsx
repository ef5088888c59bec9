import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import Markdown from "./markdown";

describe("Markdown", () => {
  it("renders GitHub-flavoured tables and lists", () => {
    render(<Markdown headingBase={1}>{"- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~old~~"}</Markdown>);
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "2" })).toBeInTheDocument();
  });

  it("puts a table in a region that keyboard users can focus and scroll, named by its column headings", () => {
    render(<Markdown headingBase={1}>{"| Type of post | Date we use |\n|---|---|\n| Release | Release day |\n\n| | |\n|---|---|\n| a | b |"}</Markdown>);
    const [named, unnamed] = screen.getAllByRole("region");
    expect(named).toHaveAccessibleName("Table: Type of post, Date we use");
    expect(named).toHaveAttribute("tabindex", "0");
    expect(named).toContainElement(screen.getAllByRole("table")[0]);
    expect(unnamed).toHaveAccessibleName("Table");
  });

  it("renders no raw HTML and neutralises javascript: links", () => {
    const { container } = render(
      <Markdown headingBase={1}>{'<script>alert(1)</script><img src=x onerror="alert(1)">\n\n[click](javascript:alert(1)) [ok](https://example.com)'}</Markdown>,
    );
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img[onerror]")).toBeNull();
    const click = screen.getByText("click").closest("a");
    expect(click?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
    expect(screen.getByRole("link", { name: "ok" })).toHaveAttribute("rel", expect.stringContaining("noopener"));
  });

  it("loads images from other hosts lazily and without a Referer; the site's own keep the default policy", () => {
    render(<Markdown headingBase={1}>{"![Theirs](https://images.example.org/a.jpg) ![Ours](/images/b.png)"}</Markdown>);
    const theirs = screen.getByRole("img", { name: "Theirs" });
    expect(theirs).toHaveAttribute("referrerpolicy", "no-referrer");
    expect(theirs).toHaveAttribute("loading", "lazy");
    const ours = screen.getByRole("img", { name: "Ours" });
    expect(ours).not.toHaveAttribute("referrerpolicy");
    expect(ours).toHaveAttribute("loading", "lazy");
  });
});

describe("Markdown headings", () => {
  const levels = () => screen.getAllByRole("heading").map((heading) => [heading.tagName, heading.textContent]);

  it("nests the markdown's headings one below the heading it sits under", () => {
    render(<Markdown headingBase={1}>{"# One\n\n## Two\n\n### Three"}</Markdown>);
    expect(levels()).toEqual([["H2", "One"], ["H3", "Two"], ["H4", "Three"]]);
  });

  it("starts a post that opens with ### right below the page's heading, never skipping a level", () => {
    render(<Markdown headingBase={1}>{"### Three\n\n##### Five\n\n# One"}</Markdown>);
    expect(levels()).toEqual([["H2", "Three"], ["H3", "Five"], ["H2", "One"]]);
  });

  it("clamps at h6 under a deep heading, sizing headings by their depth in the markdown", () => {
    render(<Markdown headingBase={4}>{"# One\n\n## Two\n\n### Three"}</Markdown>);
    expect(levels()).toEqual([["H5", "One"], ["H6", "Two"], ["H6", "Three"]]);
    const [one, two] = screen.getAllByRole("heading");
    expect(one.className).not.toBe(two.className);
  });
});

describe("Markdown for review (external images on click)", () => {
  it("shows a button naming the host instead of loading another host's image", () => {
    render(<Markdown headingBase={4} externalImages="click-to-load">{"![Theirs](https://images.example.org/a.jpg) ![Ours](/images/b.png)"}</Markdown>);
    expect(screen.queryByRole("img", { name: "Theirs" })).toBeNull();
    expect(screen.getByRole("button", { name: /External image from images\.example\.org/ })).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Ours" })).toBeInTheDocument();
  });
});
