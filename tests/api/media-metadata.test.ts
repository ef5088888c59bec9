/**
 * A photo's metadata (where, with what, when) is not published: the stored
 * object is the image without it, still upright and still a JPEG.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createMember, postForm, validPostFields } from "../support/api.ts";
import { testEnv } from "../support/env.ts";
import { file, phoneJpeg } from "../support/media-fixtures.ts";

interface JpegSegment {
  marker: number;
  payload: Buffer;
}

/** The segments from SOI to the first scan, after checking the file starts with SOI and ends with EOI. */
function segmentsOf(jpeg: Buffer): JpegSegment[] {
  expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  expect(jpeg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  const segments: JpegSegment[] = [];
  for (let at = 2; ;) {
    expect(jpeg[at]).toBe(0xff);
    const marker = jpeg[at + 1];
    const length = jpeg.readUInt16BE(at + 2);
    segments.push({ marker, payload: jpeg.subarray(at + 4, at + 2 + length) });
    if (marker === 0xda) return segments;
    at += 2 + length;
  }
}

/** The Orientation in a big- or little-endian EXIF payload, and how many tags its first IFD has. */
function exifOf(payload: Buffer): { tags: number; orientation: number | undefined } {
  expect(payload.subarray(0, 6).toString("latin1")).toBe("Exif\0\0");
  const tiff = payload.subarray(6);
  const bigEndian = tiff.subarray(0, 2).toString("latin1") === "MM";
  const u16 = (at: number) => (bigEndian ? tiff.readUInt16BE(at) : tiff.readUInt16LE(at));
  const ifd = bigEndian ? tiff.readUInt32BE(4) : tiff.readUInt32LE(4);
  const tags = u16(ifd);
  let orientation: number | undefined;
  for (let index = 0; index < tags; index++) {
    const entry = ifd + 2 + index * 12;
    if (u16(entry) === 0x0112) orientation = u16(entry + 8);
  }
  return { tags, orientation };
}

async function storedObject(url: string): Promise<Buffer> {
  const name = url.replace("/images/", "");
  const res = await fetch(`${testEnv.supabaseUrl}/storage/v1/object/public/media/${name}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe("uploaded images lose their metadata", () => {
  it("stores a phone JPEG without its GPS, camera, XMP or comment, with its orientation and its image data", async () => {
    const member = await createMember({ lastName: "exif" });
    const marker = `marker-${randomUUID()}`;
    const photo = phoneJpeg(marker);
    const res = await api("POST", "/api/posts", {
      token: member.token,
      form: postForm(validPostFields, [file(photo, "holiday.jpg", "image/jpeg")]),
    });
    expect(res.status).toBe(201);
    const detail = await api("GET", `/api/posts/${res.body.id}`, { token: member.token });
    const stored = await storedObject(detail.body.post.media[0].url);

    expect(stored.includes(marker)).toBe(false);
    const segments = segmentsOf(stored);
    expect(segments.map((segment) => segment.marker)).toEqual([0xe0, 0xe1, 0xdb, 0xc0, 0xc4, 0xda]);
    expect(exifOf(segments[1].payload)).toEqual({ tags: 1, orientation: 6 });
    // From the quantisation tables on, the image is the one that was sent.
    const imageData = Buffer.from(photo).subarray(Buffer.from(photo).indexOf(Buffer.from([0xff, 0xdb])));
    expect(stored.subarray(stored.indexOf(Buffer.from([0xff, 0xdb])))).toEqual(imageData);
  });

  it("refuses a JPEG cut short inside a segment with 415 and creates nothing", async () => {
    const member = await createMember({ lastName: "exif-cut" });
    const photo = phoneJpeg(`marker-${randomUUID()}`);
    const res = await api("POST", "/api/posts", {
      token: member.token,
      form: postForm(validPostFields, [file(photo.subarray(0, 60), "cut.jpg", "image/jpeg")]),
    });
    expect(res.status).toBe(415);
    expect(res.body.error).toBe("cut.jpg is not a valid JPEG image.");
    const [{ count }] = await sql<{ count: number }[]>`
      select count(*)::int as count from public.posts where author_id = ${member.id}`;
    expect(count).toBe(0);
  });
});
