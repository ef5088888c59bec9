import path from "node:path";
import { describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures } from "../../scripts/test-failures.ts";

// Trimmed from reports Vitest 4 and Playwright 1.65 wrote for a failing test beside a passing one.
const root = process.cwd();

describe("the summary of failed tests at the end of npm test", () => {
  it("names each failed Vitest test by file and full name, with the first line of its error", () => {
    const lines = vitestFailures({
      testResults: [
        {
          name: path.join(root, "tests/api/votes.test.ts"),
          status: "failed",
          message: "",
          assertionResults: [
            { fullName: "group fails here", status: "failed", failureMessages: ["AssertionError: expected 1 to be 2\n    at a.test.ts:2:62"] },
            { fullName: "group passes", status: "passed", failureMessages: [] },
          ],
        },
        { name: path.join(root, "tests/api/fine.test.ts"), status: "passed", message: "", assertionResults: [] },
      ],
    });
    expect(lines).toEqual(["tests/api/votes.test.ts › group fails here: AssertionError: expected 1 to be 2"]);
  });

  it("names a Vitest file that failed before any of its tests ran", () => {
    const lines = vitestFailures({
      testResults: [
        { name: path.join(root, "tests/db/x.test.ts"), status: "failed", message: "\nError: connect ECONNREFUSED 127.0.0.1:54322\n", assertionResults: [] },
      ],
    });
    expect(lines).toEqual(["tests/db/x.test.ts: Error: connect ECONNREFUSED 127.0.0.1:54322"]);
  });

  it("names each failed Playwright test with its file, line and describe blocks, without colours", () => {
    const passed = { results: [{ status: "passed" }] };
    const lines = playwrightFailures({
      config: { rootDir: path.join(root, "tests/e2e") },
      suites: [
        {
          title: "reading.spec.ts",
          file: "reading.spec.ts",
          specs: [{ title: "fine", line: 3, ok: true, tests: [passed] }],
          suites: [
            {
              title: "outer",
              file: "reading.spec.ts",
              specs: [],
              suites: [
                {
                  title: "inner",
                  file: "reading.spec.ts",
                  specs: [
                    {
                      title: "breaks",
                      line: 166,
                      ok: false,
                      tests: [{ results: [{ status: "timedOut", error: { message: "\u001b[31mTest timeout of 60000ms exceeded.\u001b[39m\n\nmore" } }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
      errors: [],
    });
    expect(lines).toEqual(["tests/e2e/reading.spec.ts:166 › outer › inner › breaks: timedOut Test timeout of 60000ms exceeded."]);
  });

  it("reports an error outside any test, such as a failed global setup", () => {
    expect(playwrightFailures({ config: { rootDir: root }, suites: [], errors: [{ message: "Error: No tests found" }] })).toEqual([
      "(outside any test) Error: No tests found",
    ]);
  });
});
