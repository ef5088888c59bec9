/**
 * Each uploaded image's size as shown is stored at upload and sent with the
 * post, so pages reserve its room before it loads; thumbnail_url is the
 * first image at card size. Videos have no size. A size is what the image's
 * header declares, so it is capped as Storage's image transformations cap
 * their sources: at most 50 megapixels.
 */
import { describe, expect, it } from "vitest";
import { api, createMember, postForm, submitPost } from "../support/api.ts";
import { sql } from "../support/database.ts";
import { file, gifImage, mp4Video, orientedJpeg, pngClaiming, pngImage, seedMedia } from "../support/media-fixtures.ts";

interface SentMedia {
  url: string;
  media_type: string;
  width: number | null;
  height: number | null;
}

describe("uploaded media carry their displayed size", () => {
  it("stores and returns the size as shown: a JPEG turned by EXIF orientation 6 swapped, PNG, WebP and GIF as declared, a video none", async () => {
    const member = await createMember({ lastName: "dimensions" });
    const res = await submitPost(member, [
      file(orientedJpeg("alex-rivera-stage.jpg", 6), "turned.jpg", "image/jpeg"),
      file(pngImage(12, 8), "wide.png", "image/png"),
      file(seedMedia("tour-poster.webp"), "poster.webp", "image/webp"),
      file(gifImage, "pixel.gif", "image/gif"),
      file(mp4Video, "clip.mp4", "video/mp4"),
    ]);
    expect(res.status).toBe(201);

    const detail = await api("GET", `/api/posts/${res.body.id}`, { token: member.token });
    const media: SentMedia[] = detail.body.post.media;
    // The seed photo is 640×360; orientation 6 shows it a quarter turned.
    expect(media.map(({ media_type, width, height }) => ({ media_type, width, height }))).toEqual([
      { media_type: "image", width: 360, height: 640 },
      { media_type: "image", width: 12, height: 8 },
      { media_type: "image", width: 600, height: 400 },
      { media_type: "image", width: 1, height: 1 },
      { media_type: "video", width: null, height: null },
    ]);
    const firstPath = media[0].url.replace("/images/", "");
    expect(detail.body.post.image_url).toBe(firstPath);
    expect(detail.body.post.thumbnail_url).toBe(`/renditions/${firstPath}?width=640&quality=75`);

    const stored = await sql<{ width: number | null; height: number | null }[]>`
      select width, height from public.post_media where post_id = ${res.body.id} order by position`;
    expect(stored.map((row) => [row.width, row.height])).toEqual([[360, 640], [12, 8], [600, 400], [1, 1], [null, null]]);
  });

  it("stores the size of media added by an edit", async () => {
    const member = await createMember({ lastName: "dimensions-edit" });
    const created = await submitPost(member);
    expect(created.status).toBe(201);
    const edited = await api("PUT", `/api/posts/${created.body.id}`, {
      token: member.token,
      form: postForm({ title: "With a photo" }, [file(orientedJpeg("podcast-studio.jpg", 8), "turned.jpg", "image/jpeg")], "new_media"),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.post.media).toMatchObject([{ media_type: "image", width: 360, height: 640 }]);
  });

  it("refuses a size that is not a positive whole number, and a width without a height", async () => {
    const [post] = await sql<{ id: number }[]>`
      insert into public.posts (title, excerpt, content, post_type, status) values ('Sized', 'e', 'c', 'discussion', 'pending') returning id`;
    await expect(sql`insert into public.post_media (post_id, object_path, media_type, width, height) values (${post.id}, 'zero.png', 'image', 0, 5)`)
      .rejects.toMatchObject({ constraint_name: "post_media_width_positive" });
    await expect(sql`insert into public.post_media (post_id, object_path, media_type, width) values (${post.id}, 'half.png', 'image', 5)`)
      .rejects.toMatchObject({ constraint_name: "post_media_size_whole" });
    await sql`delete from public.posts where id = ${post.id}`;
  });
});

describe("an image's declared size is capped as Storage's image transformations cap it (50 megapixels)", () => {
  const postsBy = async (userId: string) =>
    (await sql<{ count: number }[]>`select count(*)::int as count from public.posts where author_id = ${userId}`)[0].count;

  it("refuses a PNG of a few dozen bytes claiming 50000×50000, and a GIF claiming 65535×65535: 413, no post", async () => {
    const member = await createMember({ lastName: "dimensions-bomb" });
    const bomb = pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(80);
    const png = await submitPost(member, [file(pngImage(12, 8), "fine.png", "image/png"), file(bomb, "bomb.png", "image/png")]);
    expect(png.status).toBe(413);
    expect(png.body.error).toBe("bomb.png is 50000 × 50000 pixels; images can have at most 50 megapixels.");

    const wideGif = gifImage.slice();
    new DataView(wideGif.buffer).setUint16(6, 65_535, true);
    new DataView(wideGif.buffer).setUint16(8, 65_535, true);
    const gif = await submitPost(member, [file(wideGif, "screen.gif", "image/gif")]);
    expect(gif.status).toBe(413);
    expect(gif.body.error).toBe("screen.gif is 65535 × 65535 pixels; images can have at most 50 megapixels.");
    expect(await postsBy(member.id)).toBe(0);
  });

  it("takes an image of exactly 50 megapixels, with its size", async () => {
    const member = await createMember({ lastName: "dimensions-cap" });
    const res = await submitPost(member, [file(pngClaiming(10_000, 5_000), "wide.png", "image/png")]);
    expect(res.status).toBe(201);
    const [stored] = await sql<{ width: number; height: number }[]>`select width, height from public.post_media where post_id = ${res.body.id}`;
    expect(stored).toEqual({ width: 10_000, height: 5_000 });
  });

  it("is a rule of the database too", async () => {
    const [post] = await sql<{ id: number }[]>`
      insert into public.posts (title, excerpt, content, post_type, status) values ('Huge', 'e', 'c', 'discussion', 'pending') returning id`;
    await expect(sql`insert into public.post_media (post_id, object_path, media_type, width, height) values (${post.id}, 'huge.png', 'image', 50000, 50000)`)
      .rejects.toMatchObject({ constraint_name: "post_media_size_renderable" });
    await sql`insert into public.post_media (post_id, object_path, media_type, width, height) values (${post.id}, 'cap.png', 'image', 10000, 5000)`;
    await sql`delete from public.posts where id = ${post.id}`;
  });
});
