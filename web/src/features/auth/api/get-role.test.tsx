import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const get = vi.fn();
vi.mock("@/lib/api-client", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));

const { getRole, isAdminRole, roleOf, roleQueryOptions, useRole } = await import("./get-role");

describe("isAdminRole (SPEC §6)", () => {
  it.each([
    [{ role: "admin" }, true],
    [{ roles: ["admin"] }, true],
    [{ role: "user", roles: ["moderator", "admin"] }, true],
    [{ role: "user", roles: [] }, false],
    [{ role: "moderator" }, false],
    [{ roles: "admin" }, false],
    [{ role: "Admin" }, false],
    [{}, false],
    [null, false],
    [undefined, false],
    ["admin", false],
  ])("%j -> %s", (response, expected) => {
    expect(isAdminRole(response)).toBe(expected);
  });
});

describe("roleOf: the highest role (admin > moderator > user)", () => {
  it.each([
    [{ role: "admin", roles: ["admin", "moderator"] }, "admin"],
    [{ role: "user", roles: ["moderator", "admin"] }, "admin"],
    [{ role: "moderator", roles: ["moderator"] }, "moderator"],
    [{ role: "user", roles: ["moderator"] }, "moderator"],
    [{ role: "Moderator" }, "user"],
    [{ role: "user", roles: [] }, "user"],
    [null, "user"],
    ["moderator", "user"],
  ])("%j -> %s", (response, expected) => {
    expect(roleOf(response)).toBe(expected);
  });
});

function wrapper() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("role lookup", () => {
  beforeEach(() => get.mockReset());

  it("calls GET /api/role?uid={userId}", async () => {
    get.mockResolvedValue({ role: "admin" });
    await getRole("user-1");
    expect(get).toHaveBeenCalledWith("/api/role", expect.objectContaining({ query: { uid: "user-1" } }));
    expect(roleQueryOptions("user-1").queryKey).toEqual(["role", "user-1"]);
  });

  it("useRole: admin when the API says so", async () => {
    get.mockResolvedValue({ role: "user", roles: ["admin"] });
    const { result } = renderHook(() => useRole("user-1"), { wrapper: wrapper() });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.isAdmin).toBe(true);
  });

  it("useRole: no lookup without a user", () => {
    const { result } = renderHook(() => useRole(undefined), { wrapper: wrapper() });
    expect(get).not.toHaveBeenCalled();
    expect(result.current.isAdmin).toBe(false);
  });
});
