import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ContentSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import type { Viewer } from "@/lib/query-keys";
import type { FollowKind } from "../api/get-follow-state";
import { useMyFollows } from "../api/get-my-follows";
import { useSetFollow } from "../api/set-follow";
import styles from "./following.module.css";

type Entry = { key: string; id: string | number; name: string; href: string };

/** The account page's Following: the posts, tags and authors the member follows, each with one click to stop. */
export function FollowingLists({ viewer }: { viewer: Viewer }) {
  const follows = useMyFollows(viewer);
  const stop = useSetFollow({
    mutationConfig: { onError: (error) => notify.error(apiErrorDetail(error) ?? "That did not work. Please try again in a moment.") },
  });
  if (follows.isPending) return <ContentSpinner label="Loading what you follow..." />;
  if (follows.isError) return <p role="alert">What you follow could not be loaded. Please try again in a moment.</p>;
  const { posts, tags, authors } = follows.data;
  const lists: { kind: FollowKind; title: string; empty: string; entries: Entry[] }[] = [
    {
      kind: "posts",
      title: "Posts",
      empty: "No posts. Follow a post to hear of its new comments.",
      entries: posts.map((p) => ({ key: String(p.postId), id: p.postId, name: p.title, href: paths.post(p.postId) })),
    },
    {
      kind: "tags",
      title: "Tags",
      empty: "No tags. Follow a tag on its list of posts to hear of new posts with it.",
      entries: tags.map((t) => ({ key: t.tag, id: t.tag, name: `#${t.tag}`, href: paths.postsTagged(t.tag) })),
    },
    {
      kind: "authors",
      title: "Authors",
      empty: "No authors. Follow an author on their page to hear of their new posts.",
      entries: authors.map((a) => ({ key: a.authorId, id: a.authorId, name: a.name, href: paths.author(a.authorId) })),
    },
  ];
  return (
    <div className={styles.lists}>
      {lists.map(({ kind, title, empty, entries }) => (
        <section key={kind} aria-label={`Followed ${title.toLowerCase()}`}>
          <h3 className={styles.listTitle}>{title}</h3>
          {entries.length ? (
            <ul className={styles.list}>
              {entries.map((entry) => {
                const stopping = stop.isPending && stop.variables.kind === kind && stop.variables.id === entry.id;
                return (
                  <li key={entry.key} className={styles.entry}>
                    <Link to={entry.href} className={styles.name}>
                      {entry.name}
                    </Link>
                    <Button
                      variant="secondary"
                      size="small"
                      aria-label={`Unfollow ${entry.name}`}
                      isLoading={stopping}
                      onClick={() => stop.mutate({ kind, id: entry.id, following: false, viewer })}
                    >
                      Unfollow
                    </Button>
                  </li>
                );
              })}
            </ul>
          ) : (
            <p className={styles.muted}>{empty}</p>
          )}
        </section>
      ))}
    </div>
  );
}
