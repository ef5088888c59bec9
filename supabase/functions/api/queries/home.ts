import type { Tx } from "../../_shared/db.ts";
import { JsonText } from "../../_shared/json-text.ts";
import type { Votable, Votables } from "./member-votes.ts";

/** The home page (SPEC §3): the pinned post, important posts, and today's posts in `timeZone`. */
export interface HomePosts {
  pinnedPost: Votable | null;
  importantPosts: Votable[];
  recentPosts: Votable[];
}

export async function getHomePosts(tx: Tx, timeZone: string): Promise<JsonText<HomePosts>> {
  const [row] = await tx<{ home: string }[]>`select private.home_posts(${timeZone}) as home`;
  return new JsonText(row.home);
}

export const homeVotables: Votables<HomePosts> = {
  posts: (home) => [home.pinnedPost, ...home.importantPosts, ...home.recentPosts],
};
