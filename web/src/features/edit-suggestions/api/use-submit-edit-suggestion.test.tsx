import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { api, ApiError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useSubmitEditSuggestion } from "./submit-edit-suggestion";

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useSubmitEditSuggestion(), { wrapper });
  return { result, invalidate };
}

describe("useSubmitEditSuggestion", () => {
  it("sends the changed fields with the trimmed summary, then refetches the pending suggestions", async () => {
    const send = vi.spyOn(api, "post").mockResolvedValue({});
    const { result, invalidate } = setup();
    act(() => result.current.mutate({ postId: 4, changes: { title: "Better title" }, summary: " Fixed the title " }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(send).toHaveBeenCalledWith("/api/posts/4/suggestions", expect.objectContaining({ title: "Better title", summary: "Fixed the title" }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.pendingEditSuggestions });
  });

  it("refetches nothing when the server refuses", async () => {
    vi.spyOn(api, "post").mockRejectedValue(new ApiError(400, "You haven't made any changes."));
    const { result, invalidate } = setup();
    act(() => result.current.mutate({ postId: 4, changes: { title: "Same" }, summary: "No change" }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 400, message: "You haven't made any changes." });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
