/**
 * The API's contract, as the tests hold the api function to it: every answer
 * a test receives is compared with what docs/openapi.json says that operation
 * answers with that status (api() in tests/support/api.ts does it for every
 * call; tests that call fetch themselves can use expectAnswerMatchesContract).
 * A JSON answer must match its schema (Ajv, JSON Schema 2020-12, as OpenAPI
 * 3.1 uses); any other answer must have a media type the operation lists.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * An answer from a route docs/openapi.json does not describe fails the test
 * that got it, so a route added without its description cannot pass unseen.
 */
const undocumentedRoutesFail = true;

export const documentPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../docs/openapi.json");

type SchemaObject = Record<string, unknown>;
interface MediaTypeObject {
  schema?: SchemaObject;
}
interface ResponseObject {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaTypeObject>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
  components?: { schemas?: Record<string, SchemaObject>; responses?: Record<string, ResponseObject> };
}

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Where the document's component schemas live for Ajv: `#/components/schemas/X` becomes `${componentsId}#/$defs/X`. */
const componentsId = "urn:community-archive:openapi-components";
const componentRef = "#/components/schemas/";

/** A copy of `value` whose references to component schemas point where Ajv keeps them. */
function pointRefsAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointRefsAtComponents);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string" && inner.startsWith(componentRef)
        ? [key, `${componentsId}#/$defs/${inner.slice(componentRef.length)}`]
        : [key, pointRefsAtComponents(inner)],
    ),
  );
}

/** Ajv for one document, with its component schemas added so that references resolve. */
export function newContractAjv(document: OpenApiDocument) {
  const ajv = new Ajv2020({
    allErrors: true,
    // Unknown keywords and formats are errors, so a schema Ajv would silently half-check fails instead;
    // OpenAPI's own keywords on a schema are known. Type unions (["string", "null"]) are how 3.1 says nullable.
    strict: true,
    strictTypes: false,
    strictTuples: false,
    allowUnionTypes: true,
  });
  addFormats(ajv);
  ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
  ajv.addSchema({ $id: componentsId, $defs: pointRefsAtComponents(document.components?.schemas ?? {}) });
  return ajv;
}

/** A document path (`/api/posts/{id}`) as a pattern for request paths; literal segments count, to prefer `/api/posts/all`. */
function pathPattern(template: string): { template: string; pattern: RegExp; literals: number } {
  const segments = template.split("/");
  const source = segments
    .map((segment) => segment.replace(/\{[^}]+\}|[^{]+/g, (part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))))
    .join("/");
  return { template, pattern: new RegExp(`^${source}$`), literals: segments.filter((segment) => !segment.includes("{")).length };
}

export interface Contract {
  document: OpenApiDocument;
  /** The document's path and operation for a request, if it describes one. */
  operation(method: string, requestPath: string): { template: string; operation: OperationObject } | undefined;
  /** The compiled schema of a response's media type. */
  validator(schema: SchemaObject): ValidateFunction;
}

export function contractOf(document: OpenApiDocument): Contract {
  const ajv = newContractAjv(document);
  const patterns = Object.keys(document.paths)
    .map(pathPattern)
    .sort((a, b) => b.literals - a.literals);
  const compiled = new WeakMap<SchemaObject, ValidateFunction>();
  return {
    document,
    operation(method, requestPath) {
      // HEAD is answered by the GET route, without its body.
      const name = method.toLowerCase() === "head" ? "get" : method.toLowerCase();
      const pathOnly = requestPath.split(/[?#]/)[0];
      for (const { template, pattern } of patterns) {
        const operation = document.paths[template][name];
        if (pattern.test(pathOnly) && operation && methods.includes(name)) return { template, operation };
      }
      return undefined;
    },
    validator(schema) {
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(pointRefsAtComponents(schema) as SchemaObject);
        compiled.set(schema, validate);
      }
      return validate;
    },
  };
}

let loaded: Contract | undefined;
/** docs/openapi.json, read once per test file. */
export function contract(): Contract {
  loaded ??= contractOf(JSON.parse(readFileSync(documentPath, "utf8")) as OpenApiDocument);
  return loaded;
}

function resolveResponse(document: OpenApiDocument, response: ResponseObject): ResponseObject {
  const prefix = "#/components/responses/";
  if (response.$ref?.startsWith(prefix)) return document.components?.responses?.[response.$ref.slice(prefix.length)] ?? response;
  return response;
}

/** The documented response for a status: its own, its range (`4XX`), else `default`. */
function responseFor(operation: OperationObject, status: number): ResponseObject | undefined {
  const responses = operation.responses ?? {};
  return responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
}

const mediaTypeOf = (contentType: string | null) => contentType?.split(";")[0].trim().toLowerCase() || undefined;
const isJson = (mediaType: string) => mediaType === "application/json" || mediaType.endsWith("+json");

/** The documented media type (exact, `type/*` or `*\/*`) an answer's media type falls under. */
function documentedMediaType(content: Record<string, MediaTypeObject>, mediaType: string): string | undefined {
  const documented = Object.keys(content);
  return (
    documented.find((name) => name.toLowerCase() === mediaType) ??
    documented.find((name) => name.toLowerCase() === `${mediaType.split("/")[0]}/*`) ??
    documented.find((name) => name === "*/*")
  );
}

/** Ajv's problems, one a line; the first few, as a list item's mistake repeats for every item. */
function ajvProblems(errors: ErrorObject[] | null | undefined, shown = 8): string {
  const lines = (errors ?? []).map((error) => `  body${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`);
  return [...lines.slice(0, shown), ...(lines.length > shown ? [`  … and ${lines.length - shown} more`] : [])].join("\n");
}

function excerpt(body: unknown): string {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return text === undefined ? "(no body)" : text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

/** How the app refuses an address that is no route (http/errors.ts notFound, or a router's guard). */
const refusalAnswer: ResponseObject = { content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };

export class ContractMismatch extends Error {
  override name = "ContractMismatch";
}

/**
 * Throws unless this answer is one docs/openapi.json describes for the call:
 * the operation lists the status (or a range or default), the answer's media
 * type is one it lists for that status, and a JSON body matches its schema.
 * `body` is the parsed JSON for a JSON answer (JSON text is parsed first), the
 * text for any other. The message names the call, the status and each problem.
 */
export function expectAnswerMatchesContract(method: string, requestPath: string, status: number, body: unknown, headers: Headers | HeadersInit): void {
  const { document, operation: find } = contract();
  const fail = (problem: string): never => {
    const error = new ContractMismatch(`${method.toUpperCase()} ${requestPath} answered ${status}, which docs/openapi.json does not describe: ${problem}\nbody: ${excerpt(body)}`);
    // The stack starts at the test's call, not in here.
    Error.captureStackTrace(error, expectAnswerMatchesContract);
    throw error;
  };
  // CORS preflights are answered by the middleware, before any route.
  if (method.toUpperCase() === "OPTIONS") return;
  const found = find(method, requestPath);
  if (!found) {
    if (!undocumentedRoutesFail) return;
    // An address that is no route is refused in the error envelope: 404, or 401 where the guard of its
    // router's prefix (/admin, /me) answers first. Anything else came from a route the document lacks.
    if (status >= 400 && status < 500) return checkBody(method, status, body, headers, fail, refusalAnswer, "a refusal of an address that is no route");
    return fail("the document has no such operation (describe the route with createRoute, or registerPath for a streamed body)");
  }
  const documented = responseFor(found.operation, status);
  if (!documented) {
    return fail(`${method.toUpperCase()} ${found.template} lists only ${Object.keys(found.operation.responses ?? {}).join(", ") || "no responses"}`);
  }
  checkBody(method, status, body, headers, fail, resolveResponse(document, documented), found.template);
}

/** The answer's media type is one the response lists, and a JSON body matches that schema. */
function checkBody(
  method: string,
  status: number,
  body: unknown,
  headers: Headers | HeadersInit,
  fail: (problem: string) => never,
  response: ResponseObject,
  described: string,
): void {
  const mediaType = mediaTypeOf(new Headers(headers).get("content-type"));
  const empty = body === null || body === undefined || body === "";
  // HEAD answers carry the GET's headers without its body.
  if (method.toUpperCase() === "HEAD" && empty) return;
  if (!mediaType) {
    // No body (204, 304) needs no media type; a body without one says nothing of what it is.
    if (empty) return;
    fail("the answer has a body but no Content-Type");
  }
  const content = response.content ?? {};
  const listed = documentedMediaType(content, mediaType);
  if (!listed) fail(`it is ${mediaType}, and ${described} lists ${Object.keys(content).join(", ") || "no body"} for ${status}`);
  if (!isJson(mediaType)) return;
  let value = body;
  if (typeof body === "string") {
    try {
      value = JSON.parse(body);
    } catch {
      // A JSON answer whose value is a string arrives here already parsed.
    }
  }
  const schema = content[listed].schema;
  if (!schema) return;
  const validate = contract().validator(schema);
  if (!validate(value)) fail(`the body does not match ${described}'s ${listed} schema for ${status}:\n${ajvProblems(validate.errors)}`);
}
