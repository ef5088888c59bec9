/**
 * Names the tests that failed, from Vitest's and Playwright's JSON reports, so that the last lines of a CI run
 * say which test broke: a CI log is often kept only by its tail, and each runner prints its failures in the
 * middle of a long run.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/** The part of Vitest's JSON report (Jest's shape) read here. */
interface VitestReport {
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

/** The part of Playwright's JSON report read here. */
interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: Array<{
    title: string;
    line: number;
    ok: boolean;
    tests: Array<{ results: Array<{ status: string; error?: { message?: string } }> }>;
  }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  config: { rootDir: string };
  suites: PlaywrightSuite[];
  errors?: Array<{ message?: string }>;
}

const firstLine = (text: string | undefined) =>
  // Runners colour their messages; the summary is read as plain text.
  stripVTControlCharacters(text ?? "").split("\n").find((line) => line.trim() !== "")?.trim().slice(0, 300) ?? "";

/** One line per failed test (and per file that failed outside its tests), with the first line of its error. */
export function vitestFailures(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter((test) => test.status === "failed");
    const name = path.relative(process.cwd(), file.name);
    for (const test of failed) lines.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === "failed") lines.push(`${name}: ${firstLine(file.message)}`);
  }
  return lines;
}

/** One line per failed test, with its describe blocks, and per error outside any test. */
export function playwrightFailures(report: PlaywrightReport): string[] {
  const lines: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[], file: string | undefined) => {
    // A top-level suite is a file, named on its own; the suites inside it are describe blocks.
    const here = file === undefined ? [] : [...titles, suite.title];
    const suiteFile = file ?? path.relative(process.cwd(), path.join(report.config.rootDir, suite.file ?? suite.title));
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const results = spec.tests.flatMap((test) => test.results);
      const failed = results.find((result) => result.status !== "passed" && result.status !== "skipped");
      lines.push(`${suiteFile}:${spec.line} › ${[...here, spec.title].join(" › ")}: ${failed?.status ?? "failed"} ${firstLine(failed?.error?.message)}`);
    }
    for (const child of suite.suites ?? []) walk(child, here, suiteFile);
  };
  for (const suite of report.suites) walk(suite, [], undefined);
  for (const error of report.errors ?? []) lines.push(`(outside any test) ${firstLine(error.message)}`);
  return lines;
}

/** Reads the report a runner wrote; none (the runner stopped before writing it) names no test. */
export function failuresFromReport(file: string, runner: "vitest" | "playwright"): string[] {
  if (!existsSync(file)) return [];
  const report = JSON.parse(readFileSync(file, "utf8"));
  return runner === "vitest" ? vitestFailures(report) : playwrightFailures(report);
}
