import { describe, expect, it } from "vitest";
import { isSignupConfirmation } from "./arrival";

describe("isSignupConfirmation", () => {
  it("is the sign-up link's redirect with a session", () => {
    expect(isSignupConfirmation("#access_token=abc&expires_in=3600&refresh_token=def&token_type=bearer&type=signup")).toBe(true);
  });

  it("is not a recovery link, an expired link or an empty fragment", () => {
    expect(isSignupConfirmation("#access_token=abc&type=recovery")).toBe(false);
    expect(isSignupConfirmation("#error=access_denied&error_code=otp_expired&type=signup")).toBe(false);
    expect(isSignupConfirmation("")).toBe(false);
  });
});
