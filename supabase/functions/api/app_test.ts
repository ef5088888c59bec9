// The environment first: the app's modules read it at import.
import { offlineAnonKey } from "./testing/offline-env.ts";
import assert from "node:assert/strict";
import { createApp } from "./app.ts";
import { documentHead } from "./http/openapi.ts";
import { maxJsonBodyBytes, takesForm } from "./middleware/json-body-limit.ts";

/**
 * The api function in process, for what it answers without a database: the
 * environment points at nothing (testing/offline-env.ts), so a request that
 * reached Postgres or Storage would fail instead of passing.
 */
const app = createApp({ listenForChanges: false });

async function call(method: string, path: string, init: RequestInit = {}) {
  const res = await app.request(`http://localhost${path}`, { method, ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

const envelope = (message: string) => ({ error: message, detail: message });

Deno.test("an unknown address is a 404 in the error envelope", async () => {
  for (const path of ["/api/nowhere", "/api/posts/1/nothing", "/elsewhere"]) {
    const res = await call("GET", path);
    assert.equal(res.status, 404, path);
    assert.deepEqual(res.body, envelope("Not found."), path);
  }
});

Deno.test("an id that is not plain digits names nothing: 404 with the resource's message", async () => {
  const cases: [string, string, string][] = [
    ["GET", "/api/posts/0x10", "Post not found."],
    ["GET", "/api/posts/1e3/info-boxes", "Post not found."],
    ["GET", "/api/posts/01/comments", "Post not found."],
    ["GET", "/api/posts/99999999999999999", "Post not found."],
    ["DELETE", "/api/comments/-1", "Comment not found."],
  ];
  for (const [method, path, message] of cases) {
    const res = await call(method, path);
    assert.equal(res.status, 404, path);
    assert.deepEqual(res.body, envelope(message), path);
  }
});

Deno.test("a malformed query is a 400 that says what to fix, and is not for a CDN to keep", async () => {
  const cases: [string, string][] = [
    ["/api/posts/all?sort=sideways", "sort must be best, newest, oldest or most_upvotes."],
    ["/api/posts/all?limit=0", "limit must be a whole number from 1 to 100."],
    ["/api/posts/all?limit=1.5", "limit must be a whole number from 1 to 100."],
    ["/api/posts/all?date=yesterday", "date must be a day as YYYY-MM-DD."],
    ["/api/posts/all?cursor=forged", "cursor: not a cursor this API returned."],
    ["/api/timeline?limit=101", "limit must be a whole number from 1 to 100."],
    ["/api/posts/1/comments?sort=sideways", "sort must be newest or top."],
    ["/api/role?uid=someone", "uid must be a user id"],
    ["/api/feed?type=discussion", "type must be event."],
    ["/api/feed?tag=%20", "tag must be 1 to 50 characters."],
    ["/api/sitemap.xml?page=0", "page must be a whole number from 1."],
    ["/api/share-card?path=posts/1", "path must be a page of the site, such as /posts/1."],
  ];
  for (const [path, message] of cases) {
    const res = await call("GET", path);
    assert.equal(res.status, 400, path);
    assert.deepEqual(res.body, envelope(message), path);
    assert.equal(res.headers.get("cache-control"), "private, no-store", path);
  }
});

/** A request body that notes whether anyone began to read it. */
function watchedBody(text: string) {
  const watch = { read: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      watch.read = true;
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  }, { highWaterMark: 0 }); // nothing is pulled until someone reads
  return { watch, body };
}

Deno.test("a visitor's write is refused with 401 before its body is read", async () => {
  const writes: [string, string, string, string][] = [
    ["POST", "/api/posts/1/comments", "application/json", "Please sign in to comment."],
    ["POST", "/api/posts/1/vote", "application/json", "Please sign in to vote."],
    ["POST", "/api/comments/1/vote", "application/json", "Please sign in to vote."],
    ["POST", "/api/posts/1/suggestions", "application/json", "Please sign in to suggest an edit."],
    ["POST", "/api/suggestions", "application/json", "You need an account to submit a suggestion."],
    ["POST", "/api/posts", "multipart/form-data; boundary=x", "Please sign in to create a post."],
    ["PUT", "/api/posts/1", "multipart/form-data; boundary=x", "Please sign in first."],
  ];
  const text = '{"content":"hi","voteType":"up"}';
  for (const [method, path, contentType, message] of writes) {
    const { watch, body } = watchedBody(text);
    // With its length, as browsers send it (a chunked JSON body is counted
    // against the 256 KB limit as it arrives, so it is read first).
    const headers = { "content-type": contentType, "content-length": String(text.length) };
    const res = await call(method, path, { headers, body });
    assert.equal(res.status, 401, path);
    assert.deepEqual(res.body, envelope(message), path);
    assert.equal(watch.read, false, `${method} ${path} read the body`);
  }
});

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Each route that may take a body, once, as "METHOD /path". */
function writeRoutes(): string[] {
  const routes = app.routes.filter((route) => writeMethods.has(route.method));
  return [...new Set(routes.map((route) => `${route.method} ${route.path}`))];
}

/** A request path for a route's pattern: each parameter's first choice, or 1. */
const concretePath = (pattern: string) =>
  pattern.replace(/:\w+\{([^|}]+)[^}]*\}/g, (_param, first: string) => first).replace(/:\w+/g, () => "1");

Deno.test("every route is the first to answer its own requests, so no route can shadow another", () => {
  const endpoints = app.routes.filter((route) => route.method !== "ALL");
  assert.ok(endpoints.length >= 40, `only ${endpoints.length} routes: has the routing changed?`);
  for (const route of endpoints) {
    const path = concretePath(route.path);
    const [matches] = app.router.match(route.method, path);
    const first = matches.map(([[, owner]]) => owner).find((owner) => owner.method !== "ALL");
    assert.equal(`${first?.method} ${first?.path}`, `${route.method} ${route.path}`, `${route.method} ${path}`);
  }
});

Deno.test("every admin route refuses a visitor with 401 before anything else runs", async () => {
  const adminRoutes = [...new Set(app.routes.filter((route) => route.method !== "ALL" && route.path.startsWith("/api/admin/"))
    .map((route) => `${route.method} ${route.path}`))];
  assert.ok(adminRoutes.length >= 15, `only ${adminRoutes.length} admin routes`);
  for (const route of adminRoutes) {
    const [method, pattern] = route.split(" ");
    const { watch, body } = watchedBody("{}");
    const init = method === "GET" ? {} : { headers: { "content-type": "application/json", "content-length": "2" }, body };
    const res = await call(method, concretePath(pattern), init);
    assert.equal(res.status, 401, route);
    assert.deepEqual(res.body, envelope("Sign in as an admin first."), route);
    assert.equal(watch.read, false, `${route} read the body`);
  }
});

Deno.test("only post creation, the post edit and the one-click unsubscribe (RFC 8058) take a form", () => {
  const formRoutes = app.routes.filter((route) => route.handler === takesForm).map((route) => `${route.method} ${route.path}`);
  assert.deepEqual(formRoutes.sort(), ["POST /api/email/unsubscribe", "POST /api/posts", "PUT /api/posts/:id"]);
});

Deno.test("every other route refuses a form with 415 from its headers, before reading its body", async () => {
  const formRoutes = new Set(["POST /api/email/unsubscribe", "POST /api/posts", "PUT /api/posts/:id"]);
  const jsonRoutes = writeRoutes().filter((route) => !formRoutes.has(route));
  assert.ok(jsonRoutes.includes("POST /api/notifications/read"));
  for (const route of jsonRoutes) {
    const [method, pattern] = route.split(" ");
    for (const contentType of ["multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
      const { watch, body } = watchedBody("--x\r\n");
      // Chunked (no length): a body the JSON limit would read up to 256 KB of.
      const res = await call(method, concretePath(pattern), { headers: { "content-type": contentType }, body });
      assert.equal(res.status, 415, `${route} (${contentType})`);
      assert.deepEqual(res.body, envelope("This request takes JSON, not a form."), route);
      assert.equal(watch.read, false, `${route} read the body`);
    }
  }
});

Deno.test("the project's anon key is a visitor; a token that is not a JWT is refused", async () => {
  const asVisitor = await call("POST", "/api/posts/1/vote", {
    headers: { authorization: `Bearer ${offlineAnonKey}`, "content-type": "application/json" },
    body: JSON.stringify({ voteType: "up" }),
  });
  assert.equal(asVisitor.status, 401);
  assert.deepEqual(asVisitor.body, envelope("Please sign in to vote."));

  const forged = await call("GET", "/api/health", { headers: { authorization: "Bearer not-a-jwt" } });
  assert.equal(forged.status, 401);
  assert.deepEqual(forged.body, envelope("Invalid access token."));
});

Deno.test("a JSON body over 256 KB is refused with 413 by its length alone", async () => {
  const res = await call("POST", "/api/posts/1/comments", {
    headers: { "content-type": "application/json", "content-length": String(maxJsonBodyBytes + 1) },
    body: "{}",
  });
  assert.equal(res.status, 413);
  assert.deepEqual(res.body, envelope("The request body is too large."));
});

Deno.test("CORS: any origin may call the function directly, with the headers supabase-js sends", async () => {
  const preflight = await app.request("http://localhost/api/posts", {
    method: "OPTIONS",
    headers: {
      origin: "https://elsewhere.example",
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization, content-type",
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  const allowed = preflight.headers.get("access-control-allow-headers")?.split(",").map((name) => name.trim()) ?? [];
  for (const name of ["authorization", "content-type", "apikey", "x-client-info"]) assert.ok(allowed.includes(name), name);

  const read = await app.request("http://localhost/api/health", { headers: { origin: "https://elsewhere.example" } });
  assert.equal(read.headers.get("access-control-allow-origin"), "*");
  await read.body?.cancel();
});

Deno.test("a visitor's successful read may be kept by a CDN for a short while", async () => {
  const res = await call("GET", "/api/health");
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { ok: true });
  assert.equal(res.headers.get("cache-control"), "public, max-age=0, s-maxage=30");
  assert.equal(res.headers.get("cdn-cache-control"), "public, max-age=30, stale-while-revalidate=300");
  assert.match(res.headers.get("vary") ?? "", /Authorization/);
});

/**
 * Routes the OpenAPI document does not describe yet, as "METHOD /path" with {params}. Each one
 * is described with createRoute (or registerPath for a streamed body) and then leaves this list;
 * empty, every route is in the contract.
 */
const notYetDocumented: string[] = [];

/** Not an operation of the API: the route that serves the document itself. */
const theDocumentItself = "GET /api/openapi.json";

Deno.test("every route is in the OpenAPI document, and the document names no route that does not exist", () => {
  const methods = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
  // Middleware (use) is method ALL; a route's guards and validators are more entries of the same route.
  const routes = new Set(app.routes.filter((route) => route.method !== "ALL")
    // Hono's :id and :id{[0-9]+} are OpenAPI's {id}.
    .map((route) => `${route.method} ${route.path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}")}`));
  routes.delete(theDocumentItself);
  const document = app.getOpenAPI31Document(documentHead);
  const documented = new Set(Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item ?? {}).filter((key) => methods.includes(key)).map((method) => `${method.toUpperCase()} ${path}`)
  ));
  assert.ok(routes.size >= 40, `only ${routes.size} routes: has the routing changed?`);

  const undocumented = [...routes].filter((route) => !documented.has(route)).sort();
  assert.deepEqual(
    undocumented.filter((route) => !notYetDocumented.includes(route)),
    [],
    "routes the OpenAPI document does not describe: describe them with createRoute (or registerPath for a streamed body)",
  );
  assert.deepEqual(
    notYetDocumented.filter((route) => !undocumented.includes(route)),
    [],
    "described now (or gone): take them out of notYetDocumented",
  );
  // A path registered by hand (registerPath) that misses its router's prefix would document an address nothing answers.
  assert.deepEqual([...documented].filter((operation) => !routes.has(operation)).sort(), [], "operations in the document that no route serves");
});
