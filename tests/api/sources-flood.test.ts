/**
 * One unreviewed post cannot flood the sources queue,
 * through the path the attack took: a new member's submission. A post citing
 * more than 100 links is refused, at submission and at edit, with how many it
 * cites; a pending post's sources are checked but reach Save Page Now only
 * once the post is approved; a withdrawn post's sources are neither checked
 * nor captured any more. The hosts do not resolve, so no check fetches a page.
 * The queue's fair share and the other ways a source stops being cited:
 * tests/db/sources-flood.test.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createAdmin, createMember, postForm, refusal, validPostFields, type SignedInUser } from "../support/api.ts";
import { drainUntil, sourceRow } from "./sources-jobs.ts";

let admin: SignedInUser;

beforeAll(async () => {
  admin = await createAdmin();
});

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const links = (count: number, name: string) => Array.from({ length: count }, (_, i) => `https://${name}-${run}.invalid/${i}`);

/** POST /api/posts as the SPA sends it, citing `citations` in the references. */
const submit = (member: SignedInUser, citations: string[], content = validPostFields.content) =>
  api<{ id: number }>("POST", "/api/posts", { token: member.token, form: postForm({ ...validPostFields, content, citations: citations.join("\n") }) });

/** The kinds of the jobs queued for a source, and whether its next check is scheduled. */
async function queued(url: string): Promise<{ jobs: string[]; scheduled: boolean }> {
  const [row] = await sql<{ jobs: string[]; scheduled: boolean }[]>`
    select coalesce(array_agg(j.kind order by j.kind) filter (where j.id is not null), '{}') as jobs, isfinite(s.next_check_at) as scheduled
      from public.sources s left join private.source_jobs j on j.source_id = s.id
     where s.url = ${url} group by s.id`;
  return row;
}

/** Whether the Wayback stand-in holds a capture of `url` (Save Page Now makes one at once when asked). */
async function captured(url: string): Promise<boolean> {
  const base = process.env.WAYBACK_STAND_IN_URL;
  if (!base) throw new Error("WAYBACK_STAND_IN_URL is not set: export the stack's variables (npm run --silent stack:env)");
  const answer = await (await fetch(`${base}/wayback/available?url=${encodeURIComponent(url)}`)).json() as { archived_snapshots: object };
  return Object.keys(answer.archived_snapshots).length > 0;
}

const extracted = async (postId: number) => (await sql`select 1 from public.source_citations where post_id = ${postId}`).length > 0;

describe("a post cites at most 100 links", () => {
  it("refuses a submission citing more, saying how many it cites; 100 pass", async () => {
    const member = await createMember();
    const attack = links(3159, "f");
    const flood = await refusal("POST", "/api/posts", {
      token: member.token,
      form: postForm({ ...validPostFields, citations: attack.slice(0, 500).join("\n"), content: attack.slice(500).join(" ") }),
    });
    expect(flood).toEqual({ status: 400, error: "A post can cite at most 100 links (references and content together); this one cites 3159." });
    const references = links(60, "refs");
    const content = links(41, "text").map((url) => `[a source](${url})`).join("\n");
    expect(await refusal("POST", "/api/posts", { token: member.token, form: postForm({ ...validPostFields, content, citations: references.join("\n") }) }))
      .toEqual({ status: 400, error: "A post can cite at most 100 links (references and content together); this one cites 101." });
    expect((await submit(member, references.slice(1), content)).status).toBe(201);
    expect(await sql`select 1 from public.posts where author_id = ${member.id}`).toHaveLength(1);
  });

  it("refuses an author's edit of their pending post that would cite more", async () => {
    const member = await createMember();
    const created = await submit(member, links(100, "edit"));
    expect(created.status).toBe(201);
    const edit = await refusal("PUT", `/api/posts/${created.body.id}`, {
      token: member.token,
      form: postForm({ citations: links(100, "edit").join("\n"), content: `One more: ${links(1, "more")[0]}` }),
    });
    expect(edit).toEqual({ status: 400, error: "A post can cite at most 100 links (references and content together); this one cites 101." });
  });
});

describe("a pending post's sources", () => {
  it("are checked, and sent to Save Page Now only once an admin approves the post", async () => {
    const member = await createMember();
    const [url] = links(1, "review");
    const created = await submit(member, [url]);
    expect(created.status).toBe(201);
    const checked = await drainUntil(() => sourceRow(url), (row) => Boolean(row?.checked_at));
    expect(checked!.archived_at).toBeNull();
    expect((await queued(url)).jobs).not.toContain("preserve");
    expect(await captured(url)).toBe(false);

    expect((await api("POST", `/api/admin/posts/${created.body.id}/approve`, { token: admin.token, json: {} })).status).toBe(200);
    // Save Page Now's job is followed after a pause; it is due at once here.
    const archived = await drainUntil(async () => {
      await sql`update private.source_jobs set run_at = now() where source_id = ${checked!.id} and kind = 'preserve'`;
      return sourceRow(url);
    }, (row) => Boolean(row?.archived_at));
    expect(archived!.archived_url).toContain(url);
    expect(await captured(url)).toBe(true);
  }, 90_000);
});

describe("a withdrawn post's sources", () => {
  it("are neither checked nor captured any more, unless a published post cites them too", async () => {
    const [member, publisher] = await Promise.all([createMember(), createMember()]);
    const [own, shared] = links(2, "withdrawn");
    const published = await submit(publisher, [shared]);
    expect((await api("POST", `/api/admin/posts/${published.body.id}/approve`, { token: admin.token, json: {} })).status).toBe(200);
    const pending = await submit(member, [own, shared]);
    await drainUntil(async () => (await extracted(pending.body.id)) && (await extracted(published.body.id)), Boolean);
    expect((await queued(own)).scheduled).toBe(true);

    expect((await api("DELETE", `/api/posts/${pending.body.id}`, { token: member.token })).status).toBe(200);
    expect(await queued(own)).toEqual({ jobs: [], scheduled: false });
    expect((await queued(shared)).scheduled).toBe(true);
  }, 90_000);
});
