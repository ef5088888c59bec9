import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { queryKeys } from "@/lib/query-keys";

const authSignOut = vi.fn();
vi.mock("@/lib/supabase", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/supabase")>()),
  getAuthClient: async () => ({ signOut: authSignOut }),
}));

const { useSignOut } = await import("./sign-out");

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.role("user-1"), { role: "admin" });
  client.setQueryData(queryKeys.home("user-1", "UTC"), { today: [] });
  const signedOut = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useSignOut({ mutationConfig: { onSuccess: signedOut } }), { wrapper });
  return { client, result, signedOut };
}

describe("useSignOut", () => {
  it("drops the roles read so far, then lets the screen go on", async () => {
    authSignOut.mockResolvedValue({ error: null });
    const { client, result, signedOut } = setup();
    act(() => result.current.mutate());
    await waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    expect(authSignOut).toHaveBeenCalledTimes(1);
    expect(client.getQueryData(queryKeys.role("user-1"))).toBeUndefined();
    expect(client.getQueryData(queryKeys.home("user-1", "UTC"))).toEqual({ today: [] });
  });

  it("still signs out locally when the server-side logout fails", async () => {
    authSignOut.mockResolvedValue({ error: new Error("Session not found") });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { client, result, signedOut } = setup();
    act(() => result.current.mutate());
    await waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledWith("Sign-out:", "Session not found");
    expect(client.getQueryData(queryKeys.role("user-1"))).toBeUndefined();
  });
});
