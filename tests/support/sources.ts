import { sql } from "./database.ts";
import { createPost, type PostOptions, type TestUser } from "./fixtures.ts";

export type SourceState = "unchecked" | "alive" | "moved" | "dead" | "uncheckable";

/** A URL a post cites (already normalised, as extraction keeps it), and what its checks and captures found. */
export interface CheckedSource {
  url: string;
  /** References unless given. */
  place?: "references" | "content";
  /** Alive unless given. */
  state?: SourceState;
  movedTo?: string;
  /** ISO 8601 or null; now unless given, or null when unchecked. */
  checkedAt?: string | null;
  archived?: { url: string; at: string };
}

/**
 * Records that `postId` cites `sources` (a URL's first entry says how it
 * stands), each already checked and archived as
 * the site's jobs would leave it. The stack drains those jobs every minute, so
 * the fixture gives them nothing to redo: the sources exist before they are
 * cited, nothing stays queued for them (a published post's sources without a
 * capture get one queued), their next check is a week away, and the
 * post's own text must cite the same URLs (`createPostCiting` writes it so)
 * for its extraction job to find what this wrote.
 */
export async function citeCheckedSources(postId: number, sources: CheckedSource[]) {
  const firstOfEach = sources.filter((source, index) => sources.findIndex((other) => other.url === source.url) === index);
  for (const source of firstOfEach) {
    const row = {
      url: source.url, host: new URL(source.url).hostname, state: source.state ?? "alive", moved_to: source.movedTo ?? null,
      checked_at: source.checkedAt !== undefined ? source.checkedAt : source.state === "unchecked" ? null : new Date().toISOString(),
      archived_url: source.archived?.url ?? null, archived_at: source.archived?.at ?? null,
    };
    await sql`
      insert into public.sources (url, host, state, moved_to, checked_at, next_check_at, archived_url, archived_at)
      values (${row.url}, ${row.host}, ${row.state}, ${row.moved_to}, ${row.checked_at}::text::timestamptz, now() + interval '7 days',
              ${row.archived_url}, ${row.archived_at}::text::timestamptz)
      on conflict (url) do update set state = excluded.state, moved_to = excluded.moved_to, checked_at = excluded.checked_at,
        next_check_at = excluded.next_check_at, archived_url = excluded.archived_url, archived_at = excluded.archived_at`;
  }
  const urls = firstOfEach.map((source) => source.url);
  await sql.begin(async (tx) => {
    await tx`select private.replace_post_sources(${postId}, ${tx.json(citedAsExtracted(sources))})`;
    // A published post's sources without a capture get one queued; these are as the fixture says they are.
    await tx`delete from private.source_jobs where source_id in (select id from public.sources where url = any(${urls}))`;
  });
}

/** A post whose references (one a line) and content cite `sources`, each already checked and archived (`citeCheckedSources`). */
export async function createPostCiting(author: TestUser, sources: CheckedSource[], options: PostOptions = {}) {
  const urlsIn = (place: "references" | "content") => sources.filter((source) => (source.place ?? "references") === place).map((source) => source.url);
  const content = urlsIn("content");
  const postId = await createPost(author, {
    ...options,
    citations: urlsIn("references").join("\n") || null,
    content: content.length > 0 ? `Cited here: ${content.join(" and ")}` : options.content,
  });
  await citeCheckedSources(postId, sources);
  return postId;
}

/** Each URL once per place, numbered from 0 in order, as supabase/functions/api/sources/extract-urls.ts gives them. */
function citedAsExtracted(sources: CheckedSource[]) {
  const positions = { references: [] as string[], content: [] as string[] };
  return sources.flatMap((source) => {
    const place = source.place ?? "references";
    if (positions[place].includes(source.url)) return [];
    positions[place].push(source.url);
    return [{ url: source.url, host: new URL(source.url).hostname, place, position: positions[place].length - 1 }];
  });
}
