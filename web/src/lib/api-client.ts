import { apiUrl, type Query } from "@/lib/api-url";
import { getAccessToken } from "@/lib/supabase";

export { apiUrl };

/** An `/api/*` call that did not succeed; `message` is the server's `error` or `detail`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export type ApiRequestOptions = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** JSON-serialised unless it is FormData (multipart) or a string. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Send the Bearer token when signed in (default true). */
  auth?: boolean;
};

/** The human message of an error response: `{ error, detail }` (either), else the status text. */
export function errorMessage(status: number, statusText: string, body: unknown): string {
  if (body && typeof body === "object") {
    const { error, detail, message } = body as Record<string, unknown>;
    for (const candidate of [detail, error, message]) {
      if (typeof candidate === "string" && candidate.trim()) return candidate;
    }
  }
  if (typeof body === "string" && body.trim() && body.length < 300 && !body.trimStart().startsWith("<")) return body.trim();
  return statusText || `Request failed with status ${status}`;
}

/** The server's message when `error` is an API error, else null (the caller's fallback applies). */
export function apiErrorDetail(error: unknown): string | null {
  return error instanceof ApiError ? error.message : null;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** On a server (src/entry-server.tsx) there is no page origin: the api function's base URL, which `/api/...` follows. */
let serverApiBase = "";

export function setServerApiBase(base: string): void {
  serverApiBase = base.replace(/\/$/, "");
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = "GET", body, query, signal, auth = true } = options;
  const headers = new Headers(options.headers);
  headers.set("Accept", "application/json");
  if (auth) {
    const token = await getAccessToken();
    if (token) headers.set("Authorization", `Bearer ${token}`);
  }
  let payload: BodyInit | undefined;
  if (body instanceof FormData || typeof body === "string") {
    payload = body;
  } else if (body !== undefined) {
    headers.set("Content-Type", "application/json");
    payload = JSON.stringify(body);
  }
  const response = await fetch(serverApiBase + apiUrl(path, query), { method, headers, body: payload, signal });
  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorMessage(response.status, response.statusText, data), data);
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) => apiRequest<T>(path, { ...options, method: "GET" }),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "POST", body }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PUT", body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, "method" | "body">) =>
    apiRequest<T>(path, { ...options, method: "PATCH", body }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, "method" | "body">) => apiRequest<T>(path, { ...options, method: "DELETE" }),
};
