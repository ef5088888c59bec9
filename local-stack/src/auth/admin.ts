/**
 * `/admin/users`, for callers holding the service role (or secret) key:
 * list, create, read, update and delete users (supabase/auth
 * internal/api/admin.go). Users created here are confirmed when
 * `email_confirm` is true and skip the before_user_created hook, as on GoTrue.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerToken, sendJson } from "../http.ts";
import { bannedUntil, booleanParam, objectParam, optionalStringParam, stringParam, type Params } from "./admin-params.ts";
import { updateUserAsAdmin } from "./admin-user-update.ts";
import type { AuthContext } from "./context.ts";
import { validateEmail } from "./credentials.ts";
import { AuthError, errors } from "./errors.ts";
import { createUser, findUserByEmail, findUserById, userJson, type UserRow } from "./users.ts";

/** The service role (key or token) GoTrue's admin routes require. */
export async function assertAdmin(ctx: AuthContext, req: IncomingMessage): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw errors.noAuthorization();
  if (ctx.keys.isServiceKey(token)) return;
  const claims = await ctx.keys.verify(token).catch(() => undefined);
  if (claims?.role !== "service_role" && claims?.role !== "supabase_admin") throw errors.notAdmin();
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's loadUser: 404 validation_failed for an id that is no UUID, 404 user_not_found for no such user. */
async function loadUser(ctx: AuthContext, id: string): Promise<UserRow> {
  if (!uuidPattern.test(id)) throw new AuthError(404, "validation_failed", "user_id must be an UUID");
  const user = await findUserById(ctx.sql, id);
  if (!user) throw errors.adminUserNotFound();
  return user;
}

/** Go's strconv.ParseUint of a query parameter, as GoTrue's paginate reads `page` and `per_page` (internal/api/pagination.go). */
function pageParam(url: URL, name: string, fallback: number): number {
  const text = url.searchParams.get(name) ?? "";
  if (text === "") return fallback;
  if (!/^\d+$/.test(text)) {
    throw errors.validation(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
  }
  return Number(text);
}

/**
 * GET /admin/users: newest first, `page` and `per_page` (50) as pop's
 * Paginate takes them (below 1: page 1, 20 a page), `filter` matching the
 * address or full_name; the total in X-Total-Count and the pages in `Link`
 * (addPaginationHeaders), from which supabase-js reads nextPage and lastPage.
 */
async function listUsers(ctx: AuthContext, res: ServerResponse, url: URL): Promise<void> {
  const requestedPage = pageParam(url, "page", 1);
  const requestedPerPage = pageParam(url, "per_page", 50);
  const page = Math.max(1, requestedPage);
  const perPage = requestedPerPage < 1 ? 20 : requestedPerPage;
  const filter = url.searchParams.get("filter") ?? "";
  const like = `%${filter}%`;
  const matches = filter
    ? ctx.sql`and (email like ${like} or raw_user_meta_data->>'full_name' ilike ${like})`
    : ctx.sql``;
  const [{ total }] = await ctx.sql<{ total: number }[]>`
    select count(*)::int as total from auth.users where aud = 'authenticated' and deleted_at is null ${matches}`;
  const rows = await ctx.sql<UserRow[]>`
    select * from auth.users where aud = 'authenticated' and deleted_at is null ${matches}
    order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`;
  const users = await Promise.all(rows.map((row) => userJson(ctx.sql, row)));
  const lastPage = Math.ceil(total / Math.max(1, requestedPerPage || perPage));
  const pageLink = (n: number) => {
    const query = new URLSearchParams(url.searchParams);
    query.set("page", String(n));
    query.sort();
    return `</admin/users?${query.toString()}>`;
  };
  const link = `${lastPage > requestedPage ? `${pageLink(requestedPage + 1)}; rel="next", ` : ""}${pageLink(lastPage)}; rel="last"`;
  return sendJson(res, 200, { users, aud: "authenticated" }, { "X-Total-Count": String(total), Link: link });
}

/** POST /admin/users (admin.go, adminUserCreate). */
async function createUserAsAdmin(ctx: AuthContext, input: Params): Promise<UserRow> {
  const rawEmail = stringParam(input, "email");
  if (rawEmail === "" && stringParam(input, "phone") === "") {
    throw errors.validation("Cannot create a user without either an email or phone");
  }
  if (rawEmail === "") throw errors.notServed("phone users");
  if (stringParam(input, "password_hash") !== "") throw errors.notServed("password_hash");
  const email = validateEmail(rawEmail);
  if (await findUserByEmail(ctx.sql, email)) throw errors.emailExists();
  const id = stringParam(input, "id");
  if (id !== "" && !uuidPattern.test(id)) throw errors.validation("ID must conform to the uuid v4 format");
  if (id === "00000000-0000-0000-0000-000000000000") throw errors.validation("ID cannot be a nil uuid");
  const ban = bannedUntil(input);
  const role = stringParam(input, "role");
  return ctx.sql.begin(async (tx) => {
    const user = await createUser(tx, {
      email,
      // No password: GoTrue makes up a long random one, which no one can type either.
      password: optionalStringParam(input, "password") || null,
      data: objectParam(input, "user_metadata") ?? {},
      appData: objectParam(input, "app_metadata") ?? {},
      confirmed: booleanParam(input, "email_confirm"),
      viaAdmin: true,
      ...(id ? { id: id.toLowerCase() } : {}),
    });
    const [updated] = await tx<UserRow[]>`
      update auth.users set role = ${role || "authenticated"}, banned_until = ${ban ?? null} where id = ${user.id} returning *`;
    return updated!;
  });
}

export async function adminUsers(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, path: string, url: URL, input: () => Promise<Params>): Promise<void> {
  await assertAdmin(ctx, req);
  const method = req.method ?? "GET";

  if (path === "/admin/users" || path === "/admin/users/") {
    if (method === "GET") return listUsers(ctx, res, url);
    if (method === "POST") return sendJson(res, 200, await userJson(ctx.sql, await createUserAsAdmin(ctx, await input())));
    throw errors.methodNotAllowed();
  }

  const id = /^\/admin\/users\/([^/]+)\/?$/.exec(path)?.[1];
  if (!id) throw errors.notFound(path);
  const user = await loadUser(ctx, decodeURIComponent(id));
  if (method === "GET") return sendJson(res, 200, await userJson(ctx.sql, user));
  if (method === "PUT") return sendJson(res, 200, await userJson(ctx.sql, await updateUserAsAdmin(ctx, user, await input())));
  if (method === "DELETE") {
    if ((await input()).should_soft_delete === true) throw errors.notServed("should_soft_delete");
    await ctx.sql`delete from auth.users where id = ${user.id}`;
    return sendJson(res, 200, {});
  }
  throw errors.methodNotAllowed();
}
