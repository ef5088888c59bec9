/**
 * A form is read only by the routes that take one (post creation and the
 * post edit, each with its own upload limit); sent anywhere else it is
 * refused from its headers, so it cannot carry a body past the 256 KB JSON
 * limit into the function's memory.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { createMember, type SignedInUser } from "../support/api.ts";
import { testEnv } from "../support/env.ts";
import { bytesStartingWith, sendStreamedForm } from "../support/streamed-form.ts";

const mib = 1024 * 1024;
const notAForm = { error: "This request takes JSON, not a form.", detail: "This request takes JSON, not a form." };
const tooLarge = { error: "The request body is too large.", detail: "The request body is too large." };
const jsonRoutes = ["/api/notifications/read", "/api/suggestions"];

let member: SignedInUser;
beforeAll(async () => {
  member = await createMember({ lastName: "form-body-limit" });
});

async function post(path: string, contentType: string, body: string) {
  const res = await fetch(`${testEnv.supabaseUrl}/functions/v1${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.token}`, "content-type": contentType },
    body,
  });
  return { status: res.status, body: await res.json() };
}

describe("a form sent to a route that takes JSON", () => {
  it.each(jsonRoutes)("POST %s with 1 MiB as a form → 415; as JSON → 413", async (path) => {
    const body = "a".repeat(mib);
    expect(await post(path, "multipart/form-data; boundary=x", body)).toEqual({ status: 415, body: notAForm });
    expect(await post(path, "application/json", body)).toEqual({ status: 413, body: tooLarge });
  });

  it.each(jsonRoutes)("POST %s: the 415 comes from the headers alone, before any of the body is sent", async (path) => {
    const answer = await sendStreamedForm("POST", path, member.token, [{ text: ["ids", "[1]"] }], { holdBody: true });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(notAForm);
    expect(answer.sent).toBe(0);
  });

  it.each(jsonRoutes)("POST %s: a 256 MiB form is refused while it streams, not read to its end", async (path) => {
    const answer = await sendStreamedForm("POST", path, member.token, [
      { file: { name: "ids", filename: "a.txt", chunks: () => bytesStartingWith(new TextEncoder().encode("a"), 256 * mib) } },
    ]);
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual(notAForm);
    // Only what the sockets between us and the function buffer was sent; a function reading on would take it all.
    expect(answer.sent).toBeLessThan(answer.total / 2);
  });
});
