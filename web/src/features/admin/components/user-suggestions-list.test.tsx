import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet as get } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";
import type { UserSuggestion } from "@/types/api";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { UserSuggestionsList } = await import("./user-suggestions-list");

const sent = (n: number, status: string): UserSuggestion => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  userName: "Kit Sender",
  userEmail: null,
  timestamp: `2026-01-0${n}T10:00:00Z`,
  suggestion: `Idea ${n}`,
  status,
});

/** The box, newest first, as the server pages it: two at a time whatever the limit. */
let box: UserSuggestion[] = [];

describe("UserSuggestionsList", () => {
  beforeEach(() => {
    box = [sent(4, "new"), sent(3, "reviewed"), sent(2, "new"), sent(1, "new")];
    get.mockReset();
    get.mockImplementation((_path: string, options: { query: { status?: string; cursor?: string | null } }) => {
      const shown = box.filter((item) => !options.query.status || item.status === options.query.status);
      const start = options.query.cursor ? Number(options.query.cursor) : 0;
      const suggestions = shown.slice(start, start + 2);
      return Promise.resolve({ suggestions, nextCursor: start + 2 < shown.length ? String(start + 2) : null, total: shown.length });
    });
  });

  it("shows the newest page, says how many there are and loads the next page on request", async () => {
    renderWithQueries(<UserSuggestionsList />);
    expect(await screen.findByText("Showing 2 of 4 suggestions, newest first.")).toBeInTheDocument();
    expect(screen.getAllByText(/^Idea \d$/).map((text) => text.textContent)).toEqual(["Idea 4", "Idea 3"]);

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Idea 1")).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/admin/suggestions", expect.objectContaining({ query: { status: undefined, limit: 20, cursor: "2" } }));
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("asks for one status a page at a time, and says when none has it", async () => {
    renderWithQueries(<UserSuggestionsList />);
    await userEvent.click(await screen.findByRole("radio", { name: "New" }));
    expect(await screen.findByText("Showing 2 of 3 suggestions, newest first.")).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/admin/suggestions", expect.objectContaining({ query: { status: "new", limit: 20, cursor: null } }));
    expect(screen.queryByText("Idea 3")).not.toBeInTheDocument();

    box = [];
    await userEvent.click(screen.getByRole("radio", { name: "Reviewed" }));
    expect(await screen.findByText("No reviewed suggestions.")).toBeInTheDocument();
  });
});
