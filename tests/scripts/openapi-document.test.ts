/**
 * docs/openapi.json, the API's contract (npm run gen:openapi writes it from
 * the routes): a valid OpenAPI 3.1 document, clean under `redocly lint`
 * (redocly.yaml), with schemas the API tests' contract check can compile; and
 * that check itself (tests/support/contract.ts), on what it accepts and refuses.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { contractOf, documentPath, expectAnswerMatchesContract, type OpenApiDocument } from "../support/contract.ts";

const root = path.resolve(import.meta.dirname, "../..");
const document = JSON.parse(readFileSync(documentPath, "utf8")) as OpenApiDocument;
const json = { "content-type": "application/json" };

/** Every schema of the document where the contract check would compile it, named by where it is. */
function schemasOf(doc: OpenApiDocument): [string, Record<string, unknown>][] {
  const found: [string, Record<string, unknown>][] = [];
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) found.push([`#/components/schemas/${name}`, schema]);
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        for (const [mediaType, content] of Object.entries(response.content ?? {})) {
          if (content.schema) found.push([`${method.toUpperCase()} ${template} ${status} ${mediaType}`, content.schema]);
        }
      }
    }
  }
  return found;
}

describe("docs/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(documentPath);
    expect(validator.version).toBe("3.1");
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  }, 60_000);

  it("passes redocly lint with the rules in redocly.yaml", async () => {
    const lint = promisify(execFile)(path.join(root, "node_modules", ".bin", "redocly"), ["lint", "docs/openapi.json", "--format=stylish"], {
      cwd: root,
      // Redocly's own notices (new versions, Node's end of life) are not about the document.
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    });
    // A failed lint rejects with its report, which vitest shows.
    await expect(lint.then(() => "clean", (error: { stdout: string; stderr: string }) => `${error.stdout}\n${error.stderr}`)).resolves.toBe("clean");
  }, 60_000);

  it("has schemas the API tests' contract check compiles (Ajv, JSON Schema 2020-12, strict)", () => {
    const contract = contractOf(document);
    const schemas = schemasOf(document);
    expect(schemas.length).toBeGreaterThan(0);
    const refused = schemas.flatMap(([where, schema]) => {
      try {
        contract.validator(schema);
        return [];
      } catch (error) {
        return [`${where}: ${(error as Error).message}`];
      }
    });
    expect(refused).toEqual([]);
  }, 60_000);
});

describe("the contract check every API test's answer goes through", () => {
  it("finds the operation by method and path, a literal path before a {template}, ignoring the query", () => {
    const paths = {
      "/api/posts/{id}": { get: { responses: {} }, delete: { responses: {} } },
      "/api/posts/all": { get: { responses: {} } },
      "/api/posts/{id}/comments/{commentId}": { get: { responses: {} } },
    };
    const contract = contractOf({ openapi: "3.1.0", paths });
    expect(contract.operation("GET", "/api/posts/all?limit=5")?.template).toBe("/api/posts/all");
    expect(contract.operation("GET", "/api/posts/12")?.template).toBe("/api/posts/{id}");
    expect(contract.operation("DELETE", "/api/posts/all")?.template).toBe("/api/posts/{id}");
    expect(contract.operation("HEAD", "/api/posts/12")?.template).toBe("/api/posts/{id}");
    expect(contract.operation("GET", "/api/posts/12/comments/3")?.template).toBe("/api/posts/{id}/comments/{commentId}");
    expect(contract.operation("GET", "/api/posts/12/comments")).toBeUndefined();
    expect(contract.operation("POST", "/api/posts/12")).toBeUndefined();
  });

  it("lets an answer the document describes through", () => {
    expect(() => expectAnswerMatchesContract("GET", "/api/health", 200, { ok: true }, json)).not.toThrow();
    expect(() => expectAnswerMatchesContract("GET", "/api/tags", 200, { tags: [{ tag: "tour", count: 3 }] }, { "content-type": "application/json; charset=UTF-8" })).not.toThrow();
    const failure = { error: "The archive is briefly unavailable.", detail: "The archive is briefly unavailable." };
    expect(() => expectAnswerMatchesContract("GET", "/api/tags", 503, failure, json)).not.toThrow();
  });

  it("refuses a body that does not match, naming the call, the status and each problem", () => {
    expect(() => expectAnswerMatchesContract("GET", "/api/tags", 200, { tags: [{ tag: "tour", count: 0 }, { tag: 7, count: 1 }] }, json)).toThrow(
      /^GET \/api\/tags answered 200, which docs\/openapi\.json does not describe: the body does not match \/api\/tags's application\/json schema for 200:\n {2}body\/tags\/0\/count must be > 0.*\n {2}body\/tags\/1\/tag must be string/,
    );
    expect(() => expectAnswerMatchesContract("GET", "/api/health", 500, { error: "Boom." }, json)).toThrow(/body must have required property 'detail'/);
  });

  it("refuses a status or a media type the operation does not list", () => {
    expect(() => expectAnswerMatchesContract("GET", "/api/health", 418, { error: "x", detail: "x" }, json)).toThrow(
      /GET \/api\/health answered 418, .*GET \/api\/health lists only 200, 401, 500, 503/,
    );
    expect(() => expectAnswerMatchesContract("GET", "/api/health", 200, "ok", { "content-type": "text/plain" })).toThrow(
      /it is text\/plain, and \/api\/health lists application\/json for 200/,
    );
    expect(() => expectAnswerMatchesContract("GET", "/api/health", 200, "{}", {})).toThrow(/a body but no Content-Type/);
  });
});
