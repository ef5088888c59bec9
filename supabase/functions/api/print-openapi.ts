/**
 * Prints the API's OpenAPI document (GET /api/openapi.json) to stdout, for
 * `npm run gen:openapi`, which keeps docs/openapi.json current.
 */
// The function reads its environment on import; the document needs none of it.
import "./testing/offline-env.ts";
import { createApp } from "./app.ts";
import { documentHead } from "./http/openapi.ts";

const app = createApp({ listenForChanges: false });
console.log(JSON.stringify(app.getOpenAPI31Document(documentHead), null, 2));
