import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect, it, vi } from "vitest";

const get = vi.fn();
vi.mock("@/lib/api-client", () => ({ api: { get: (...args: unknown[]) => get(...args) } }));
const { useRole } = await import("./get-role");

it("useRole: any failure of the role lookup means not admin", async () => {
  get.mockImplementation(async () => {
    throw new Error("Service unavailable");
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useRole("user-1"), { wrapper });
  await waitFor(() => expect(result.current.isError).toBe(true));
  expect(result.current.isAdmin).toBe(false);
});
