import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPut } from "@/testing/api-client-stub";
import { renderWithQueries } from "@/testing/render-with-queries";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { NotificationSettingsForm } = await import("./notification-settings-form");

const settings = (digest: { timeZone: string; hour: number; isDefault: boolean }) => ({
  topics: [
    { topic: "decisions", delivery: "immediate", isDefault: true },
    { topic: "replies", delivery: "immediate", isDefault: true },
    { topic: "comments", delivery: "immediate", isDefault: true },
    { topic: "account", delivery: "immediate", isDefault: true },
    { topic: "following", delivery: "digest", isDefault: true },
  ],
  digest,
});

describe("NotificationSettingsForm", () => {
  beforeEach(() => {
    apiGet.mockReset();
    apiPut.mockReset();
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({
      ...new Intl.DateTimeFormat("en-US", { timeZone: "UTC" }).resolvedOptions(),
      timeZone: "Europe/Berlin",
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("offers a 3-way choice per topic, prefills the browser's time zone until one is chosen, and saves the choices", async () => {
    apiGet.mockResolvedValue(settings({ timeZone: "UTC", hour: 8, isDefault: true }));
    apiPut.mockImplementation((_path: string, change: { digest: { timeZone: string; hour: number } }) =>
      Promise.resolve(settings({ ...change.digest, isDefault: false })));
    renderWithQueries(<NotificationSettingsForm viewer="u1" />);

    const replies = await screen.findByRole("combobox", { name: "Replies to your comments" });
    expect(replies).toHaveValue("immediate");
    expect([...(replies as HTMLSelectElement).options].map((o) => o.text)).toEqual(["E-mail at once", "In the daily digest", "Bell only"]);
    expect(screen.getByRole("combobox", { name: "New in what you follow" })).toHaveValue("digest");
    expect(screen.getByRole("combobox", { name: "Time zone" })).toHaveValue("Europe/Berlin");
    expect(screen.getByRole("combobox", { name: "Daily digest at" })).toHaveValue("8");

    await userEvent.selectOptions(replies, "bell");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Daily digest at" }), "18");
    await userEvent.click(screen.getByRole("button", { name: "Save notification settings" }));

    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("Your notification settings have been saved."));
    expect(apiPut).toHaveBeenCalledWith("/api/me/notification-settings", {
      topics: [
        { topic: "decisions", delivery: "immediate" },
        { topic: "replies", delivery: "bell" },
        { topic: "comments", delivery: "immediate" },
        { topic: "account", delivery: "immediate" },
        { topic: "following", delivery: "digest" },
      ],
      digest: { timeZone: "Europe/Berlin", hour: 18 },
    });
  });

  it("keeps a time zone the member chose", async () => {
    apiGet.mockResolvedValue(settings({ timeZone: "Asia/Kolkata", hour: 21, isDefault: false }));
    renderWithQueries(<NotificationSettingsForm viewer="u1" />);
    expect(await screen.findByRole("combobox", { name: "Time zone" })).toHaveValue("Asia/Kolkata");
    expect(screen.getByRole("combobox", { name: "Daily digest at" })).toHaveValue("21");
  });
});
