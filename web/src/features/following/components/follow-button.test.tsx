import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { apiDelete, apiGet, apiPut } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { FollowButton } = await import("./follow-button");

describe("FollowButton", () => {
  beforeEach(() => {
    apiGet.mockReset();
    apiPut.mockReset();
    apiDelete.mockReset();
  });

  it("toggles following, pressed while it follows, its name saying what it follows", async () => {
    apiGet.mockResolvedValue({ following: false });
    apiPut.mockResolvedValue({ following: true });
    apiDelete.mockResolvedValue({ following: false });
    renderWithQueries(<FollowButton kind="tags" id="r&b" viewer="u1" label="Follow #r&b" />);

    const button = await screen.findByRole("button", { name: "Follow #r&b" });
    expect(apiGet).toHaveBeenCalledWith("/api/follows/tags/r%26b", expect.anything());
    expect(button).toHaveAttribute("aria-pressed", "false");
    expect(button).toHaveTextContent("Follow");

    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute("aria-pressed", "true"));
    expect(button).toHaveTextContent("Following");
    expect(apiPut).toHaveBeenCalledWith("/api/follows/tags/r%26b");

    await userEvent.click(button);
    await waitFor(() => expect(button).toHaveAttribute("aria-pressed", "false"));
    expect(apiDelete).toHaveBeenCalledWith("/api/follows/tags/r%26b");
  });

  it("shows visitors nothing and asks nothing", () => {
    renderWithQueries(<FollowButton kind="posts" id={7} viewer="anon" label="Follow this post" />);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
  });
});
