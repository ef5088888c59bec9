/**
 * The contract of Storage's image transformations
 * (`/storage/v1/render/image/public/<bucket>/<name>`) for the public `media`
 * bucket, as the site's /renditions path uses it: sizes, modes, formats,
 * quality, EXIF orientation and the refusals, with Supabase's messages
 * (supabase/storage src/storage/renderer/image.ts, src/http/error-handler.ts).
 * The images are made here with sharp.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { newClient, serviceRoleKey, supabaseUrl } from "./env.ts";

const bucket = () => newClient(serviceRoleKey).storage.from("media");
const folder = `contract-tests/render-${Date.now()}-${process.pid}`;
const uploaded: string[] = [];

async function upload(name: string, bytes: Buffer, contentType: string): Promise<string> {
  const path = `${folder}/${name}`;
  const { error } = await bucket().upload(path, bytes, { contentType });
  expect(error).toBeNull();
  uploaded.push(path);
  return path;
}

const renderUrl = (path: string, query = "") => `${supabaseUrl}/storage/v1/render/image/public/media/${path}${query ? `?${query}` : ""}`;

/** A rendition and what it is: its format and size as sharp reads them. */
async function rendition(path: string, query: string, headers: Record<string, string> = {}) {
  const response = await fetch(renderUrl(path, query), { headers });
  expect(response.status, response.headers.get("content-type") ?? "").toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  const { format, width, height, orientation } = await sharp(body).metadata();
  return { response, body, format, width, height, orientation };
}

/** A refusal: the HTTP status and Storage's JSON body. */
async function refusal(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as { statusCode: string; error: string; message: string } };
}

/** An image made of vertical stripes, one colour each, so a crop and a squash can be told apart. */
function stripes(width: number, height: number, colours: [number, number, number][]): sharp.Sharp {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const colour = colours[Math.floor((x * colours.length) / width)]!;
      pixels.set(colour, (y * width + x) * 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

const red: [number, number, number] = [255, 0, 0];
const green: [number, number, number] = [0, 255, 0];
const blue: [number, number, number] = [0, 0, 255];
const yellow: [number, number, number] = [255, 255, 0];

/** The colour of one pixel of an encoded image. */
async function pixel(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - expected[i]!) < 60);

afterAll(async () => {
  if (uploaded.length > 0) await bucket().remove(uploaded);
});

describe("image transformations of the media bucket", () => {
  it("resizes to a width keeping the aspect ratio, and never enlarges", async () => {
    const path = await upload("wide.jpg", await stripes(400, 200, [red, blue]).jpeg().toBuffer(), "image/jpeg");
    expect(await rendition(path, "width=100")).toMatchObject({ width: 100, height: 50 });
    expect(await rendition(path, "height=50")).toMatchObject({ width: 100, height: 50 });
    expect(await rendition(path, "width=1000")).toMatchObject({ width: 400, height: 200 });
  });

  it("fits width and height by the resize mode: cover crops (the default), contain fits inside, fill stretches", async () => {
    const path = await upload("stripes.png", await stripes(400, 200, [red, green, blue, yellow]).png().toBuffer(), "image/png");
    const box = "width=100&height=100&format=origin";
    for (const query of [box, `${box}&resize=cover`]) {
      const cover = await rendition(path, query);
      expect(cover).toMatchObject({ format: "png", width: 100, height: 100 });
      // The middle of the image is kept: green then blue, no red.
      expect(near(await pixel(cover.body, 10, 50), green)).toBe(true);
      expect(near(await pixel(cover.body, 90, 50), blue)).toBe(true);
    }
    expect(await rendition(path, `${box}&resize=contain`)).toMatchObject({ width: 100, height: 50 });
    const fill = await rendition(path, `${box}&resize=fill`);
    expect(fill).toMatchObject({ width: 100, height: 100 });
    // All four stripes, squeezed.
    expect(near(await pixel(fill.body, 5, 50), red)).toBe(true);
    expect(near(await pixel(fill.body, 95, 50), yellow)).toBe(true);
  });

  it("answers WebP to a client that accepts it, the source's format with format=origin or without WebP in Accept", async () => {
    const path = await upload("photo.jpg", await stripes(300, 200, [red, blue]).jpeg().toBuffer(), "image/jpeg");
    const accepts = { accept: "image/avif,image/webp,image/apng,image/*,*/*;q=0.8" };
    const webp = await rendition(path, "width=150", accepts);
    expect(webp.format).toBe("webp");
    expect(webp.response.headers.get("content-type")).toBe("image/webp");
    const origin = await rendition(path, "width=150&format=origin", accepts);
    expect(origin.format).toBe("jpeg");
    expect(origin.response.headers.get("content-type")).toBe("image/jpeg");
    expect((await rendition(path, "width=150", { accept: "image/jpeg,*/*" })).format).toBe("jpeg");
    expect((await rendition(path, "width=150&format=webp", { accept: "*/*" })).format).toBe("webp");
  });

  it("sends the source object's ETag and cache policy with the rendition", async () => {
    const path = await upload("cached.jpg", await stripes(200, 100, [green, red]).jpeg().toBuffer(), "image/jpeg");
    const { data } = await bucket().list(folder, { search: "cached.jpg" });
    const { response } = await rendition(path, "width=50");
    expect(response.headers.get("etag")).toBe(data?.[0]?.metadata?.eTag);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
  });

  it("makes a smaller file at a lower quality", async () => {
    const noise = sharp(randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } });
    const path = await upload("noise.jpg", await noise.jpeg({ quality: 95 }).toBuffer(), "image/jpeg");
    const sizeAt = async (quality: number) => (await rendition(path, `width=300&quality=${quality}&format=origin`)).body.length;
    const [low, high] = [await sizeAt(20), await sizeAt(90)];
    expect(low).toBeLessThan(high * 0.6);
  });

  it("refuses parameters out of range with Storage's validation message, before looking for the object", async () => {
    const cases: [string, string][] = [
      ["quality=10", "querystring/quality must be >= 20"],
      ["quality=101", "querystring/quality must be <= 100"],
      ["width=-1", "querystring/width must be >= 0"],
      ["height=1.5", "querystring/height must be integer"],
      ["width=wide", "querystring/width must be integer"],
      ["width=100&resize=stretch", "querystring/resize must be equal to one of the allowed values"],
      ["format=png", "querystring/format must be equal to one of the allowed values"],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await refusal(renderUrl(`${folder}/absent.jpg`, query));
      expect({ query, status, statusCode: body.statusCode, message: body.message }).toEqual({ query, status: 400, statusCode: "400", message });
    }
  });

  it("refuses an object that does not exist as Storage does (400, statusCode 404)", async () => {
    const { status, body } = await refusal(renderUrl(`${folder}/absent.jpg`, "width=100"));
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: "404", error: "not_found", message: "Object not found" });
  });

  it("refuses a source that is not an image", async () => {
    const path = await upload("not-an-image.png", Buffer.from("plain text, not a PNG"), "image/png");
    const { status, body } = await refusal(renderUrl(path, "width=100"));
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: "400", message: "The source image is invalid or unsupported for rendering" });
  });

  it("refuses a source over 50 megapixels", async () => {
    const huge = sharp({ create: { width: 8000, height: 6400, channels: 3, background: "white" } });
    const path = await upload("huge.png", await huge.png({ compressionLevel: 9 }).toBuffer(), "image/png");
    const { status, body } = await refusal(renderUrl(path, "width=100"));
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: "400", message: "The source image resolution is too large to process" });
  });

  it("turns a JPEG with EXIF orientation 6 upright", async () => {
    // Stored sideways: red on the left, blue on the right; orientation 6 says "rotate 90° clockwise to view".
    const sideways = await stripes(200, 100, [red, blue]).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);
    const path = await upload("sideways.jpg", sideways, "image/jpeg");
    const upright = await rendition(path, "width=50&format=origin");
    expect(upright).toMatchObject({ width: 50, height: 100 });
    expect(upright.orientation ?? 1).toBe(1);
    // Upright, the stored left edge is the top.
    expect(near(await pixel(upright.body, 25, 10), red)).toBe(true);
    expect(near(await pixel(upright.body, 25, 90), blue)).toBe(true);
  });

  it("serves a card-sized rendition of a large photo", async () => {
    const [width, height] = [3000, 2000];
    const photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const path = await upload("large.jpg", photo, "image/jpeg");
    const card = await rendition(path, "width=300&quality=75", { accept: "image/webp,*/*" });
    expect(card).toMatchObject({ format: "webp", width: 300, height: 200 });
    expect(card.body.length).toBeLessThan(photo.length / 20);
  });
});
