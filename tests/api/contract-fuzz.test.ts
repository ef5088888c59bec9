/**
 * Every operation of docs/openapi.json, fed requests generated from the
 * document's own schemas (fast-check): valid parameters and bodies, and
 * invalid ones (wrong types, missing required fields, oversize strings, extra
 * fields, garbage ids, NUL and other unicode, the wrong content type), as a
 * visitor, a member and an admin. Every answer goes through api(), which holds
 * it to the document; none may be a 5xx. Requests that must be refused (a
 * visitor's or member's call above their role, a garbage id, a body missing
 * what it requires) must answer 4xx and write nothing: a fingerprint of this
 * file's own rows is compared around each of them.
 *
 * Path ids are this file's own fixtures or ids that cannot exist, never other
 * files' rows: they run beside this one, and the admin calls here delete,
 * hide, suspend, pin and change roles.
 *
 * FUZZ_SEED reproduces a run (the seed is printed with every finding);
 * FUZZ_RUNS scales the number of requests per operation.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { contract } from "../support/contract.ts";
import { createComment, createEditSuggestion, createPost } from "../support/fixtures.ts";
import { api, type ApiResponse, createAdmin, createMember, type SignedInUser, validPostFields } from "../support/api.ts";

type Schema = Record<string, any>;
type Role = "visitor" | "member" | "admin";
const roles: Role[] = ["visitor", "member", "admin"];
const rank: Record<string, number> = { visitor: 0, member: 1, moderator: 2, admin: 3 };

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Requests of each kind per operation and role; the whole file stays near a minute on two cores. */
const runs = Number(process.env.FUZZ_RUNS ?? 5);

const document = contract().document as unknown as {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
};

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  while (typeof current.$ref === "string") current = document.components.schemas[current.$ref.split("/").pop()!];
  return current;
}

// ---------------------------------------------------------------------------
// Values from schemas

function stringOf(schema: Schema): fc.Arbitrary<string> {
  // The document's example and default, often: random strings rarely pass a route's own checks (a time zone, a page size).
  const known = [schema.example, schema.default].filter((v) => typeof v === "string") as string[];
  const generated = generatedString(schema);
  return known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 2 }, { arbitrary: generated, weight: 1 }) : generated;
}

function generatedString(schema: Schema): fc.Arbitrary<string> {
  const max = schema.maxLength as number | undefined;
  if (schema.format === "date-time") return fc.date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === "date") return fc.date({ min: new Date("1900-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === "uuid") return fc.uuid();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => max === undefined || s.length <= max);
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): its example, else any string.
    }
  }
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(max ?? 40, 40), unit: "grapheme" });
}

function valueOf(input: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input);
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((a) => valueOf(a, depth)));
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : depth > 2 ? ["null"] : ["string", "integer", "boolean"];
  return fc.oneof(...types.map((type) => valueOfType(schema, type, depth)));
}

function valueOfType(schema: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1_000_000);
      return fc.integer({ min, max: schema.maximum ?? 2 ** 31 - 1 });
    }
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
    case "string":
      return stringOf(schema);
    case "array":
      if (Array.isArray(schema.prefixItems)) return fc.tuple(...(schema.prefixItems as Schema[]).map((s) => valueOf(s, depth + 1)));
      return fc.array(depth > 2 ? fc.constant(null) : valueOf(schema.items, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case "object": {
      const properties = Object.entries((schema.properties ?? {}) as Record<string, Schema>);
      if (properties.length === 0 && typeof schema.additionalProperties === "object") {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), valueOf(schema.additionalProperties, depth + 1), { maxKeys: 3 });
      }
      const record = fc.record(Object.fromEntries(properties.map(([name, s]) => [name, valueOf(s, depth + 1)])), { requiredKeys: (schema.required ?? []) as string[] });
      // The document's own example body, sometimes: generated ones rarely get past a route's checks of their content.
      return schema.example && typeof schema.example === "object" ? fc.oneof(fc.constant(schema.example as unknown), record) : record;
    }
    default:
      return fc.constant(null);
  }
}

/** Strings a route has to survive: NUL, bidi controls, astral characters, quotes, markup. */
const nastyString = fc.constantFrom("\u0000", "a\u0000b", "\u202eevil", "漢字🙂\u{1F3F3}\u{FE0F}", "'; drop table posts; --", "<script>alert(1)</script>", "\uFFFF\uFFFE", "%00", " ", "\\");
/** Ids that can exist nowhere, or are not ids at all. */
const garbageId = fc.constantFrom("abc", "-1", "0", "9".repeat(30), "1.5", "0x10", "1e3", "%00", "%C3%A9", "%F0%9F%99%82", "00000000-0000-0000-0000-000000000000", "2147483648", "99999999999");
/** A value of another type than the schema says. */
function wrongTypeOf(input: Schema): unknown {
  const schema = resolve(input);
  const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type ?? "string"];
  if (types.includes("string")) return types.includes("null") ? 12345 : { nested: [1] };
  if (types.includes("integer") || types.includes("number")) return "abc";
  if (types.includes("boolean")) return "yes";
  if (types.includes("array")) return "not-a-list";
  return 17;
}

// ---------------------------------------------------------------------------
// Requests

interface Request {
  role: Role;
  method: string;
  path: string;
  json?: unknown;
  /** Multipart fields, built into a FormData when sent. */
  form?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Why it must be refused with a 4xx (and write nothing); undefined: anything but a 5xx. */
  refuse?: "role" | "input";
  kind: string;
}

function formData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (/media/.test(name)) form.append(name, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "fuzz.png", { type: "image/png" }));
      else form.append(name, typeof item === "string" ? item : JSON.stringify(item));
    }
  }
  return form;
}

function describeRequest(request: Request): string {
  const body = request.json !== undefined ? ` json=${JSON.stringify(request.json)}` : request.form ? ` form=${JSON.stringify(request.form)}` : "";
  const shown = body.length > 400 ? `${body.slice(0, 400)}…` : body;
  return `[seed ${seed}] ${request.role} ${request.method} ${request.path}${shown}${request.headers ? ` headers=${JSON.stringify(request.headers)}` : ""} (${request.kind})`;
}

// ---------------------------------------------------------------------------
// The world this file owns

let member: SignedInUser;
let admin: SignedInUser;
/** Acted on by the admin: suspended, its role changed. Never a caller. */
let target: SignedInUser;
/** Deletes its own account in DELETE /api/me. */
let leaver: SignedInUser;
const ownUsers = (): string[] => [member.id, admin.id, target.id, leaver.id];
const runTag = `fuzz-${Date.now().toString(36)}`;

beforeAll(async () => {
  [member, admin, target, leaver] = await Promise.all([
    createMember({ lastName: "fuzz-member" }),
    createAdmin({ lastName: "fuzz-admin" }),
    createMember({ lastName: "fuzz-target" }),
    createMember({ lastName: "fuzz-leaver" }),
  ]);
}, 120_000);

afterAll(async () => {
  // The fixtures' posts go (comments, votes, reports, revisions with them), so no pinned or reported fuzz post outlives the file.
  if (member) await sql`delete from public.posts where author_id = any(${ownUsers()}::uuid[])`;
  await sql`delete from auth.users where email like ${`${runTag}-%`}`;
});

interface Fixtures {
  post: number;
  pendingPost: number;
  comment: number;
  editSuggestion: number;
  revision: string;
  report: string;
  suggestion: string;
}

/** Fresh objects for one operation, so that what it deletes, hides or pins is its own. */
async function fixtures(): Promise<Fixtures> {
  const post = await createPost(member, { title: "Fuzz post", tags: ["fuzz"] });
  const pendingPost = await createPost(member, { title: "Fuzz pending post", status: "pending" });
  const comment = await createComment(member, post);
  const editSuggestion = await createEditSuggestion(member, post);
  // Owner-written posts have no history: one revision, as an approval writes it.
  const [revision] = await sql<{ id: string }[]>`
    insert into public.post_revisions (post_id, kind, author_id, fields, changed_fields)
    values (${post}, 'approval', ${member.id}, ${sql.json({
      title: "Fuzz post",
      excerpt: "An excerpt.",
      content: "Some **markdown** content.",
      tags: ["fuzz"],
      citations: null,
      post_type: "discussion",
      is_nsfw: false,
      event_timestamp: null,
      info_boxes: [],
    })}, '{}')
    returning id::text`;
  const [report] = await sql<{ id: string }[]>`
    insert into public.reports (reporter_id, post_id, reason) values (${member.id}, ${post}, 'spam') returning id::text`;
  const [suggestion] = await sql<{ id: string }[]>`
    insert into public.suggestions (user_id, suggestion) values (${member.id}, 'A fuzz suggestion') returning id::text`;
  return { post, pendingPost, comment, editSuggestion, revision: revision.id, report: report.id, suggestion: suggestion.id };
}

/** The own id a path parameter of this operation means. */
function ownId(template: string, method: string, name: string, own: Fixtures): string {
  if (name === "revisionId" || template.startsWith("/api/admin/revisions/")) return own.revision;
  if (template.startsWith("/api/admin/users/") || template.startsWith("/api/admin/people/")) return target.id;
  if (template.startsWith("/api/authors/") || template.startsWith("/api/follows/authors/")) return member.id;
  if (name === "tag") return "fuzz";
  if (template.startsWith("/api/comments/") || template.startsWith("/api/admin/comments/")) return String(own.comment);
  if (template.startsWith("/api/admin/reports/")) return own.report;
  if (/^\/api\/admin\/suggestions\/\{id\}\/(approve|reject)$/.test(template)) return String(own.editSuggestion);
  if (template === "/api/admin/suggestions/{id}") return own.suggestion;
  if (/^\/api\/admin\/posts\/\{id\}\/(approve|reject)$/.test(template)) return String(own.pendingPost);
  if (template.includes("{id}")) return String(own.post);
  throw new Error(`no fixture for ${method} ${template} {${name}}`);
}

/**
 * A cheap fingerprint of every row this file owns: its users' posts and what hangs
 * off them, its users' votes, reports, suggestions, roles and suspensions, and the
 * moderation log about them. Other files' writes never touch these rows.
 */
async function fingerprint(): Promise<string> {
  const users = ownUsers();
  const [row] = await sql<{ fp: string }[]>`
    with own_posts as (select id from public.posts where author_id = any(${users}::uuid[]))
    select concat_ws('/',
      (select count(*) || md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from public.posts p where p.author_id = any(${users}::uuid[])),
      (select count(*) || md5(coalesce(string_agg(c::text, '|' order by c.id), '')) from public.comments c
         where c.author_id = any(${users}::uuid[]) or c.post_id in (select id from own_posts)),
      (select count(*) || md5(coalesce(string_agg(v::text, '|' order by v::text), '')) from public.post_votes v
         where v.user_id = any(${users}::uuid[]) or v.post_id in (select id from own_posts)),
      (select count(*) || md5(coalesce(string_agg(v::text, '|' order by v::text), '')) from public.comment_votes v where v.user_id = any(${users}::uuid[])),
      (select count(*) || md5(coalesce(string_agg(e::text, '|' order by e.id), '')) from public.edit_suggestions e
         where e.user_id = any(${users}::uuid[]) or e.post_id in (select id from own_posts)),
      (select count(*) || md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from public.reports r
         where r.reporter_id = any(${users}::uuid[]) or r.post_id in (select id from own_posts)),
      (select count(*) || md5(coalesce(string_agg(s::text, '|' order by s.id), '')) from public.suggestions s where s.user_id = any(${users}::uuid[])),
      (select count(*) || md5(coalesce(string_agg(m::text, '|' order by m.id), '')) from public.moderation_log m
         where m.actor_id = any(${users}::uuid[]) or m.post_id in (select id from own_posts)),
      (select count(*) || md5(coalesce(string_agg(r::text, '|' order by r.id), '')) from public.post_revisions r where r.post_id in (select id from own_posts)),
      (select count(*) || md5(coalesce(string_agg(u::text, '|' order by u::text), '')) from public.user_roles u where u.user_id = any(${users}::uuid[])),
      (select md5(coalesce(string_agg(concat(p.id, p.first_name, p.last_name, p.suspended_until, p.suspension_reason), '|' order by p.id), ''))
         from public.profiles p where p.id = any(${users}::uuid[]))
    ) as fp`;
  return row.fp;
}

// ---------------------------------------------------------------------------
// One operation

interface Operation {
  method: string;
  template: string;
  role: string | null;
  parameters: Schema[];
  body?: { type: string; schema: Schema; required: boolean };
}

const operations: Operation[] = Object.entries(document.paths).flatMap(([template, item]) =>
  Object.entries(item)
    .filter(([method]) => ["get", "post", "put", "patch", "delete"].includes(method))
    .map(([method, operation]) => {
      const content = operation.requestBody?.content as Record<string, { schema: Schema }> | undefined;
      const type = content ? Object.keys(content)[0] : undefined;
      return {
        method: method.toUpperCase(),
        template,
        role: (operation["x-role"] as string | undefined) ?? null,
        parameters: ((operation.parameters ?? []) as Schema[]).filter((p) => p.in === "path" || p.in === "query" || p.in === "header"),
        body: type ? { type, schema: resolve(content![type].schema), required: Boolean(operation.requestBody.required) } : undefined,
      };
    }),
);

/** Fewer calls where each is slow or rate limited: whole-archive exports and the job runner. */
function scale(op: Operation): number {
  if (op.template.startsWith("/api/export/") || op.template === "/api/me/export" || op.template === "/api/admin/backups/latest") return 0.5;
  return 1;
}

interface Pieces {
  path: Record<string, string>;
  query: Record<string, string | undefined>;
  headers: Record<string, string>;
}

function build(op: Operation, pieces: Pieces): string {
  let path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => pieces.path[name]);
  const query = Object.entries(pieces.query).filter(([, v]) => v !== undefined) as [string, string][];
  if (query.length) path += `?${query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
  return path;
}

/** Valid parameters: own path ids, query values from their schemas (optional ones sometimes left out). */
function validPieces(op: Operation, own: Fixtures): fc.Arbitrary<Pieces> {
  const query: Record<string, fc.Arbitrary<string | undefined>> = {};
  const headers: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.parameters) {
    if (p.in === "query") {
      let value = valueOf(p.schema).map(String);
      if (p.name === "uid") value = fc.constantFrom(member.id, admin.id, randomUUID());
      if (p.name === "path") value = fc.constantFrom(`/posts/${own.post}`, "/", "/timeline", `/authors/${member.id}`, "/nowhere");
      query[p.name] = p.required ? value : fc.option(value, { nil: undefined });
    }
    // The jobs secret is never known here: left out or wrong.
    if (p.in === "header") headers[p.name] = fc.constantFrom("", "wrong-secret", "\u00e9");
  }
  const path = Object.fromEntries(op.parameters.filter((p) => p.in === "path").map((p) => [p.name, ownId(op.template, op.method, p.name, own)]));
  return fc.record({ query: fc.record(query), headers: fc.record(headers) }).map(({ query: q, headers: h }) => ({
    path,
    query: q,
    headers: Object.fromEntries(Object.entries(h).filter(([, v]) => v !== "")),
  }));
}

/** Invalid query values: oversize, off-pattern, NUL and other unicode, wrong type. */
function badQuery(op: Operation, pieces: fc.Arbitrary<Pieces>): fc.Arbitrary<Pieces> | undefined {
  const params = op.parameters.filter((p) => p.in === "query");
  if (params.length === 0) return undefined;
  const bad = fc.oneof(nastyString, fc.constantFrom("abc", "-1", "9".repeat(30), "x".repeat(5000), "1.5", "true", "[]", "%"));
  return fc.tuple(pieces, fc.constantFrom(...params.map((p) => p.name as string)), bad).map(([p, name, value]) => ({ ...p, query: { ...p.query, [name]: value } }));
}

function requiredKeys(schema: Schema): string[] {
  return (schema.required ?? []) as string[];
}

/** Bodies that break the schema where it binds: a required field gone or of the wrong type, the wrong root, a string over its maxLength. */
function refusedBodies(schema: Schema, multipart: boolean): fc.Arbitrary<unknown> | undefined {
  const base = valueOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  // A form has no root to get wrong: an update form with none of its fields is a valid (empty) edit.
  const options: fc.Arbitrary<unknown>[] = multipart ? [] : [fc.constantFrom<unknown>([], [1, 2], 42, "text", true, null)];
  const required = requiredKeys(schema);
  if (required.length) {
    options.push(fc.tuple(base, fc.constantFrom(...required)).map(([body, key]) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== key))));
    options.push(fc.tuple(base, fc.constantFrom(...required)).map(([body, key]) => ({ ...body, [key]: wrongTypeOf(schema.properties[key]) })));
  }
  const bounded = Object.entries((schema.properties ?? {}) as Record<string, Schema>).filter(([, s]) => typeof resolve(s).maxLength === "number");
  if (bounded.length) {
    options.push(
      fc.tuple(base, fc.constantFrom(...bounded)).map(([body, [key, s]]) => ({ ...body, [key]: "x".repeat((resolve(s).maxLength as number) + 1) })),
    );
  }
  return options.length ? fc.oneof(...options) : undefined;
}

/** Bodies off the schema where a route may still accept them: extra fields, optional fields of the wrong type, odd or huge strings. */
function oddBodies(schema: Schema): fc.Arbitrary<unknown> {
  const base = valueOf(schema) as fc.Arbitrary<Record<string, unknown>>;
  const properties = Object.keys(schema.properties ?? {});
  const optional = properties.filter((k) => !requiredKeys(schema).includes(k));
  const options: fc.Arbitrary<unknown>[] = [
    base.map((body) => ({ ...body, extraField: "x", role: "admin", author_id: admin.id, status: "approved" })),
  ];
  if (optional.length) options.push(fc.tuple(base, fc.constantFrom(...optional)).map(([body, key]) => ({ ...body, [key]: wrongTypeOf(schema.properties[key]) })));
  if (properties.length) {
    options.push(fc.tuple(base, fc.constantFrom(...properties), nastyString).map(([body, key, s]) => ({ ...body, [key]: s })));
    options.push(fc.tuple(base, fc.constantFrom(...properties)).map(([body, key]) => ({ ...body, [key]: "é".repeat(70_000) })));
  }
  return fc.oneof(...options);
}

/** The requests for one operation: those that must be refused, and the rest. */
function requestsFor(op: Operation, own: Fixtures): { refused: Request[]; others: Request[] } {
  const n = Math.max(1, Math.round(runs * scale(op)));
  const sample = <T,>(arb: fc.Arbitrary<T>, count: number, salt: number): T[] => fc.sample(arb, { numRuns: count, seed: seed + salt });
  const salt = [...`${op.method} ${op.template}`].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
  const pieces = validPieces(op, own);
  const pathParams = op.parameters.filter((p) => p.in === "path").map((p) => p.name as string);
  const body = op.body;
  const bodyArb = body ? valueOf(body.schema) : fc.constant(undefined);
  const refused: Request[] = [];
  const others: Request[] = [];
  const make = (role: Role, p: Pieces, value: unknown, kind: string, refuse?: Request["refuse"], wrongType = false): Request => {
    const request: Request = { role, method: op.method, path: build(op, p), kind, refuse };
    if (Object.keys(p.headers).length) request.headers = p.headers;
    if (!body) return request;
    const multipart = body.type.startsWith("multipart/");
    // The wrong content type: JSON where a form is documented, a form where JSON is.
    if (multipart !== wrongType) request.form = (value && typeof value === "object" && !Array.isArray(value) ? value : { value }) as Record<string, unknown>;
    else request.json = value;
    return request;
  };
  const needed = op.role ?? "member";

  for (const [index, role] of roles.entries()) {
    const s = salt + index * 1000;
    // Refused for the caller's role: a visitor where a member is needed, a member where a moderator is.
    if (rank[role] < rank[needed] || op.role === null) {
      const why = op.role === null ? "input" : "role";
      for (const [p, v] of sample(fc.tuple(pieces, bodyArb), n, s + 1)) refused.push(make(role, p, v, op.role === null ? "no or a wrong jobs secret" : "below the operation's role", why));
    }
    // Garbage ids, each path parameter in turn.
    if (pathParams.length) {
      for (const [p, name, id, v] of sample(fc.tuple(pieces, fc.constantFrom(...pathParams), garbageId, bodyArb), n, s + 2)) {
        refused.push(make(role, { ...p, path: { ...p.path, [name]: id } }, v, `garbage ${name}`, "input"));
      }
      // A fresh UUID or a huge number: well formed, and no row has it.
      for (const [p, name] of sample(fc.tuple(pieces, fc.constantFrom(...pathParams)), 1, s + 3)) {
        const id = /user|people|authors|admin\/suggestions\/\{id\}$/.test(op.template) ? randomUUID() : "2000000000";
        refused.push(make(role, { ...p, path: { ...p.path, [name]: id } }, undefined, `unknown ${name}`, "input"));
      }
    }
    // A required query parameter left out.
    for (const p of op.parameters.filter((q) => q.in === "query" && q.required)) {
      for (const [piece, v] of sample(fc.tuple(pieces, bodyArb), 1, s + 4)) refused.push(make(role, { ...piece, query: { ...piece.query, [p.name]: undefined } }, v, `no ${p.name}`, "input"));
    }
    // A post as the SPA sends one (the form's schema has no example), so that valid calls get past the route's checks too.
    const valid = op.method === "POST" && op.template === "/api/posts" ? fc.oneof(bodyArb, fc.constant<unknown>({ ...validPostFields, title: `Fuzz ${runTag}` })) : bodyArb;
    const offSchema = body && refusedBodies(body.schema, body.type.startsWith("multipart/"));
    if (body && rank[role] >= rank[needed]) {
      if (offSchema) for (const [p, v] of sample(fc.tuple(pieces, offSchema), n, s + 5)) refused.push(make(role, p, v, "body off its schema", "input"));
      for (const [p, v] of sample(fc.tuple(pieces, bodyArb), Math.ceil(n / 2), s + 6)) refused.push(make(role, p, v, "wrong content type", "input", true));
    }

    // Anything but a 5xx: valid requests, and odd ones a route may accept.
    for (const [p, v] of sample(fc.tuple(pieces, valid), n, s + 7)) others.push(make(role, p, v, "valid"));
    const query = badQuery(op, pieces);
    if (query) for (const [p, v] of sample(fc.tuple(query, bodyArb), n, s + 8)) others.push(make(role, p, v, "odd query"));
    if (body) for (const [p, v] of sample(fc.tuple(pieces, oddBodies(body.schema)), n, s + 9)) others.push(make(role, p, v, "odd body"));
  }
  return { refused, others };
}

const tokens = (): Record<Role, string | undefined> => ({ visitor: undefined, member: member.token, admin: admin.token });

/** Operations whose valid calls would take this file's callers away; what replaces them there. */
function adjust(op: Operation, requests: Request[]): Request[] {
  if (op.method === "DELETE" && op.template === "/api/me") {
    // The member and admin callers must outlive this call: the leaver stands in for both, and its
    // generated e-mail addresses never match its own, except in one last call.
    return requests.filter((r) => r.role !== "admin");
  }
  if (op.template === "/api/admin/people/invite") {
    // Invitations only to addresses this file removes again, and few of them.
    let count = 0;
    return requests.map((r) => {
      if (r.json && typeof r.json === "object" && !Array.isArray(r.json) && typeof (r.json as Schema).email === "string" && r.refuse === undefined) {
        count += 1;
        return { ...r, json: { ...(r.json as Schema), email: `${runTag}-${count}@test.example.com` } };
      }
      return r;
    });
  }
  return requests;
}

async function send(op: Operation, request: Request): Promise<ApiResponse> {
  const token = op.template === "/api/me" && op.method === "DELETE" && request.role === "member" ? leaver.token : tokens()[request.role];
  return api(request.method, request.path, {
    token,
    json: request.json,
    form: request.form ? formData(request.form) : undefined,
    headers: request.headers,
  });
}


interface Tally {
  sent: number;
  byStatus: Record<number, number>;
}
const totals: { op: string; sent: number; ms: number; statuses: string }[] = [];
const acceptedOffSchema: string[] = [];

async function fuzz(op: Operation): Promise<void> {
  const started = Date.now();
  const own = await fixtures();
  const { refused, others } = requestsFor(op, own);
  const failures: string[] = [];
  const tally: Tally = { sent: 0, byStatus: {} };
  const call = async (request: Request): Promise<ApiResponse | undefined> => {
    tally.sent += 1;
    try {
      const res = await send(op, request);
      tally.byStatus[res.status] = (tally.byStatus[res.status] ?? 0) + 1;
      // 500 and 503 are documented for every operation, as what an outage looks like: a fuzzed request must not cause one.
      if (res.status >= 500) failures.push(`${describeRequest(request)} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
      return res;
    } catch (error) {
      failures.push(`${describeRequest(request)} → ${(error as Error).message.slice(0, 1200)}`);
      return undefined;
    }
  };

  // Refused ones first, while the fixtures are as made; each compared with the fingerprint before it.
  let before = await fingerprint();
  for (const request of adjust(op, refused)) {
    const res = await call(request);
    const after = await fingerprint();
    if (res && res.status < 400) {
      if (request.refuse === "role") failures.push(`${describeRequest(request)} → ${res.status}, not refused`);
      else acceptedOffSchema.push(`${describeRequest(request)} → ${res.status}`);
    } else if (res && res.status < 500 && after !== before) {
      failures.push(`${describeRequest(request)} → ${res.status}, yet it wrote: fingerprint ${before} → ${after}`);
    }
    before = after;
  }
  for (const request of adjust(op, others)) await call(request);
  if (op.method === "DELETE" && op.template === "/api/me") {
    // The one call that succeeds: the leaver, with its own address.
    await call({ role: "member", method: "DELETE", path: "/api/me", json: { email: leaver.email }, kind: "valid, own address" });
  }
  // Pinned or important fuzz posts would show on the home page other files read: gone as soon as their operation is done.
  await sql`delete from public.posts where id in (${own.post}, ${own.pendingPost})`;
  totals.push({
    op: `${op.method} ${op.template}`,
    sent: tally.sent,
    ms: Date.now() - started,
    statuses: Object.entries(tally.byStatus).map(([s, c]) => `${s}×${c}`).join(" "),
  });
  expect(failures, `${failures.length} finding(s) for ${op.method} ${op.template} (FUZZ_SEED=${seed} reproduces them)`).toEqual([]);
}

describe(`contract fuzz (FUZZ_SEED=${seed})`, () => {
  it("covers every operation of the document", () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  // Else "nothing written" would hold of any fingerprint that misses what it should see.
  it("the fingerprint sees a write to this file's rows", async () => {
    const own = await fixtures();
    const before = await fingerprint();
    await createComment(member, own.post, { content: "Seen by the fingerprint" });
    const afterComment = await fingerprint();
    await sql`update public.profiles set suspended_until = now() + interval '1 day' where id = ${target.id}`;
    await sql`update public.profiles set suspended_until = null where id = ${target.id}`;
    await sql`update public.posts set title = 'Fuzz post, renamed' where id = ${own.post}`;
    expect(afterComment).not.toBe(before);
    expect(await fingerprint()).not.toBe(afterComment);
  });

  // DELETE /api/me last: it takes the leaver away.
  const ordered = [...operations.filter((op) => !(op.method === "DELETE" && op.template === "/api/me")), ...operations.filter((op) => op.method === "DELETE" && op.template === "/api/me")];
  for (const op of ordered) {
    it(`${op.method} ${op.template}`, () => fuzz(op));
  }

  afterAll(() => {
    const sent = totals.reduce((sum, t) => sum + t.sent, 0);
    console.log(`contract fuzz, seed ${seed}: ${sent} requests over ${totals.length} operations`);
    for (const t of totals) console.log(`  ${t.op}: ${t.sent} requests in ${t.ms} ms (${t.statuses})`);
    if (acceptedOffSchema.length) console.log(`accepted although off the schema (not failures):\n  ${acceptedOffSchema.join("\n  ")}`);
  });
});
