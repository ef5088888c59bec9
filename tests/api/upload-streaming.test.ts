/**
 * Uploads are streamed (a function isolate has 256 MB): limits are enforced while the body
 * arrives, not after it was read, and a refused post leaves nothing behind,
 * neither a post nor an object in Storage.
 */
import { createHash, randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { newClient, serviceRoleKey } from "../../local-stack/test/env.ts";
import { sql } from "../support/database.ts";
import { createPost } from "../support/fixtures.ts";
import { api, createAdmin, createMember, postForm, type SignedInUser, submitPost, validPostFields } from "../support/api.ts";
import { file, gifImage, htmlPage, pngImage } from "../support/media-fixtures.ts";
import { bytesStartingWith, type Piece, sendStreamedForm, type StreamedAnswer } from "../support/streamed-form.ts";

const mb = 1024 * 1024;
const piecesOf = (fields: Record<string, string>): Piece[] => Object.entries(fields).map(([name, value]) => ({ text: [name, value] }));
const textPieces = piecesOf(validPostFields);

let admin: SignedInUser;
beforeAll(async () => {
  admin = await createAdmin();
});

async function postsBy(user: SignedInUser): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from public.posts where author_id = ${user.id}`;
  return count;
}

/** A PNG no other upload has: random pixels in an uncompressible size. */
function uniquePng(): Uint8Array {
  const png = pngImage(24, 24);
  // Appended bytes after IEND do not change what the file is, only its MD5.
  return new Uint8Array(Buffer.concat([png, randomBytes(32)]));
}

const md5 = (bytes: Uint8Array) => `"${createHash("md5").update(bytes).digest("hex")}"`;

/** Whether any object in the media bucket has these exact bytes (Storage's e-tag is their MD5). */
async function storageHolds(bytes: Uint8Array): Promise<boolean> {
  const { data, error } = await newClient(serviceRoleKey).storage.from("media").list("", {
    limit: 1000,
    sortBy: { column: "created_at", order: "desc" },
  });
  if (error) throw error;
  return data.some((object) => object.metadata?.eTag === md5(bytes));
}

describe("streamed uploads", () => {
  it("refuses an image over 10 MB with 413 as soon as it passes the limit, before the body is all sent", async () => {
    const member = await createMember({ lastName: "stream-big" });
    const answer = await sendStreamedForm("POST", "/api/posts", member.token, [
      ...textPieces,
      { file: { name: "media", filename: "huge.png", chunks: () => bytesStartingWith(pngImage(), 150 * mb) } },
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe("huge.png is larger than 10 MB.");
    // Past the 10 MB, only what the socket buffers between us and the function
    // hold was sent (about 25 MB on loopback); a function reading on would take all 150.
    expect(answer.sent).toBeLessThan(answer.total / 2);
    expect(await postsBy(member)).toBe(0);
  });

  it("refuses a body whose declared length is over the limit with 413 before reading it", async () => {
    const member = await createMember({ lastName: "stream-declared" });
    const answer = await sendStreamedForm("POST", "/api/posts", member.token, [
      ...textPieces,
      { file: { name: "media", filename: "clip.png", chunks: () => bytesStartingWith(pngImage(), 2 * mb) } },
    ], { contentLength: 600 * mb, holdBody: true });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe("The upload is too large.");
    expect(answer.sent).toBe(0);
    expect(await postsBy(member)).toBe(0);
  });

  it("refuses a text field over 2 MB with 413 while it streams", async () => {
    const member = await createMember({ lastName: "stream-field" });
    const answer = await sendStreamedForm("POST", "/api/posts", member.token, [
      { text: ["title", "A title"] },
      { text: ["content", "x".repeat(3 * mb)] },
    ]);
    expect(answer.status).toBe(413);
    expect(answer.body.error).toBe("The form field content is too long.");
    expect(await postsBy(member)).toBe(0);
  });

  it("refuses text sent after a file with 400, and keeps nothing", async () => {
    const member = await createMember({ lastName: "stream-order" });
    const png = uniquePng();
    const answer = await sendStreamedForm("POST", "/api/posts", member.token, [
      ...textPieces,
      { file: { name: "media", filename: "first.png", chunks: () => [png] } },
      { text: ["citations", "late"] },
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe("Send the text fields before the files.");
    expect(await postsBy(member)).toBe(0);
    expect(await storageHolds(png)).toBe(false);
  });

  it("refuses a wrong file type among several with 415, leaving no post and no object in Storage", async () => {
    const member = await createMember({ lastName: "stream-mixed" });
    const png = uniquePng();
    const refused = await submitPost(member, [file(png, "ok.png", "image/png"), file(gifImage, "ok.gif", "image/gif"), file(htmlPage, "page.png", "image/png")]);
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe("page.png is not a supported image (JPEG, PNG, WebP, GIF, AVIF) or video (MP4, WebM).");
    expect(await postsBy(member)).toBe(0);
    expect(await storageHolds(png)).toBe(false);

    // The same file in an accepted post is found by the same check.
    const accepted = await submitPost(member, [file(png, "ok.png", "image/png")]);
    expect(accepted.status).toBe(201);
    expect(await storageHolds(png)).toBe(true);
  });

  it("refuses a post by its fields or its author's cooldown while its file arrives, and goes on answering", async () => {
    const member = await createMember({ lastName: "stream-refused" });
    const image = () => bytesStartingWith(uniquePng(), 2 * mb);
    const event = await sendStreamedForm("POST", "/api/posts", member.token, [
      ...piecesOf({ ...validPostFields, postType: "event" }),
      { file: { name: "media", filename: "event.png", chunks: image } },
    ]);
    expect(event.status).toBe(400);
    expect(event.body.error).toBe("An event needs an event date.");

    expect((await submitPost(member)).status).toBe(201);
    const again = await sendStreamedForm("POST", "/api/posts", member.token, [...textPieces, { file: { name: "media", filename: "again.png", chunks: image } }]);
    expect(again.status).toBe(429);
    expect(again.body.error).toBe("Please wait 5 minutes before posting again.");

    // The function is still there (a refused form's unread file once ended its process).
    expect((await api("GET", "/api/health")).status).toBe(200);
    expect(await postsBy(member)).toBe(1);
  });

  it("lets one of a member's two posts sent at once through, and removes the other's file when the cooldown refuses it at the end", async () => {
    // A member's submissions wait on one lock (private.create_post), held here
    // until both checks wait on it: both pass, both files are uploaded, and
    // then the second write meets the cooldown the first one started.
    const member = await createMember({ lastName: "stream-twice" });
    const files = [uniquePng(), uniquePng()].map((png) => new Uint8Array(Buffer.concat([png, new Uint8Array(mb)])));
    const cooldownLock = sql`hashtextextended(${`post-cooldown:${member.id}`}, 0)`;
    const holder = await sql.reserve();
    let sending: Promise<StreamedAnswer>[];
    try {
      await holder`select pg_advisory_lock(${cooldownLock})`;
      sending = files.map((bytes, i) =>
        sendStreamedForm("POST", "/api/posts", member.token, [
          ...textPieces,
          { file: { name: "media", filename: `twice-${i}.png`, chunks: () => [bytes] } },
        ])
      );
      await vi.waitFor(async () => {
        const [{ waiting }] = await sql<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_locks l
          where l.locktype = 'advisory' and not l.granted and ((l.classid::bigint << 32) | l.objid::bigint) = ${cooldownLock}`;
        expect(waiting).toBe(2);
      }, { timeout: 10_000, interval: 50 });
    } finally {
      await holder`select pg_advisory_unlock_all()`;
      holder.release();
    }
    const answers = await Promise.all(sending);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429]);
    const refused = answers.findIndex((answer) => answer.status === 429);
    expect(answers[refused].body.error).toBe("Please wait 5 minutes before posting again.");
    // Refused at the end, after its whole file had come.
    expect(answers[refused].sent).toBe(answers[refused].total);
    expect(await postsBy(member)).toBe(1);
    expect(await storageHolds(files[1 - refused])).toBe(true);
    expect(await storageHolds(files[refused])).toBe(false);
  });

  it("refuses a wrong file type in an admin's edit with 415: the post keeps its media, Storage keeps nothing new", async () => {
    const postId = await createPost(admin);
    const first = uniquePng();
    const edited = await api("PUT", `/api/posts/${postId}`, {
      token: admin.token,
      form: postForm({ title: "Edited" }, [file(first, "first.png", "image/png")], "new_media"),
    });
    expect(edited.status).toBe(200);
    const kept = edited.body.post.media.map((m: { url: string }) => m.url);
    expect(kept).toHaveLength(1);

    const png = uniquePng();
    const form = postForm({ title: "Edited again" }, [], "new_media");
    form.append("existing_media_urls", kept[0]);
    form.append("new_media", file(png, "second.png", "image/png"));
    form.append("new_media", file(htmlPage, "page.png", "image/png"));
    const refused = await api("PUT", `/api/posts/${postId}`, { token: admin.token, form });
    expect(refused.status).toBe(415);
    expect(await storageHolds(png)).toBe(false);
    const detail = await api("GET", `/api/posts/${postId}`, { token: admin.token });
    expect(detail.body.post.title).toBe("Edited");
    expect(detail.body.post.media.map((m: { url: string }) => m.url)).toEqual(kept);
    expect(await storageHolds(first)).toBe(true);
  });
});
