/**
 * The pages Lighthouse measures (every main page, with photos on
 * it): Home, the post in Home's lead slot with its image, all posts, the
 * timeline, that post's author's page, the tag index and that post's first
 * tag's posts. The post is found through the API, so after `npm run
 * seed:photos` it is the pinned post with a 6.4 MB camera photo.
 */
type HomePost = { id: number; author_id?: string; tags?: string; media?: { media_type: string }[] };
type HomeGroups = { pinnedPost: HomePost | null; importantPosts: HomePost[]; recentPosts: HomePost[] };

export async function mainPages(apiBase: string): Promise<string[]> {
  const response = await fetch(`${apiBase}/api/posts`);
  if (!response.ok) throw new Error(`GET ${apiBase}/api/posts answered ${response.status}`);
  const home = (await response.json()) as HomeGroups;
  const withImage = [home.pinnedPost, ...home.importantPosts, ...home.recentPosts].find(
    (post): post is HomePost => Boolean(post?.media?.some((media) => media.media_type === "image") && post.author_id),
  );
  if (!withImage) throw new Error("no post on Home has an image: load the demo data and run `npm run seed:photos`");
  const tag = withImage.tags?.split(",")[0]?.trim();
  return [
    "/",
    `/posts/${withImage.id}`,
    "/posts/all",
    "/timeline",
    `/authors/${withImage.author_id}`,
    "/tags",
    ...(tag ? [`/posts/all?${new URLSearchParams({ tags: tag })}`] : []),
  ];
}
