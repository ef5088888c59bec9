import type { ReadTx } from "../db/lanes.ts";

export interface CardPost {
  id: string;
  title: string;
  excerpt: string;
  is_nsfw: boolean;
  /** The first image's object path in the media bucket, if any. */
  image_path: string | null;
}

/** What a post's share card shows, as a visitor sees it: nothing for a post a visitor may not read. */
export async function cardPost(tx: ReadTx, id: number): Promise<CardPost | undefined> {
  const [row] = await tx<CardPost[]>`
    select p.id, p.title, p.excerpt, p.is_nsfw,
           (select m.object_path from public.post_media m
            where m.post_id = p.id and m.media_type = 'image'
            order by m.position, m.id limit 1) as image_path
    from public.posts p
    where p.id = ${id} and p.status = 'approved'`;
  return row;
}
