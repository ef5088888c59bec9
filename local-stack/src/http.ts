/** Small helpers shared by the gateway's routes. */
import type { IncomingMessage, ServerResponse } from "node:http";

/** The headers supabase-js and the SPA send cross-origin; Supabase's gateway allows the same. */
export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS, HEAD",
  "Access-Control-Allow-Headers":
    "authorization, apikey, content-type, x-client-info, x-upsert, x-supabase-api-version, cache-control, x-metadata, accept, accept-profile, content-profile, prefer, range",
  "Access-Control-Expose-Headers": "content-length, content-range, x-supabase-api-version, etag",
  "Access-Control-Max-Age": "86400",
};

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...corsHeaders,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export class BodyTooLargeError extends Error {}

/** Reads a small JSON body (auth and delete requests); an empty body is `{}`. */
export async function readJson(req: IncomingMessage, limitBytes = 1024 * 1024): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new BodyTooLargeError("request body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (!text) return {};
  const contentType = req.headers["content-type"] ?? "";
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new SyntaxError("expected a JSON object");
  return parsed as Record<string, unknown>;
}

/** The token of an `Authorization: Bearer <token>` header, if any. */
export function bearerToken(req: IncomingMessage): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "");
  return match?.[1];
}
