/**
 * The Storage contract for the public `media` bucket: upload and remove with
 * supabase-js (as the api function does), public download by URL (as the
 * site's /images proxy does), and the bucket's limits.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { describe, expect, it } from "vitest";
import { newClient, serviceRoleKey, supabaseUrl, uniqueEmail } from "./env.ts";
import { confirmByMail } from "./mailpit.ts";

const bucket = () => newClient(serviceRoleKey).storage.from("media");
const folder = `contract-tests/${Date.now()}-${process.pid}`;
// A 1x1 PNG.
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** A raw request, so `..` in the path reaches the server as sent (fetch would normalise it away). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const url = new URL(supabaseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ host: url.hostname, port: url.port, path: `${url.pathname.replace(/\/$/, "")}${path}` }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}

describe("media bucket", () => {
  it("uploads with the service role key, serves the object publicly, removes it", async () => {
    const name = `${folder}/pixel.png`;
    const upload = await bucket().upload(name, png, { contentType: "image/png" });
    expect(upload.error).toBeNull();
    expect(upload.data?.path).toBe(name);
    expect(upload.data?.fullPath).toBe(`media/${name}`);

    const publicUrl = bucket().getPublicUrl(name).data.publicUrl;
    expect(publicUrl).toBe(`${supabaseUrl}/storage/v1/object/public/media/${name}`);
    const response = await fetch(publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(Number(response.headers.get("content-length"))).toBe(png.length);
    expect(response.headers.get("cache-control")).toMatch(/max-age=\d+/);
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);

    const removal = await bucket().remove([name]);
    expect(removal.error).toBeNull();
    expect(removal.data?.map((object) => object.name)).toEqual([name]);
    const gone = await fetch(publicUrl);
    expect(gone.headers.get("content-type")).toContain("application/json");
    expect(await storageError(gone)).toEqual({ status: 400, statusCode: "404" });
  });

  it("uploads a Blob (multipart form) keeping its type", async () => {
    const name = `${folder}/blob.png`;
    const { error } = await bucket().upload(name, new Blob([png], { type: "image/png" }));
    expect(error).toBeNull();
    const response = await fetch(bucket().getPublicUrl(name).data.publicUrl);
    expect(response.headers.get("content-type")).toBe("image/png");
    await bucket().remove([name]);
  });

  it("refuses to overwrite without upsert, overwrites with it", async () => {
    const name = `${folder}/twice.png`;
    expect((await bucket().upload(name, png, { contentType: "image/png" })).error).toBeNull();
    const again = await bucket().upload(name, png, { contentType: "image/png" });
    expect(again.error).not.toBeNull();
    expect((await bucket().upload(name, png, { contentType: "image/png", upsert: true })).error).toBeNull();
    await bucket().remove([name]);
  });

  it("lists a folder's objects with their size, type and MD5 e-tag, sorted and paged, for the service role only", async () => {
    const listed = `${folder}/listed`;
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    expect((await bucket().upload(`${listed}/b.png`, png, { contentType: "image/png" })).error).toBeNull();
    expect((await bucket().upload(`${listed}/a.gif`, gif, { contentType: "image/gif" })).error).toBeNull();
    expect((await bucket().upload(`${listed}/sub/c.png`, png, { contentType: "image/png" })).error).toBeNull();

    const { data, error } = await bucket().list(listed);
    expect(error).toBeNull();
    expect(data?.map((item) => item.name)).toEqual(["a.gif", "b.png", "sub"]);
    expect(data?.[1]?.metadata).toMatchObject({
      size: png.length,
      mimetype: "image/png",
      eTag: `"${createHash("md5").update(png).digest("hex")}"`,
    });
    expect(data?.[2]?.id).toBeNull();

    const page = await bucket().list(listed, { limit: 1, offset: 1, sortBy: { column: "name", order: "desc" } });
    expect(page.data?.map((item) => item.name)).toEqual(["b.png"]);
    expect((await bucket().list(listed, { search: "a." })).data?.map((item) => item.name)).toEqual(["a.gif"]);
    expect((await newClient().storage.from("media").list(listed)).error).not.toBeNull();
    await bucket().remove([`${listed}/b.png`, `${listed}/a.gif`, `${listed}/sub/c.png`]);
  });

  it("walks a bucket folder by folder, a page at a time, in lower(name) order, as a backup lists it", async () => {
    // POST /object/list/<bucket> over HTTP, as scripts/backup/storage-api.ts sends it (supabase/storage
    // src/http/routes/object/listObjects.ts); folders come back with a null id, among the objects by lower(name).
    const walked = `${folder}/walked`;
    const names = ["Zed.png", "apple.png", "b/inner.png", "b/deeper/x.png", "c.png"].map((name) => `${walked}/${name}`);
    for (const name of names) expect((await bucket().upload(name, png, { contentType: "image/png" })).error).toBeNull();
    const listPage = async (prefix: string, offset: number) => {
      const response = await fetch(`${supabaseUrl}/storage/v1/object/list/media`, {
        method: "POST",
        headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, "content-type": "application/json" },
        body: JSON.stringify({ prefix, limit: 2, offset, sortBy: { column: "name", order: "asc" } }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { name: string; id: string | null; metadata: { size: number } | null }[];
    };
    const found: string[] = [];
    const pages: string[][] = [];
    const walk = async (prefix: string): Promise<void> => {
      for (let offset = 0; ; offset += 2) {
        const page = await listPage(prefix, offset);
        pages.push(page.map((item) => item.name));
        for (const item of page) {
          if (item.id === null) {
            expect(item.metadata).toBeNull();
            await walk(`${prefix}/${item.name}`);
          } else {
            expect(item.metadata?.size).toBe(png.length);
            found.push(`${prefix}/${item.name}`);
          }
        }
        if (page.length < 2) return;
      }
    };
    await walk(walked);
    expect(pages[0]).toEqual(["apple.png", "b"]);
    expect(found.sort()).toEqual([...names].sort());

    // Each object read back through the authenticated route (the service key), whatever the bucket's publicity.
    const objectUrl = `${supabaseUrl}/storage/v1/object/media/${walked}/b/deeper/x.png`;
    const download = await fetch(objectUrl, { headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    expect(await storageError(await fetch(objectUrl))).toMatchObject({ status: 400 });
    await bucket().remove(names);
  });

  it("takes a streamed upload (no Content-Length) and stops it at the bucket's limit", async () => {
    const chunk = Buffer.alloc(1024 * 1024, 1);
    const body = (megabytes: number) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (megabytes-- > 0) controller.enqueue(chunk);
          else controller.close();
        },
      });
    const upload = (name: string, megabytes: number) =>
      fetch(`${supabaseUrl}/storage/v1/object/media/${name}`, {
        method: "POST",
        headers: { authorization: `Bearer ${serviceRoleKey}`, "content-type": "video/mp4" },
        body: body(megabytes),
        duplex: "half",
      } as RequestInit);
    const ok = await upload(`${folder}/streamed.mp4`, 3);
    expect(ok.status).toBe(200);
    const { data } = await bucket().list(folder, { search: "streamed" });
    expect(data?.[0]?.metadata?.size).toBe(3 * chunk.length);
    expect(await storageError(await upload(`${folder}/too-big.mp4`, 51))).toEqual({ status: 400, statusCode: "413" });
    expect((await bucket().list(folder, { search: "too-big" })).data).toEqual([]);
    await bucket().remove([`${folder}/streamed.mp4`]);
  });

  it("refuses a type the bucket does not allow", async () => {
    const { error } = await bucket().upload(`${folder}/note.txt`, Buffer.from("hello"), { contentType: "text/plain" });
    expect(error).not.toBeNull();
    expect(String((error as unknown as { statusCode?: string }).statusCode)).toBe("415");
  });

  it("refuses a file over the bucket's 50 MiB limit", async () => {
    const big = Buffer.alloc(50 * 1024 * 1024 + 1);
    const { error } = await bucket().upload(`${folder}/big.png`, big, { contentType: "image/png" });
    expect(error).not.toBeNull();
    expect(String((error as unknown as { statusCode?: string }).statusCode)).toBe("413");
  });

  it("refuses uploads without the service role key or a user token", async () => {
    const { error } = await newClient().storage.from("media").upload(`${folder}/anon.png`, png, { contentType: "image/png" });
    expect(error).not.toBeNull();
  });

  it("refuses uploads from a signed-in user: with no storage policies only the service role writes, as on Supabase", async () => {
    const client = newClient();
    const email = uniqueEmail("storage");
    const { data, error: signUpError } = await client.auth.signUp({
      email,
      password: "correct-horse-1",
      options: { data: { adult_confirmed: true } },
    });
    expect(signUpError).toBeNull();
    if (!data.session) await confirmByMail(client, email);
    expect((await client.auth.getSession()).data.session).not.toBeNull();
    const name = `${folder}/by-user.png`;
    const { error } = await client.storage.from("media").upload(name, png, { contentType: "image/png" });
    expect(error).not.toBeNull();
    expect(String((error as unknown as { statusCode?: string }).statusCode)).toBe("403");
    expect(await storageError(await fetch(`${supabaseUrl}/storage/v1/object/public/media/${name}`))).toEqual({ status: 400, statusCode: "404" });
  });

  it("never serves anything outside the bucket", async () => {
    for (const path of [
      "/storage/v1/object/public/media/../../auth-keys.json",
      "/storage/v1/object/public/media/%2e%2e/%2e%2e/auth-keys.json",
      "/storage/v1/object/public/media/..%2f..%2fauth-keys.json",
      "/storage/v1/object/public/media/a/..%5c..%5cauth-keys.json",
    ]) {
      const { status, body } = await rawGet(path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(body, path).not.toContain("privateJwk");
    }
  });

  // supabase/storage src/http/error-handler.ts: Storage's own errors are HTTP 400 with the status in the body.
  it("answers a missing object with 400 and statusCode 404", async () => {
    const response = await fetch(`${supabaseUrl}/storage/v1/object/public/media/${folder}/missing.png`);
    expect(await storageError(response)).toEqual({ status: 400, statusCode: "404" });
  });

  it("answers a second upload to the same name with 400 and statusCode 409", async () => {
    const name = `${folder}/twice.png`;
    expect((await bucket().upload(name, png, { contentType: "image/png" })).error).toBeNull();
    const again = await fetch(`${supabaseUrl}/storage/v1/object/media/${name}`, {
      method: "POST",
      headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, "content-type": "image/png" },
      body: png,
    });
    expect(await storageError(again)).toEqual({ status: 400, statusCode: "409" });
  });
});

async function storageError(response: Response): Promise<{ status: number; statusCode: string }> {
  const body = (await response.json()) as { statusCode: string };
  return { status: response.status, statusCode: body.statusCode };
}
