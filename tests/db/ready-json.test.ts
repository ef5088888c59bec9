/**
 * Each post's and comment's JSON is kept ready (private.post_cards,
 * private.comment_cards) by triggers, without the counters a vote changes.
 * After real changes through the functions the API calls, every stored card
 * plus its counters must be exactly what private.post_json /
 * private.comment_json build from the rows (a published post's detail too,
 * private.approved_post_detail), and a vote must not write a card.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { createComment, createPost } from "../support/fixtures.ts";
import { asCaller, type Caller, createAdmin, createMember } from "../support/callers.ts";

const unique = () => Math.random().toString(36).slice(2, 10);

/** Posts and comments whose stored card (plus counters) differs from the JSON built from their rows, or is missing. */
async function staleCards(): Promise<{ posts: string[]; comments: string[] }> {
  const posts = await sql<{ id: string }[]>`
    select p.id
    from public.posts p
    cross join lateral private.post_json(p, false) built
    left join lateral private.post_ready_json(p) r on true
    left join lateral private.post_ready_json(p, with_preview => true) timeline on true
    where r.post is null or r.post::jsonb <> built.post
       or timeline.post::jsonb <> built.post || jsonb_build_object('content', left(p.content, 200))
    order by p.id
    limit 10`;
  const comments = await sql<{ id: string }[]>`
    select c.id
    from public.comments c
    cross join lateral private.comment_json(c) built
    left join private.comment_cards k on k.comment_id = c.id
    left join lateral private.comment_ready_json(k.members, c.id, c.upvotes, c.downvotes) r on true
    where r.comment is null or r.comment::jsonb <> built.comment or k.post_id <> c.post_id
    order by c.id
    limit 10`;
  const orphans = await sql<{ id: string }[]>`
    select r.post_id as id from private.post_cards r where not exists (select 1 from public.posts p where p.id = r.post_id)
    union all
    select r.comment_id from private.comment_cards r where not exists (select 1 from public.comments c where c.id = r.comment_id)`;
  return { posts: [...posts, ...orphans].map((row) => row.id), comments: comments.map((row) => row.id) };
}

/** The row versions of a post's and a comment's cards: a write gives a new one. */
/**
 * What would change were a card written again: the post's card text (its row
 * also holds the post's counters, which a vote does update) and the comment
 * card's row version.
 */
async function cardVersions(postId: number, commentId: number): Promise<string[]> {
  const rows = await sql<{ version: string }[]>`
    select md5(members || preview) as version from private.post_cards where post_id = ${postId}
    union all
    select xmin::text from private.comment_cards where comment_id = ${commentId}`;
  return rows.map((row) => row.version);
}

async function postCard(postId: number): Promise<Record<string, unknown>> {
  const [row] = await sql<{ card: Record<string, unknown> }[]>`
    select ('{' || members || '}')::jsonb as card from private.post_cards where post_id = ${postId}`;
  return row.card;
}

/** What a caller reads from the cards and what the rows build under their row-level security, for one post and its comments. */
async function readBothWays(caller: Caller, postId: number, tag: string) {
  return asCaller(caller, async (tx) => {
    const [ready] = await tx<{ post: unknown; detail: unknown; comments: unknown }[]>`
      select (select l.post::jsonb from private.list_approved_posts('newest', 10, p_tags => array[${tag}]) l) as post,
             private.approved_post_detail(${postId})::jsonb as detail,
             (select a.comments::jsonb from private.approved_post_comments(${postId}, 'top') a) as comments`;
    // What the API built for a post's detail before its card was read (api/queries/post-detail.ts, getPostWithInfoBoxes).
    const [built] = await tx<{ post: unknown; detail: unknown; comments: unknown }[]>`
      select (select j.post from public.posts p cross join lateral private.post_json(p, false) j where p.id = ${postId}) as post,
             (select jsonb_build_object('post', j.post, 'infoBoxes', private.info_boxes_json(p.id))
              from public.posts p cross join lateral private.post_json(p) j where p.id = ${postId}) as detail,
             -- Thread order: each top-level comment by score, then its replies oldest first.
             (select jsonb_agg(j.comment order by (r.upvotes - r.downvotes) desc, r.created_at desc, r.id desc,
                                                  c.parent_id is not null, c.created_at, c.id)
              from public.comments c join public.comments r on r.id = coalesce(c.parent_id, c.id)
              cross join lateral private.comment_json(c) j where c.post_id = ${postId}) as comments`;
    return { ready, built };
  });
}

describe("ready JSON of posts and comments", () => {
  it("follows every change to a post, its media, its comments and its author's name", async () => {
    const [author, suggester, voter, admin] = await Promise.all([
      createMember({ firstName: "Card", lastName: `Author ${unique()}` }),
      createMember(),
      createMember(),
      createAdmin(),
    ]);
    const tag = `card-${unique()}`;

    // Submitted with an image, then approved.
    const [created] = await asCaller(author, (tx) => tx<{ id: string }[]>`
      select private.create_post(${tx.json({
        title: "Card title",
        excerpt: "Card excerpt",
        content: "Card content",
        tags: [tag],
        post_type: "discussion",
        media: [{ object_path: `${unique()}.png`, media_type: "image" }],
      })}) as id`, { commit: true });
    const postId = Number(created.id);
    expect(await postCard(postId)).toMatchObject({ status: "pending", author_name: `Card ${author.lastName}` });
    await asCaller(admin, (tx) => tx`select private.approve_post(${postId})`, { commit: true });
    expect(await postCard(postId)).toMatchObject({ status: "approved" });

    // An admin's edit: new title and type, the image replaced by a video.
    await asCaller(admin, (tx) => tx`
      select private.update_post(${postId}, ${tx.json({ title: "Edited title", post_type: "news", tags: `${tag}, extra` })},
                                 '{}'::text[], ${tx.json([{ object_path: `${unique()}.mp4`, media_type: "video" }])})`, { commit: true });
    expect(await postCard(postId)).toMatchObject({ title: "Edited title", post_type: "news", media_type: "video", image_url: null });

    // A member's edit suggestion, applied.
    const [suggestion] = await asCaller(suggester, (tx) => tx<{ id: string }[]>`
      insert into public.edit_suggestions (post_id, summary, changes)
      values (${postId}, 'Clearer', ${tx.json({ excerpt: "Suggested excerpt" })}) returning id`, { commit: true });
    await asCaller(admin, (tx) => tx`select private.approve_edit_suggestion(${suggestion.id})`, { commit: true });
    expect(await postCard(postId)).toMatchObject({ excerpt: "Suggested excerpt" });

    // The content edited: the timeline's preview follows.
    await asCaller(admin, (tx) => tx`select private.update_post(${postId}, ${tx.json({ content: "Edited content" })})`, { commit: true });
    const [timeline] = await sql<{ post: string }[]>`
      select l.post from private.list_approved_posts('newest', 1, p_tags => array[${tag}], p_content_preview => true) l`;
    expect(JSON.parse(timeline.post)).toMatchObject({ content: "Edited content" });

    // Media added, moved and removed by the owner; marked important.
    const [image] = await sql<{ id: string }[]>`
      insert into public.post_media (post_id, object_path, media_type, position)
      values (${postId}, ${`${unique()}.png`}, 'image', 5) returning id`;
    await sql`update public.post_media set position = -1 where id = ${image.id}`;
    expect(await postCard(postId)).toMatchObject({ media_type: "image" });
    await sql`delete from public.post_media where id = ${image.id}`;
    await asCaller(admin, (tx) => tx`select private.set_post_important(${postId}, true)`, { commit: true });
    expect(await postCard(postId)).toMatchObject({ media_type: "video", is_important: true });
    // Info boxes, which the detail shows beside the post.
    await sql`insert into public.info_boxes (post_id, title, content, position)
              values (${postId}, 'Second', ${sql.json({ Where: "Berlin" })}, 2), (${postId}, 'First', ${sql.json({ When: "1987" })}, 1)`;

    // Comments: a top-level one by the author, a reply, one deleted.
    const topComment = await createComment(author, postId, { content: "Top comment" });
    await createComment(suggester, postId, { content: "A reply", parentId: topComment });
    const doomed = await createComment(voter, postId, { content: "Going away" });
    await asCaller(admin, (tx) => tx`select private.delete_comment(${doomed})`, { commit: true });
    expect(await sql`select 1 from private.comment_cards where comment_id = ${doomed}`).toHaveLength(0);

    // Votes and a new comment change counters only: no card is written.
    const versions = await cardVersions(postId, topComment);
    await asCaller(voter, async (tx) => {
      await tx`select private.cast_post_vote(${postId}, 'up')`;
      await tx`select private.cast_comment_vote(${topComment}, 'down')`;
    }, { commit: true });
    await createComment(voter, postId, { content: "Counted" });
    expect(await cardVersions(postId, topComment)).toEqual(versions);

    // What the readers answer from the cards is what the rows build, for a visitor and for the voter.
    for (const caller of [null, voter]) {
      const { ready, built } = await readBothWays(caller, postId, tag);
      expect(ready).toEqual(built);
    }
    const { ready } = await readBothWays(voter, postId, tag);
    expect(ready.post).toMatchObject({ upvotes: 1, comment_count: 3, user_vote: "up" });
    expect(ready.detail).toMatchObject({
      post: { content: "Edited content", upvotes: 1, user_vote: "up" },
      infoBoxes: [{ title: "First", content: { When: "1987" }, order: 1 }, { title: "Second", order: 2 }],
    });

    // The author renames themself, then deletes their account.
    await sql`update auth.users
              set raw_user_meta_data = raw_user_meta_data || ${sql.json({ first_name: "Renamed" })}
              where id = ${author.id}`;
    expect(await postCard(postId)).toMatchObject({ author_name: `Renamed ${author.lastName}` });
    const [renamedComment] = await sql`select ('{' || members || '}')::jsonb ->> 'author_name' as name from private.comment_cards where comment_id = ${topComment}`;
    expect(renamedComment.name).toBe(`Renamed ${author.lastName}`);
    await sql`delete from auth.users where id = ${author.id}`;
    expect(await postCard(postId)).toMatchObject({ author_name: "Deleted user" });

    expect(await staleCards()).toEqual({ posts: [], comments: [] });
  });

  it("are valid JSON whatever the text holds: quotes, backslashes, line breaks, emoji, a preview cut anywhere", async () => {
    const author = await createMember({ firstName: 'Zoë "Z"', lastName: `O\\Brien ${unique()}` });
    const tag = `text-${unique()}`;
    const awkward = 'He said "no"\\n, then\nleft \u{1F3B8}\ttab </script>';
    const content = `${"é".repeat(195)}${awkward}`;
    const postId = await createPost(author, { title: awkward, excerpt: awkward, content, tags: [tag], citations: awkward });
    await createComment(author, postId, { content: awkward });

    const [row] = await sql<{ preview: string; home: string[]; detail: string; comments: string }[]>`
      select (select l.post from private.list_approved_posts('newest', 1, p_tags => array[${tag}], p_content_preview => true) l) as preview,
             (select array[h.pinned_post, h.important_posts, h.recent_posts] from private.home_posts('UTC') h) as home,
             private.approved_post_detail(${postId}) as detail,
             (select a.comments from private.approved_post_comments(${postId}, 'newest') a) as comments`;
    const preview = JSON.parse(row.preview);
    expect(preview).toMatchObject({ title: awkward, excerpt: awkward, citations: awkward, author_name: `${author.firstName} ${author.lastName}` });
    // Postgres cuts the preview at 200 characters, not bytes.
    expect(preview.content).toBe([...content].slice(0, 200).join(""));
    for (const part of row.home) expect(() => JSON.parse(part)).not.toThrow();
    expect(JSON.parse(row.detail)).toMatchObject({ post: { title: awkward, content } });
    expect(JSON.parse(row.comments)).toMatchObject([{ content: awkward }]);
  });

  it("are not readable by visitors or members, and readers answer only published posts", async () => {
    const [author, member] = await Promise.all([createMember(), createMember()]);
    const pendingPost = await createPost(author, { status: "pending" });
    await createComment(author, pendingPost, { content: "On a pending post" });
    for (const caller of [null, member]) {
      for (const table of ["private.post_cards", "private.comment_cards"]) {
        await expect(asCaller(caller, (tx) => tx.unsafe(`select * from ${table} limit 1`))).rejects.toMatchObject({ code: "42501" });
      }
      await expect(asCaller(caller, (tx) => tx`select * from private.post_ready_json((select p from public.posts p limit 1))`))
        .rejects.toMatchObject({ code: "42501" });
    }
    // Its author may read the pending post, but not through the cards: they get null and build it themselves.
    const [own] = await asCaller(author, (tx) => tx`
      select (select a.comments from private.approved_post_comments(${pendingPost}, 'newest') a) as comments,
             private.approved_post_detail(${pendingPost}) as detail`);
    expect(own).toEqual({ comments: null, detail: null });
  });
});
