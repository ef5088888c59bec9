import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { apiGet as get, apiPost as post } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { UnsubscribePage } = await import("./unsubscribe-page");

const renderPage = (token = "signed.token") => renderWithQueries(<UnsubscribePage token={token} />, { route: `/unsubscribe?token=${token}` });

describe("UnsubscribePage", () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
  });

  it("says what will stop and changes nothing until Unsubscribe is pressed; then confirms, with a link to the settings", async () => {
    get.mockResolvedValue({ valid: true, topic: "replies", about: "replies to your comments" });
    post.mockResolvedValue({ topic: "replies", about: "replies to your comments" });
    renderPage();
    expect(await screen.findByText("You will no longer get e-mails about replies to your comments.")).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith("/api/email/unsubscribe", expect.objectContaining({ query: { token: "signed.token" }, auth: false }));
    expect(post).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Unsubscribe" }));
    expect(await screen.findByRole("region", { name: "You are unsubscribed." })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith("/api/email/unsubscribe", {}, expect.objectContaining({ query: { token: "signed.token" }, auth: false }));
    expect(screen.getByText(/You will no longer get e-mails about replies to your comments\. They still appear under the bell/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "choose which e-mails you get on your account page" })).toHaveAttribute("href", "/account#notifications");
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });

  it("an expired link says so, offers no button, and points to the settings", async () => {
    get.mockRejectedValue(new ApiError(410, "This unsubscribe link has expired."));
    renderPage();
    expect(await screen.findByRole("region", { name: "This unsubscribe link has expired." })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "choose which e-mails you get on your account page" })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("a forged or cut-short link is not valid; a link without a token is not even asked about", async () => {
    get.mockRejectedValue(new ApiError(400, "This unsubscribe link is not valid."));
    const { unmount } = renderPage();
    expect(await screen.findByRole("region", { name: "This unsubscribe link is not valid." })).toBeInTheDocument();
    unmount();

    get.mockReset();
    renderPage("");
    expect(screen.getByRole("region", { name: "This unsubscribe link is not valid." })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it("a failure of ours offers Try again, which asks again", async () => {
    get.mockRejectedValueOnce(new ApiError(503, "The archive is briefly unavailable.")).mockRejectedValueOnce(new ApiError(503, "The archive is briefly unavailable."));
    get.mockResolvedValue({ valid: true, topic: "digest", about: "anything in your daily digest" });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Try again" }, { timeout: 5000 }));
    expect(await screen.findByText("You will no longer get e-mails about anything in your daily digest.")).toBeInTheDocument();
  });
});
