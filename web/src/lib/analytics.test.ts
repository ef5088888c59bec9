import { beforeEach, describe, expect, it, vi } from "vitest";

const posthog = { init: vi.fn(), capture: vi.fn() };
const factory = vi.fn(() => ({ default: posthog }));
vi.mock("posthog-js", () => factory());

const { initAnalytics, resetAnalyticsForTests } = await import("./analytics");

describe("analytics", () => {
  beforeEach(() => {
    resetAnalyticsForTests();
    posthog.init.mockClear();
    posthog.capture.mockClear();
    factory.mockClear();
  });

  it("loads and sends nothing without a key", async () => {
    await expect(initAnalytics({ posthogKey: undefined, posthogHost: "https://us.i.posthog.com" })).resolves.toBe(false);
    expect(factory).not.toHaveBeenCalled();
    expect(posthog.init).not.toHaveBeenCalled();
  });

  it("starts posthog with page views and autocapture, then sends one site_visit", async () => {
    await expect(initAnalytics({ posthogKey: "phc_key", posthogHost: "https://us.i.posthog.com" })).resolves.toBe(true);
    await initAnalytics({ posthogKey: "phc_key", posthogHost: "https://us.i.posthog.com" });
    expect(posthog.init).toHaveBeenCalledTimes(1);
    expect(posthog.init).toHaveBeenCalledWith(
      "phc_key",
      expect.objectContaining({ api_host: "https://us.i.posthog.com", capture_pageview: "history_change", autocapture: true }),
    );
    expect(posthog.capture).toHaveBeenCalledTimes(1);
    expect(posthog.capture).toHaveBeenCalledWith("site_visit");
  });
});
