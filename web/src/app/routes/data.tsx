import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import { apiUrl } from "@/lib/api-client";
import { ArchiveDownload } from "@/features/posts/components/archive-download";

/** /data: what the archive offers for download, under which licence, what each file holds, its feeds, and the API behind the site. */
export default function DataRoute() {
  const license = env.contentLicense;
  return (
    <>
      <PageHeader title="Data">Everything published here, free to download, cite and study.</PageHeader>
      <h2>Reusing it</h2>
      <p data-testid="content-license">
        The archive&apos;s text and media may be reused under{" "}
        {license.url ? (
          <a href={license.url} rel="license">
            {license.name}
          </a>
        ) : (
          license.name
        )}
        , crediting {env.siteName} and, for media, the member who uploaded them (named on each post).
      </p>
      <h2>The whole archive</h2>
      <ArchiveDownload />
      <p>
        One published post a line: its title, excerpt, content, tags, type, dates, author and references; the links it cites, each
        with its state and its copy in the Wayback Machine; and its history, every published revision, except content an admin hid.
        Posts awaiting review or rejected are never in it. It is made as you download it, so it is at most a few minutes old.
      </p>
      <h2>A list you found</h2>
      <p>
        On <Link to={paths.allPosts}>All posts</Link>, search or filter, then download those results as CSV or JSON (up to 10,000 posts).
        Each file is made from the list as it is when you download it, so its size depends on your filters.
      </p>
      <h2>Feeds</h2>
      <p>
        Follow new posts in a feed reader: the <a href={apiUrl("/feed")} type="application/atom+xml">Atom feed</a> of every new post,
        or the <a href={apiUrl("/feed", { type: "event" })} type="application/atom+xml">Atom feed of events</a>. Each holds the newest
        50; a tag&apos;s own feed is linked from All posts when you filter by that tag.
      </p>
      <h2>The API</h2>
      <p>
        The <Link to={paths.dataApi}>API reference</Link> lists every call with its parameters and answers. It is the same API this
        site uses, open to anyone without an account for what visitors may read.
      </p>
    </>
  );
}
