import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryFilters } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import type { CommentPage, PostDetail, VoteResult, VoteType } from "@/types/api";
import { applyVote, type VoteCounts } from "../utils/vote-counts";

export type VoteTarget = "post" | "comment";

export type VoteInput = { target: VoteTarget; id: number; voteType: VoteType };

/** POST /api/posts/{id}/vote or /api/comments/{id}/vote. */
export async function castVote({ target, id, voteType }: VoteInput): Promise<VoteResult> {
  const { voteInputSchema } = await import("./vote-input-schema");
  const body = voteInputSchema.parse({ voteType });
  return api.post<VoteResult>(`/api/${target === "post" ? "posts" : "comments"}/${id}/vote`, body);
}

type Votable = { id: number; upvotes: number; downvotes: number; user_vote: VoteType };

const withCounts = <T extends Votable>(item: T, counts: VoteCounts): T => ({
  ...item,
  upvotes: counts.upvotes,
  downvotes: counts.downvotes,
  user_vote: counts.userVote,
});
const countsOf = (item: Votable): VoteCounts => ({ upvotes: item.upvotes, downvotes: item.downvotes, userVote: item.user_vote });

/** The cached answers that show the voted item: the post's detail (any viewer, any spelling of its id), or its post's comment pages. */
function cachedAnswers({ target, id }: VoteInput, postId: number): QueryFilters {
  if (target === "comment") return { queryKey: queryKeys.commentsOf(postId) };
  return { queryKey: queryKeys.postDetails, predicate: (query) => (query.state.data as PostDetail | undefined)?.post?.id === id };
}

/** Rewrites the voted item's counts in every cached answer that shows it. */
function setCachedCounts(queryClient: QueryClient, input: VoteInput, postId: number, change: (counts: VoteCounts) => VoteCounts) {
  const update = <T extends Votable>(item: T) => (item.id === input.id ? withCounts(item, change(countsOf(item))) : item);
  queryClient.setQueriesData<PostDetail | InfiniteData<CommentPage>>(cachedAnswers(input, postId), (data) => {
    if (!data) return data;
    if ("post" in data) return { ...data, post: update(data.post) };
    return { ...data, pages: data.pages.map((page) => ({ ...page, comments: page.comments.map(update) })) };
  });
}

export type UseVoteOptions = {
  /** The post voted on, or the post of the comment voted on: whose cached answers change. */
  postId: number;
  mutationConfig?: MutationConfig<typeof castVote>;
};

/**
 * A vote (SPEC §4): the cached counts change at once, go back when the vote
 * fails, take the server's figures when it succeeds; then every post answer
 * (lists show scores) and, for a comment, the post's comments are refetched.
 */
export function useVote({ postId, mutationConfig }: UseVoteOptions) {
  const queryClient = useQueryClient();
  const { onError, onSuccess, onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: castVote,
    onMutate: async (input) => {
      const answers = cachedAnswers(input, postId);
      // A refetch still under way would overwrite the optimistic counts with older ones.
      await queryClient.cancelQueries(answers);
      const before = queryClient.getQueriesData(answers);
      setCachedCounts(queryClient, input, postId, (counts) => applyVote(counts, input.voteType));
      return { before };
    },
    onError: (error, input, context, functionContext) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      return onError?.(error, input, context, functionContext);
    },
    onSuccess: (result, input, context, functionContext) => {
      setCachedCounts(queryClient, input, postId, () => ({ upvotes: result.upvotes, downvotes: result.downvotes, userVote: result.user_vote }));
      return onSuccess?.(result, input, context, functionContext);
    },
    onSettled: (result, error, input, context, functionContext) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      if (input.target === "comment") void queryClient.invalidateQueries({ queryKey: queryKeys.commentsOf(postId) });
      return onSettled?.(result, error, input, context, functionContext);
    },
  });
}
