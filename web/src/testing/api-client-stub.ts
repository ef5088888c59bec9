import { vi } from "vitest";

/**
 * The api client with its `get`, `post`, `put` and `delete` replaced by mocks a test answers
 * itself; the rest (its error class) stays real. In a test file:
 * `vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));`
 */
export const apiGet = vi.fn();
export const apiPost = vi.fn();
export const apiPut = vi.fn();
export const apiDelete = vi.fn();

export async function apiClientWithStubs() {
  const actual = await vi.importActual<typeof import("@/lib/api-client")>("@/lib/api-client");
  return { ...actual, api: { get: apiGet, post: apiPost, put: apiPut, delete: apiDelete } };
}
