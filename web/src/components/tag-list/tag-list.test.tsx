import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { TagList } from "./tag-list";

describe("TagList", () => {
  it("links each shown tag to all posts with that tag; the count of the rest is no link", () => {
    render(
      <MemoryRouter>
        <TagList tags="live,Tour, r&b ,extra,more" max={3} moreLabel="more" />
      </MemoryRouter>,
    );
    const list = screen.getByRole("list", { name: "Tags" });
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["live", "tour", "r&b", "+2 more"]);
    expect(within(list).getByRole("link", { name: "tour" })).toHaveAttribute("href", "/posts/all?tags=tour");
    expect(within(list).getByRole("link", { name: "r&b" })).toHaveAttribute("href", "/posts/all?tags=r%26b");
    expect(within(list).getAllByRole("link")).toHaveLength(3);
  });
});
