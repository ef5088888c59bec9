import assert from "node:assert/strict";
import { isWriteToClosedConnection } from "./closed-connection-guard.ts";

function typeError(message: string, stack: string): TypeError {
  const error = new TypeError(message);
  Object.defineProperty(error, "stack", { value: `TypeError: ${message}\n${stack}` });
  return error;
}

const postgresFrame = "    at nextWrite (file:///x/.local/deno/npm/registry.npmjs.org/postgres/3.4.9/src/connection.js:255:22)";

Deno.test("recognises postgres.js writing to a closed connection", () => {
  assert.equal(isWriteToClosedConnection(typeError("Cannot read properties of null (reading 'write')", postgresFrame)), true);
});

Deno.test("leaves every other uncaught error alone", () => {
  assert.equal(isWriteToClosedConnection(typeError("Cannot read properties of null (reading 'write')", "    at handler (file:///x/app.ts:1:1)")), false);
  assert.equal(isWriteToClosedConnection(typeError("Cannot read properties of null (reading 'end')", postgresFrame)), false);
  assert.equal(isWriteToClosedConnection(new Error("Cannot read properties of null (reading 'write')")), false);
  assert.equal(isWriteToClosedConnection(undefined), false);
});
