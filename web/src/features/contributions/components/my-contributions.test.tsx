import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet as get } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { MyContributions } = await import("./my-contributions");

const suggestion = (id: string, text: string) => ({ id, suggestion: text, status: "new", created_at: "2026-11-01T10:00:00Z" });

describe("MyContributions", () => {
  beforeEach(() => get.mockReset());

  it("shows a list a page at a time: 'Show more' asks for the next page and goes once there is none", async () => {
    get.mockImplementation((path: string, options?: { query?: { cursor?: string } }) => {
      if (path === "/me/posts") return Promise.resolve({ posts: [], nextCursor: null });
      if (path === "/me/edit-suggestions") return Promise.resolve({ suggestions: [], nextCursor: null });
      return Promise.resolve(options?.query?.cursor === "page-2"
        ? { suggestions: [suggestion("b", "Older idea")], nextCursor: null }
        : { suggestions: [suggestion("a", "Newer idea")], nextCursor: "page-2" });
    });
    renderWithQueries(<MyContributions viewer="u1" />);
    const section = await screen.findByRole("region", { name: "Your suggestions" });
    expect(await within(section).findByText("Newer idea")).toBeInTheDocument();
    expect(within(section).queryByText("Older idea")).not.toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Show more" }));
    expect(await within(section).findByText("Older idea")).toBeInTheDocument();
    expect(within(section).getByText("Newer idea")).toBeInTheDocument();
    expect(within(section).queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/me/suggestions", expect.objectContaining({ query: { cursor: "page-2" } }));
  });
});
