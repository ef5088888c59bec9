import { missedTargets, seconds, targets, type Measure } from "./targets.ts";

export type PageResult = { page: string; median: Measure; scores: number[] };
export type RunInfo = { lighthouseVersion: string; runs: number; host: string; benchmarkIndex: number; cpuSlowdown: number; slowdownSource: string; date: string };

const columns = ["page", "score", "LCP", "TBT", "CLS", "FCP", "SI", "benchmarkIndex", "runs' scores", "targets"] as const;

function cells({ page, median: m, scores }: PageResult): string[] {
  const missed = missedTargets(m);
  return [
    page, String(m.score), seconds(m.lcp), `${Math.round(m.tbt)} ms`, m.cls.toFixed(3), seconds(m.fcp), seconds(m.si),
    String(Math.round(m.benchmarkIndex)), scores.join(", "), missed.length ? `✗ ${missed.join("; ")}` : "✓ all met",
  ];
}

function intro(info: RunInfo): string[] {
  return [
    `Lighthouse ${info.lighthouseVersion}, mobile preset (simulated Slow 4G), production build (\`vite preview\` of web/dist), demo data plus \`npm run seed:photos\`; median of ${info.runs} run(s) per page (Lighthouse's computeMedianRun).`,
    `Host: ${info.host}; benchmarkIndex ${Math.round(info.benchmarkIndex)} (median of three calibration loads; each page's own run is in the table); CPU slowdown ${info.cpuSlowdown}× (${info.slowdownSource}); ${info.date}.`,
    `Targets per page: ${targets.map((target) => `${target.name} ${target.wanted}`).join(", ")}.`,
  ];
}

/** The run as printed on the console. */
export function consoleTable(results: PageResult[], info: RunInfo): string {
  const rows = [[...columns], ...results.map(cells)];
  const widths = columns.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  const lines = rows.map((row) => row.map((cell, column) => (column === 0 || column >= 8 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join("  ").trimEnd());
  return [...intro(info), "", ...lines].join("\n");
}

/** The run as bench/results/lighthouse-latest.md keeps it. */
export function markdownReport(results: PageResult[], info: RunInfo): string {
  return [
    `# Lighthouse ${info.date}`,
    "",
    ...intro(info).map((line) => `${line}\n`),
    `| ${columns.join(" | ")} |`,
    `| ${columns.map((_, column) => (column === 0 || column >= 8 ? "---" : "---:")).join(" | ")} |`,
    ...results.map((result) => `| ${cells(result).map((cell, column) => (column === 0 ? `\`${cell}\`` : cell)).join(" | ")} |`),
    "",
  ].join("\n");
}
