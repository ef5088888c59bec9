import type { PostPage } from "@/types/api";

/** Posts per page of the timeline and of All posts. */
export const PAGE_SIZE = 20;

/** The cursor paging both lists share: the first page has no cursor, the last answers none. */
export const postPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: PostPage) => last.nextCursor ?? undefined,
};
