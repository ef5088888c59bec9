import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { emptyPostFields } from "@/lib/post-fields";
import { queryKeys } from "@/lib/query-keys";
import { useCreatePost } from "./create-post";

/** The one request under way; the test plays the server's part. */
class FakeRequest {
  static current: FakeRequest | undefined;
  upload: { onprogress?: (event: Partial<ProgressEvent>) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = "";
  responseText = "";
  url = "";
  body: FormData | undefined;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeRequest.current = this;
  }
  uploaded(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const fields = { ...emptyPostFields, title: "A title", excerpt: "An excerpt", content: "Some content" };
const photo = new File(["pixels"], "photo.jpg", { type: "image/jpeg" });

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useCreatePost(), { wrapper });
  return { result, invalidate };
}

const request = async () => {
  await waitFor(() => expect(FakeRequest.current).toBeDefined());
  return FakeRequest.current!;
};

describe("useCreatePost", () => {
  beforeEach(() => {
    FakeRequest.current = undefined;
    vi.stubGlobal("XMLHttpRequest", FakeRequest);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("follows the upload of the media from 0 to 1, then refetches the posts and the admin lists", async () => {
    const { result, invalidate } = setup();
    act(() => result.current.mutate({ fields, media: [photo] }));
    const xhr = await request();
    expect(result.current.progress).toBe(0);
    expect(xhr.url).toBe("/api/posts");
    expect(xhr.body?.get("title")).toBe("A title");
    expect((xhr.body?.get("media") as File).name).toBe("photo.jpg");
    act(() => xhr.uploaded(30, 120));
    expect(result.current.progress).toBe(0.25);
    act(() => xhr.answer(201, { id: 9 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual({ id: 9 });
    expect(result.current.progress).toBe(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.posts });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.admin });
  });

  it("shows no progress for a post without media", async () => {
    const { result } = setup();
    act(() => result.current.mutate({ fields, media: [] }));
    const xhr = await request();
    expect(result.current.progress).toBeNull();
    act(() => xhr.answer(201, { id: 10 }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.progress).toBeNull();
  });

  it("drops the progress and reports the server's reason when the post is refused", async () => {
    const { result, invalidate } = setup();
    act(() => result.current.mutate({ fields, media: [photo] }));
    const xhr = await request();
    act(() => xhr.uploaded(60, 120));
    act(() => xhr.answer(429, { error: "Please wait 5 minutes before posting again." }));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ status: 429, message: "Please wait 5 minutes before posting again." });
    expect(result.current.progress).toBeNull();
    expect(invalidate).not.toHaveBeenCalled();
  });
});
