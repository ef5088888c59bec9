/**
 * More than the demo seed for a backup to carry: members who signed up
 * through Auth (real password hashes), an admin, a published post with an
 * image and a video uploaded through the api function, its comments and a
 * reply, votes, an edit whose earlier revision an admin hid, a suspension, a
 * report and a cited source. Then the sources queue is drained, so nothing
 * changes the source project between its backup and the comparison.
 */
import { expect } from "vitest";
import { drainUntil } from "../api/sources-jobs.ts";
import { api, createAdmin, createMember, submitPost, type SignedInUser } from "../support/api.ts";
import { asCaller } from "../support/callers.ts";
import { sql } from "../support/database.ts";
import { createComment } from "../support/fixtures.ts";
import { file, mp4Video, pngImage } from "../support/media-fixtures.ts";
import { createPostCiting } from "../support/sources.ts";

/** The password tests/support/api.ts signs members up with. */
export const memberPassword = "test-password-1";

export interface Activity {
  member: SignedInUser;
  admin: SignedInUser;
  postId: number;
  citingPostId: number;
}

export async function addActivity(): Promise<Activity> {
  const [member, admin, suspended] = await Promise.all([
    createMember({ lastName: "Backed up" }),
    createAdmin({ lastName: "Backup admin" }),
    createMember({ lastName: "Suspended" }),
  ]);

  const submitted = await submitPost(member, [file(pngImage(12, 8), "photo.png", "image/png"), file(mp4Video, "clip.mp4", "video/mp4")]);
  expect(submitted.status).toBe(201);
  const postId = Number(submitted.body.id);
  expect((await api("POST", `/api/admin/posts/${postId}/approve`, { token: admin.token })).status).toBe(200);

  // A second revision, then the first one's words hidden (hidden_revision_content, the log's hidden title).
  await asCaller(admin, (tx) => tx`select private.update_post(${postId}, '{"title": "Backed up, and edited"}', null, '[]', 'A clearer title.')`, {
    commit: true,
  });
  const [first] = await sql<{ id: string }[]>`select id from public.post_revisions where post_id = ${postId} order by id limit 1`;
  await asCaller(admin, (tx) => tx`select private.hide_revision(${first!.id}, 'Held back for the backup test')`, { commit: true });

  const commentId = await createComment(member, postId, { content: "A comment to keep." });
  await createComment(admin, postId, { content: "A reply to keep.", parentId: commentId });
  await asCaller(member, (tx) => tx`select private.cast_post_vote(${postId}, 'up')`, { commit: true });
  await asCaller(admin, (tx) => tx`select private.cast_comment_vote(${commentId}, 'down')`, { commit: true });
  await asCaller(admin, (tx) => tx`select private.suspend_user(${suspended.id}, now() + interval '7 days', 'Spam in the comments')`, {
    commit: true,
  });
  await sql`insert into public.reports (reporter_id, post_id, reason) values (${member.id}, ${postId}, 'spam')`;
  const citingPostId = await createPostCiting(member, [
    { url: `https://backup-test.example.org/${Date.now().toString(36)}`, archived: { url: "https://web.archive.org/web/2026/x", at: "2026-01-02T03:04:05Z" } },
  ]);

  // What the posts queued (their sources' extraction) runs now, not between the backup and the comparison.
  await drainUntil(
    async () => (await sql<{ n: number }[]>`select count(*)::int as n from private.source_jobs where given_up_at is null`)[0]!.n,
    (waiting) => waiting === 0,
  );
  return { member, admin, postId, citingPostId };
}
