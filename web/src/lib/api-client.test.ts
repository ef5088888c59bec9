import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const getAccessToken = vi.fn<() => Promise<string | undefined>>();
vi.mock("@/lib/supabase", () => ({ getAccessToken: () => getAccessToken() }));

const { ApiError, api, apiUrl, errorMessage } = await import("./api-client");

function jsonResponse(status: number, body: unknown, statusText = "") {
  return new Response(JSON.stringify(body), { status, statusText, headers: { "content-type": "application/json" } });
}

describe("api client", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    getAccessToken.mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("builds /api URLs with the query parameters that have a value", () => {
    expect(apiUrl("/api/posts/all", { tags: "a,b", search: "", date: undefined, sort: "newest" })).toBe("/api/posts/all?tags=a%2Cb&sort=newest");
    expect(apiUrl("role", { uid: "u1" })).toBe("/api/role?uid=u1");
  });

  it("sends no Authorization header when signed out", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await expect(api.get("/api/posts")).resolves.toEqual({ ok: true });
    const headers = fetchMock.mock.calls[0][1]?.headers as Headers;
    expect(headers.has("Authorization")).toBe(false);
  });

  it("adds the Bearer access token when signed in, and sends JSON bodies", async () => {
    getAccessToken.mockResolvedValue("token-123");
    fetchMock.mockResolvedValue(jsonResponse(201, { id: 1 }));
    await api.post("/api/suggestions", { suggestion: "Hi" });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/suggestions");
    expect(init?.method).toBe("POST");
    expect((init?.headers as Headers).get("Authorization")).toBe("Bearer token-123");
    expect((init?.headers as Headers).get("Content-Type")).toBe("application/json");
    expect(init?.body).toBe(JSON.stringify({ suggestion: "Hi" }));
  });

  it("leaves multipart bodies to the browser", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    const form = new FormData();
    form.append("title", "x");
    await api.post("/api/posts", form);
    const init = fetchMock.mock.calls[0][1];
    expect(init?.body).toBe(form);
    expect((init?.headers as Headers).has("Content-Type")).toBe(false);
  });

  it("throws an ApiError with the status and the server's detail", async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { error: "Title is required.", detail: "Title is required." }, "Bad Request"));
    const error = await api.post("/api/posts", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "Title is required." });
  });

  it("uses `error` when there is no `detail`, and the status text when the body says nothing", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: "Please wait before voting again." }));
    await expect(api.post("/api/posts/1/vote", { voteType: "up" })).rejects.toMatchObject({
      status: 429,
      message: "Please wait before voting again.",
    });
    fetchMock.mockResolvedValueOnce(new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway" }));
    await expect(api.get("/api/posts")).rejects.toMatchObject({ status: 502, message: "Bad Gateway" });
  });

  it("extracts messages from error bodies", () => {
    expect(errorMessage(500, "Internal Server Error", { error: "", detail: "Database unavailable" })).toBe("Database unavailable");
    expect(errorMessage(404, "Not Found", { error: "Post not found" })).toBe("Post not found");
    expect(errorMessage(404, "", undefined)).toBe("Request failed with status 404");
    expect(errorMessage(400, "Bad Request", "plain text problem")).toBe("plain text problem");
  });
});
