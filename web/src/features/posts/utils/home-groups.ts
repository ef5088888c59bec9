import type { HomePosts, Post } from "@/types/api";

/**
 * Home's columns with each post once: the pinned post has its own column,
 * so Important Updates and Recent News leave it out (its card carries the
 * IMPORTANT marker when it is one). `pinnedWasImportant` and
 * `pinnedWasRecent` say a list lost it, so an emptied list can say "other".
 */
export type HomeColumns = {
  pinnedPost: Post | null;
  importantPosts: Post[];
  recentPosts: Post[];
  pinnedWasImportant: boolean;
  pinnedWasRecent: boolean;
};

export const withoutPinned = <T extends Pick<Post, "id">>(posts: T[], pinned: Pick<Post, "id"> | null): T[] =>
  pinned ? posts.filter((post) => post.id !== pinned.id) : posts;

export function homeColumns(home: HomePosts): HomeColumns {
  const pinned = home.pinnedPost;
  const importantPosts = withoutPinned(home.importantPosts, pinned);
  const recentPosts = withoutPinned(home.recentPosts, pinned);
  return {
    pinnedPost: pinned,
    importantPosts,
    recentPosts,
    pinnedWasImportant: importantPosts.length < home.importantPosts.length,
    pinnedWasRecent: recentPosts.length < home.recentPosts.length,
  };
}
