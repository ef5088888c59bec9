import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTimeZone, warmUpDateFormats } from "./time-zone";

describe("browserTimeZone", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks Temporal where the browser has it, without Intl", () => {
    const resolvedOptions = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions");
    vi.stubGlobal("Temporal", { Now: { timeZoneId: () => "Europe/Paris" } });
    expect(browserTimeZone()).toBe("Europe/Paris");
    expect(resolvedOptions).not.toHaveBeenCalled();
  });

  it("asks Intl elsewhere, and says UTC when neither answers", () => {
    vi.stubGlobal("Temporal", undefined);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    vi.stubGlobal("Temporal", { Now: { timeZoneId: () => "" } });
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({ timeZone: "" } as Intl.ResolvedDateTimeFormatOptions);
    expect(browserTimeZone()).toBe("UTC");
  });
});

describe("warmUpDateFormats", () => {
  it("loads the date formats in a task of its own, not in the caller's", () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      const resolvedOptions = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions");
      warmUpDateFormats();
      expect(resolvedOptions).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(resolvedOptions).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
