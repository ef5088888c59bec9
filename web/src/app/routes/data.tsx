import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/config/paths";
import { apiUrl } from "@/lib/api-client";

/** /data: what the archive offers for download, what each file holds, and the API behind the site. */
export default function DataRoute() {
  return (
    <>
      <PageHeader title="Data">Everything published here, free to download, cite and study.</PageHeader>
      <h2>The whole archive</h2>
      <p>
        <a href={apiUrl("/export/archive.jsonl")} download>
          Download the archive (JSON Lines)
        </a>
      </p>
      <p>
        One published post a line: its title, excerpt, content, tags, type, dates, author and references; the links it cites, each
        with its state and its copy in the Wayback Machine; and its history, every published revision, except content an admin hid.
        Posts awaiting review or rejected are never in it. It is refreshed about once an hour.
      </p>
      <h2>A list you found</h2>
      <p>
        On <Link to={paths.allPosts}>All posts</Link>, search or filter, then download those results as CSV or JSON (up to 10,000 posts).
      </p>
      <h2>The API</h2>
      <p>
        The <Link to={paths.dataApi}>API reference</Link> lists every call with its parameters and answers. It is the same API this
        site uses, open to anyone without an account for what visitors may read.
      </p>
    </>
  );
}
