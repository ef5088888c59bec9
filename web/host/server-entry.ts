/**
 * The first screen's server build, as the hosts' middleware imports it.
 * `vite build` writes it (web/vite/first-screen.ts); it is not in the
 * repository, so the type comes from its source.
 */
// @ts-expect-error -- written by `vite build` into web/dist-server, without type declarations
import * as built from "../dist-server/entry-server.js";
import type * as Source from "../src/entry-server.tsx";

export const serverEntry = built as typeof Source;
