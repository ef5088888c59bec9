import { describe, expect, it } from "vitest";
import { newPasswordNeedsCurrent } from "./session-method";

// UTF-8, base64url without padding, as Auth writes a token's payload.
const token = (claims: Record<string, unknown>) => `header.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.signature`;

describe("newPasswordNeedsCurrent", () => {
  it("asks for the current password in a session signed in with the password", () => {
    expect(newPasswordNeedsCurrent(token({ amr: [{ method: "password", timestamp: 1 }] }))).toBe(true);
  });

  it("does not after an e-mail link or code (a reset, a confirmation, a log-in link)", () => {
    for (const method of ["otp", "magiclink", "recovery"]) {
      expect(newPasswordNeedsCurrent(token({ amr: [{ method: "password", timestamp: 1 }, { method, timestamp: 2 }] }))).toBe(false);
    }
  });

  it("reads tokens whose other claims are not ASCII, and asks for it when the token says nothing readable", () => {
    expect(newPasswordNeedsCurrent(token({}))).toBe(true);
    expect(newPasswordNeedsCurrent("not-a-token")).toBe(true);
    expect(newPasswordNeedsCurrent(token({ user_metadata: { first_name: "Zoë ✓" }, amr: [{ method: "otp" }] }))).toBe(false);
  });
});
