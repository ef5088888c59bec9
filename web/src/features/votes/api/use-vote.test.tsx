import { type InfiniteData, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { api, ApiError } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import type { Comment, CommentPage, Post, PostDetail, VoteResult } from "@/types/api";
import { useVote } from "./vote";

const post = { id: 7, upvotes: 2, downvotes: 1, user_vote: "none" } as Post;
const comment = { id: 70, post_id: 7, upvotes: 1, downvotes: 0, user_vote: "up" } as unknown as Comment;

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData<PostDetail>(queryKeys.post("7", "anon"), { post, infoBoxes: [] } as PostDetail);
  const page: CommentPage = { comments: [comment], nextCursor: null, total: 1 };
  client.setQueryData<InfiniteData<CommentPage>>(queryKeys.comments(7, "newest", "anon"), { pages: [page], pageParams: [undefined] });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useVote({ postId: 7 }), { wrapper });
  const cachedPost = () => client.getQueryData<PostDetail>(queryKeys.post("7", "anon"))!.post;
  const cachedComment = () => client.getQueryData<InfiniteData<CommentPage>>(queryKeys.comments(7, "newest", "anon"))!.pages[0].comments[0];
  return { result, cachedPost, cachedComment };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe("useVote (SPEC §4)", () => {
  it("changes the cached counts before the server answers, then takes the server's figures", async () => {
    const answer = deferred<VoteResult>();
    const send = vi.spyOn(api, "post").mockReturnValue(answer.promise);
    const { result, cachedPost } = setup();
    act(() => result.current.mutate({ target: "post", id: 7, voteType: "up" }));
    await waitFor(() => expect(cachedPost()).toMatchObject({ upvotes: 3, downvotes: 1, user_vote: "up" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith("/api/posts/7/vote", { voteType: "up" }));
    await act(async () => answer.resolve({ upvotes: 5, downvotes: 1, user_vote: "up" }));
    await waitFor(() => expect(cachedPost()).toMatchObject({ upvotes: 5, downvotes: 1, user_vote: "up" }));
  });

  it("puts the counts back when the vote fails", async () => {
    const answer = deferred<VoteResult>();
    vi.spyOn(api, "post").mockReturnValue(answer.promise);
    const { result, cachedComment } = setup();
    act(() => result.current.mutate({ target: "comment", id: 70, voteType: "none" }));
    await waitFor(() => expect(cachedComment()).toMatchObject({ upvotes: 0, downvotes: 0, user_vote: "none" }));
    await act(async () => answer.reject(new ApiError(429, "Too Many Requests")));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(cachedComment()).toMatchObject({ upvotes: 1, downvotes: 0, user_vote: "up" });
  });
});
