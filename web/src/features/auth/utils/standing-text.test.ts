import { describe, expect, it } from "vitest";
import { closedNote, standingHeadline } from "./standing-text";

describe("standing texts", () => {
  it("say until when a suspension lasts, or that it lasts for good", () => {
    const reason = "Spam.";
    expect(standingHeadline({ adultConfirmed: true, suspension: { until: "2036-11-30T12:00:00.000Z", reason } }, "en-US"))
      .toMatch(/^Your account is suspended until November 30, 2036 at \d{1,2}:00 (AM|PM)\.$/);
    expect(standingHeadline({ adultConfirmed: true, suspension: { until: null, reason } })).toBe("Your account is suspended.");
  });

  it("name the missing 18+ confirmation when there is no suspension", () => {
    const standing = { adultConfirmed: false, suspension: null };
    expect(standingHeadline(standing)).toBe("Your account has no confirmation that you are 18 or older, so it cannot take part.");
    expect(closedNote(standing, "comment")).toBe("You cannot comment until your account has the confirmation that you are 18 or older.");
  });

  it("close a write control for a suspended member", () => {
    expect(closedNote({ adultConfirmed: true, suspension: { until: null, reason: null } }, "vote")).toBe("You cannot vote while your account is suspended.");
  });
});
