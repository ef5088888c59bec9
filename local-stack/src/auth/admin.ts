/**
 * `/admin/users`, for callers holding the service role (or secret) key:
 * list, create, read and delete users (supabase/auth internal/api/admin.go).
 * Users created here are confirmed when `email_confirm` is true and skip the
 * before_user_created hook, as on GoTrue.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { bearerToken, readJson, sendJson } from "../http.ts";
import { errors } from "./errors.ts";
import type { AuthContext } from "./context.ts";
import { createUser, findUserByEmail, findUserById, userJson, type UserRow } from "./users.ts";

/** The service role (key or token) GoTrue's admin routes require. */
export async function assertAdmin(ctx: AuthContext, req: IncomingMessage): Promise<void> {
  const token = bearerToken(req);
  if (!token) throw errors.noAuthorization();
  if (ctx.keys.isServiceKey(token)) return;
  const claims = await ctx.keys.verify(token).catch(() => undefined);
  if (claims?.role !== "service_role" && claims?.role !== "supabase_admin") throw errors.notAdmin();
}

export async function adminUsers(ctx: AuthContext, req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> {
  await assertAdmin(ctx, req);
  const method = req.method ?? "GET";
  const id = /^\/admin\/users\/([0-9a-f-]{36})$/.exec(path)?.[1];

  if (path === "/admin/users" && method === "GET") {
    const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(url.searchParams.get("per_page")) || 50));
    const [{ total }] = await ctx.sql<{ total: number }[]>`select count(*)::int as total from auth.users where deleted_at is null`;
    const rows = await ctx.sql<UserRow[]>`
      select * from auth.users where deleted_at is null order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`;
    const users = await Promise.all(rows.map((row) => userJson(ctx.sql, row)));
    return sendJson(res, 200, { users, aud: "authenticated" }, { "X-Total-Count": String(total) });
  }

  if (path === "/admin/users" && method === "POST") {
    const input = await readJson(req).catch(() => {
      throw errors.badJson();
    });
    if (typeof input.email !== "string" || !input.email.includes("@")) throw errors.invalidEmail();
    const email = input.email.trim().toLowerCase();
    if (await findUserByEmail(ctx.sql, email)) throw errors.emailExists();
    const object = (value: unknown) => (typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
    const user = await ctx.sql.begin((tx) =>
      createUser(tx, {
        email,
        password: typeof input.password === "string" ? input.password : null,
        data: object(input.user_metadata),
        appData: object(input.app_metadata),
        confirmed: input.email_confirm === true,
        viaAdmin: true,
      }));
    return sendJson(res, 200, await userJson(ctx.sql, user));
  }

  if (id && method === "GET") {
    const user = await findUserById(ctx.sql, id);
    if (!user) throw errors.adminUserNotFound();
    return sendJson(res, 200, await userJson(ctx.sql, user));
  }

  if (id && method === "DELETE") {
    const [deleted] = await ctx.sql`delete from auth.users where id = ${id} returning id`;
    if (!deleted) throw errors.adminUserNotFound();
    return sendJson(res, 200, {});
  }

  throw errors.notFound(path);
}
