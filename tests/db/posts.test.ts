import { describe, expect, it } from "vitest";
import { sql, type Tx } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { asCaller, claimsFor, createAdmin, createMember, createModerator, pgError } from "../support/callers.ts";

const basic = { title: "A title", excerpt: "An excerpt", content: "Some content" };

describe("profiles", () => {
  it("are created from the sign-up metadata and kept in sync", async () => {
    const user = await createMember({ firstName: "Rowan", lastName: "Ellis" });
    const [profile] = await sql`select first_name, last_name, display_name from public.profiles where id = ${user.id}`;
    expect(profile).toEqual({ first_name: "Rowan", last_name: "Ellis", display_name: "Rowan Ellis" });

    await sql`update auth.users set raw_user_meta_data = '{"first_name": "Ro"}' where id = ${user.id}`;
    const [renamed] = await sql`select display_name from public.profiles where id = ${user.id}`;
    expect(renamed.display_name).toBe("Ro");

    await sql`update auth.users set raw_user_meta_data = '{}' where id = ${user.id}`;
    const [fallback] = await sql`select display_name from public.profiles where id = ${user.id}`;
    // Never the e-mail's local part: the address is private.
    expect(fallback.display_name).toBe("Member");
  });

  it("cap each name part at 60 characters", async () => {
    const user = await createMember({ firstName: `  ${"F".repeat(80)} `, lastName: "L".repeat(61) });
    const [profile] = await sql`select first_name, last_name, display_name from public.profiles where id = ${user.id}`;
    expect(profile).toEqual({ first_name: "F".repeat(60), last_name: "L".repeat(60), display_name: `${"F".repeat(60)} ${"L".repeat(60)}` });
  });

  it("never let a member appear under an admin's name, whatever the case or spacing", async () => {
    const admin = await createAdmin({ firstName: "Morgan", lastName: `Admin${Date.now()}` });
    await sql`update auth.users set raw_user_meta_data = raw_user_meta_data where id = ${admin.id}`;
    const [adminProfile] = await sql`select display_name from public.profiles where id = ${admin.id}`;
    expect(adminProfile.display_name).toBe(`Morgan ${admin.lastName}`);

    const copycat = await createMember({ firstName: " morgan ", lastName: `  ${admin.lastName.toUpperCase()}` });
    const [copied] = await sql`select display_name from public.profiles where id = ${copycat.id}`;
    expect(copied.display_name).toBe(`morgan ${admin.lastName.toUpperCase()} (member)`);

    await sql`update auth.users set raw_user_meta_data = ${sql.json({ first_name: "Morgan", last_name: `${admin.lastName}` })} where id = ${copycat.id}`;
    const [renamed] = await sql`select display_name from public.profiles where id = ${copycat.id}`;
    expect(renamed.display_name).toBe(`Morgan ${admin.lastName} (member)`);

    const other = await createMember({ firstName: "Morgan", lastName: "Someone Else" });
    const [fine] = await sql`select display_name from public.profiles where id = ${other.id}`;
    expect(fine.display_name).toBe("Morgan Someone Else");
  });

  it("never contain e-mail addresses", async () => {
    const columns = await sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = 'profiles'`;
    expect(columns.map((c) => c.column_name)).not.toContain("email");
  });
});

describe("creating posts", () => {
  it("stores every new post as pending whatever a member sends", async () => {
    const member = await createMember();
    await asCaller(member, async (tx) => {
      const [row] = await tx`
        insert into public.posts (title, excerpt, content, status, is_pinned, is_important, created_at)
        values ('Sneaky', 'Sneaky', 'Sneaky', 'approved', true, true, '2001-01-01')
        returning id, status, is_pinned, is_important, author_id, created_at > now() - interval '1 minute' as fresh`;
      expect(row).toEqual({ id: row.id, status: "pending", is_pinned: false, is_important: false, author_id: member.id, fresh: true });
      // Its counters start at zero beside its card, which no API role can read or write.
      await tx`reset role`;
      const [counters] = await tx`select upvotes, downvotes, comment_count from private.post_cards where post_id = ${row.id}`;
      expect(counters).toEqual({ upvotes: 0, downvotes: 0, comment_count: 0 });
    });
  });

  it("creates a post with normalised tags, info boxes and media in one call", async () => {
    const member = await createMember();
    await asCaller(member, async (tx) => {
      const [{ id }] = await tx`select private.create_post(${tx.json({
        ...basic,
        title: "  Spaces around  ",
        tags: [" Music", "music", "LIVE ", ""],
        post_type: "event",
        event_timestamp: "2020-05-01T00:00:00.000Z",
        is_nsfw: true,
        citations: "  ",
        info_boxes: [{ title: "Facts", content: { Venue: "Hall", Time: "20:00" }, order: 0 }, { title: "More", content: {} }],
        media: [{ object_path: "abc.png", media_type: "image" }, { object_path: "def.mp4", media_type: "video" }],
      })}) as id`;
      const [post] = await tx`select title, tags, post_type, is_nsfw, citations, status, event_timestamp from public.posts where id = ${id}`;
      expect(post).toMatchObject({ title: "Spaces around", tags: ["music", "live"], post_type: "event", is_nsfw: true, citations: null, status: "pending" });
      expect(new Date(post.event_timestamp).toISOString()).toBe("2020-05-01T00:00:00.000Z");
      const boxes = await tx`select title, content, position from public.info_boxes where post_id = ${id} order by position`;
      expect(boxes).toEqual([
        { title: "Facts", content: { Venue: "Hall", Time: "20:00" }, position: 0 },
        { title: "More", content: {}, position: 1 },
      ]);
      const media = await tx`select object_path, media_type from public.post_media where post_id = ${id} order by position`;
      expect(media).toEqual([{ object_path: "abc.png", media_type: "image" }, { object_path: "def.mp4", media_type: "video" }]);
    });
  });

  it.each([
    [{ ...basic, title: "   " }, "Title is required."],
    [{ ...basic, excerpt: "" }, "Excerpt is required."],
    [{ ...basic, content: " \n " }, "Content is required."],
    [{ ...basic, title: "x".repeat(301) }, "The title can be at most 300 characters."],
    [{ ...basic, post_type: "event" }, "An event needs an event date."],
    [{ ...basic, post_type: "Not valid!" }, "The post type must be 1 to 30 lowercase letters or underscores."],
    [{ ...basic, info_boxes: [{ title: "  ", content: {} }] }, "Each info box needs a title."],
    [{ ...basic, info_boxes: [{ title: "Box", content: { a: 1 } }] }, "Info box content must map keys to text values."],
  ])("rejects invalid input with a readable message (%#)", async (post, message) => {
    const member = await createMember();
    expect(await pgError(asCaller(member, (tx) => tx`select private.create_post(${tx.json(post)})`)))
      .toEqual({ code: "PT400", message });
  });

  it.each(["infinity", "-infinity", "294276-01-01", "10000-01-01", "0001-01-01 BC"])(
    "refuses an event date of %s however it arrives: directly, through create_post, an admin's edit or an edit suggestion",
    async (date) => {
      const [member, admin] = await Promise.all([createMember(), createAdmin()]);
      const refused = { code: "PT400", message: "The event date must be between the years 1 and 9999." };
      expect(await pgError(asCaller(member, (tx) =>
        tx`insert into public.posts (title, excerpt, content, post_type, event_timestamp) values ('a', 'b', 'c', 'event', ${date}::text::timestamptz)`)))
        .toEqual(refused);
      const created = asCaller(member, (tx) => tx`select private.create_post(${tx.json({ ...basic, post_type: "event", event_timestamp: date })})`);
      expect(await pgError(created)).toEqual(refused);
      const pending = await createPost(member, { status: "pending" });
      const edited = asCaller(admin, (tx) => tx`select private.update_post(${pending}, ${tx.json({ post_type: "event", event_timestamp: date })}, null, '[]')`);
      expect(await pgError(edited)).toEqual(refused);
      const approved = await createPost(admin);
      const suggested = asCaller(member, (tx) =>
        tx`insert into public.edit_suggestions (post_id, summary, changes) values (${approved}, 'Date', ${tx.json({ event_timestamp: date })})`);
      expect(await pgError(suggested)).toEqual(refused);
    },
  );

  it("keeps event dates of years 1 to 9999", async () => {
    const member = await createMember();
    for (const date of ["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"]) {
      await asCaller(member, (tx) =>
        tx`insert into public.posts (title, excerpt, content, post_type, event_timestamp, created_at) values ('a', 'b', 'c', 'event', ${date}::text::timestamptz, now() - interval '1 day')`);
    }
  });

  it("is not possible for visitors", async () => {
    expect(await pgError(asCaller(null, (tx) => tx`select private.create_post(${tx.json(basic)})`)))
      .toMatchObject({ code: expect.stringMatching(/^(PT401|42501)$/) });
    expect(await pgError(asCaller(null, (tx) => tx`insert into public.posts (title, excerpt, content) values ('a', 'b', 'c')`)))
      .toMatchObject({ code: "42501" });
  });

  it("lets nobody add to a post after it was submitted but through the edit functions", async () => {
    const [author, admin, moderator] = await Promise.all([createMember(), createAdmin(), createModerator()]);
    const pending = await createPost(author, { status: "pending" });
    const denied = { code: "42501" };
    expect(await pgError(asCaller(author, (tx) =>
      tx`insert into public.post_media (post_id, object_path, media_type) values (${pending}, 'late.png', 'image')`))).toMatchObject(denied);
    expect(await pgError(asCaller(author, (tx) =>
      tx`insert into public.info_boxes (post_id, title) values (${pending}, 'Late box')`))).toMatchObject(denied);
    // The helper create_post uses refuses a post from an earlier transaction.
    expect(await pgError(asCaller(author, (tx) =>
      tx`select private.attach_submission(${pending}, '[{"title": "Late box"}]', '[]')`))).toEqual({ code: "PT404", message: "Post not found." });
    // Nor moderators and admins directly: their edits go through private.update_post, which logs them.
    for (const reviewer of [moderator, admin]) {
      expect(await pgError(asCaller(reviewer, (tx) =>
        tx`insert into public.post_media (post_id, object_path, media_type) values (${pending}, 'late.png', 'image')`))).toMatchObject(denied);
      expect(await pgError(asCaller(reviewer, (tx) =>
        tx`insert into public.info_boxes (post_id, title) values (${pending}, 'Late box')`))).toMatchObject(denied);
    }
    await asCaller(admin, (tx) => tx`select private.update_post(${pending}, '{"info_boxes": [{"title": "Added in review"}]}', null, '[]')`, { commit: true });
    expect(await sql`select title from public.info_boxes where post_id = ${pending}`).toEqual([{ title: "Added in review" }]);
    expect(await sql`select action from public.moderation_log where post_id = ${pending}`).toEqual([{ action: "update_post" }]);
  });

  it("caps info boxes and media per post, and an info box's size", async () => {
    const member = await createMember();
    const boxes = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Box ${i}`, content: {} }));
    const media = (n: number) => Array.from({ length: n }, (_, i) => ({ object_path: `cap${i}.png`, media_type: "image" }));
    const create = (post: object) => asCaller(member, (tx) => tx`select private.create_post(${tx.json({ ...basic, ...post })})`);
    expect(await pgError(create({ info_boxes: boxes(21) }))).toEqual({ code: "PT400", message: "A post can have at most 20 info boxes." });
    expect(await pgError(create({ media: media(11) }))).toEqual({ code: "PT400", message: "A post can have at most 10 media files." });
    expect(await pgError(create({ info_boxes: [{ title: "Big", content: { text: "x".repeat(20_001) } }] })))
      .toEqual({ code: "PT400", message: "An info box can hold at most 20,000 characters." });
    await create({ info_boxes: boxes(20), media: media(10) });
  });

  it("moves a post's version (updated_at) when an admin changes its info boxes or media", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const pending = await createPost(author, { status: "pending" });
    const [before] = await sql`select updated_at from public.posts where id = ${pending}`;
    await asCaller(admin, (tx) => tx`select private.update_post(${pending}, '{}', null, '[{"object_path": "v.png", "media_type": "image"}]')`, { commit: true });
    const [after] = await sql`select updated_at from public.posts where id = ${pending}`;
    expect(after.updated_at.getTime()).toBeGreaterThan(before.updated_at.getTime());
  });
});

describe("cooldowns", () => {
  it("allow a member one post per 5 minutes", async () => {
    const member = await createMember();
    await asCaller(member, (tx) => tx`select private.create_post(${tx.json(basic)})`, { commit: true });
    expect(await pgError(asCaller(member, (tx) => tx`select private.create_post(${tx.json(basic)})`)))
      .toEqual({ code: "PT429", message: "Please wait 5 minutes before posting again." });
    // Five minutes later it works again.
    await sql`update public.posts set created_at = now() - interval '6 minutes' where author_id = ${member.id}`;
    await asCaller(member, (tx) => tx`select private.create_post(${tx.json(basic)})`);
  });

  it("serialise concurrent submissions of one member", async () => {
    const member = await createMember();
    const results = await Promise.allSettled([1, 2, 3].map(() =>
      asCaller(member, (tx) => tx`select private.create_post(${tx.json(basic)})`, { commit: true })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
  });

  it("do not apply to admins", async () => {
    const admin = await createAdmin();
    await asCaller(admin, async (tx) => {
      await tx`select private.create_post(${tx.json(basic)})`;
      await tx`select private.create_post(${tx.json(basic)})`;
    });
  });
});

describe("search and indexes", () => {
  it("keeps the full-text search column current", async () => {
    const author = await createMember();
    const word = `zyx${Date.now().toString(36)}`;
    const id = await createPost(author, { title: `About ${word}`, tags: ["Gamma"] });
    // Asked as search asks for a word (stemmed: the stem of a word that ends in "s" drops it).
    const found = await sql`select id from public.posts where search @@ private.search_term_query('word', ${word.toUpperCase()}, false)`;
    expect(found.map((r) => Number(r.id))).toEqual([id]);
    const byTag = await sql`select id from public.posts where id = ${id} and search @@ private.search_term_query('word', 'gamma', false)`;
    expect(byTag).toHaveLength(1);
  });

  it("follows edits of the text, and a direct write to it is replaced by what the text says", async () => {
    const [author, admin] = await Promise.all([createMember(), createAdmin()]);
    const id = await createPost(author, { title: "Before the edit", status: "pending" });
    const matches = (tx: Tx, words: string) =>
      tx<{ found: boolean }[]>`select search @@ private.search_term_query('word', ${words}, false) as found from public.posts where id = ${id}`;
    await asCaller(admin, async (tx) => {
      expect((await matches(tx, "edit"))[0].found).toBe(true);
      await tx`select private.update_post(${id}, '{"title": "Quokka sighting", "tags": ["Wombat"]}', null, '[]')`;
      expect((await matches(tx, "quokka wombat"))[0].found).toBe(true);
      expect((await matches(tx, "edit"))[0].found).toBe(false);
      // A write of the column itself (no API role may update posts; the owner may) changes nothing it holds.
      await tx`reset role`;
      await tx`update public.posts set search = to_tsvector('simple', 'spam') where id = ${id}`;
      expect((await matches(tx, "spam"))[0].found).toBe(false);
      expect((await matches(tx, "quokka wombat"))[0].found).toBe(true);
    });
  });

  it("is not worked out again by a vote or a new comment, which write only counters", async () => {
    // A stored generated column would be: a table with a BEFORE UPDATE row trigger
    // computes all of them on every update (the migration says more).
    const [author, voter] = await Promise.all([createMember(), createMember()]);
    const id = await createPost(author, { title: "Counted, not reread", content: "Words ".repeat(500) });
    let checked = false;
    await sql.begin(async (tx) => {
      await tx`set local track_functions = 'all'`;
      const searchVectorCalls = async () => {
        const [row] = await tx<{ calls: number }[]>`
          select coalesce(pg_stat_get_xact_function_calls('private.post_search_vector(text, text[], text, text)'::regprocedure), 0)::int as calls`;
        return row.calls;
      };
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(claimsFor(voter))}, true)`;
      await tx`select private.cast_post_vote(${id}, 'up')`;
      await tx`insert into public.comments (post_id, content) values (${id}, 'A comment')`;
      await tx`reset role`;
      const [counters] = await tx`select upvotes, comment_count from private.post_cards where post_id = ${id}`;
      expect(counters).toEqual({ upvotes: 1, comment_count: 1 });
      expect(await searchVectorCalls()).toBe(0);
      // Whereas an edit of the text is (so the count above can see a call).
      await tx`update public.posts set title = 'Counted, and reread' where id = ${id}`;
      expect(await searchVectorCalls()).toBe(1);
      checked = true;
      await tx`rollback`;
    }).catch((error) => {
      if (!checked) throw error;
    });
    expect(checked).toBe(true);
  });

  it("serves list and search queries from indexes", async () => {
    await sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      const plans = [
        await tx`explain select id from public.posts where status = 'approved' order by sort_date desc, id desc limit 20`,
        await tx`explain select post_id from private.post_scores order by score desc, post_id desc limit 20`,
        await tx`explain select id from public.posts where search @@ websearch_to_tsquery('simple', 'music')`,
        await tx`explain select id from public.posts where tags @> array['music']`,
      ];
      for (const plan of plans) {
        expect(plan.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index|Bitmap/);
      }
    });
  });
});
