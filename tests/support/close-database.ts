/** Setup file of the test projects that use the owner's connection: no test file ends it itself. */
import { afterAll } from "vitest";
import { closeDatabase } from "./database.ts";

afterAll(closeDatabase);
