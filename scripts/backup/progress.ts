/**
 * What a backup or a restore is doing, on stderr (stdout keeps the result:
 * the backup's path is its last line). A progress bar per step on a
 * terminal (cli-progress), plain lines otherwise (CI logs, pipes).
 */
import cliProgress from "cli-progress";
import { formatBytes } from "./compatibility.ts";

export interface Step {
  /** `amount` more done (items, or bytes for a byte step). */
  tick(amount?: number): void;
  /** Ends the step with a line saying what it did. */
  done(summary: string): void;
}

export interface Progress {
  step(label: string, total: number, unit?: "items" | "bytes"): Step;
  info(line: string): void;
  warn(line: string): void;
}

const write = (line: string) => process.stderr.write(`${line}\n`);

export function createProgress(interactive = Boolean(process.stderr.isTTY)): Progress {
  return {
    info: write,
    warn: (line) => write(`! ${line}`),
    step(label, total, unit = "items") {
      const show = (value: number) => (unit === "bytes" ? formatBytes(value) : String(value));
      if (!interactive) {
        write(total > 0 ? `${label}: ${show(total)}…` : `${label}…`);
        return { tick() {}, done: (summary) => write(`${label}: ${summary}`) };
      }
      const bar = new cliProgress.SingleBar(
        {
          format: `${label.padEnd(22)} [{bar}] {percentage}% {shown}`,
          stream: process.stderr,
          hideCursor: true,
          clearOnComplete: true,
          fps: 5,
        },
        cliProgress.Presets.shades_classic,
      );
      let value = 0;
      bar.start(Math.max(total, 1), 0, { shown: `0/${show(total)}` });
      return {
        tick(amount = 1) {
          value += amount;
          bar.update(Math.min(value, Math.max(total, 1)), { shown: `${show(value)}/${show(total)}` });
        },
        done(summary) {
          bar.stop();
          write(`${label}: ${summary}`);
        },
      };
    },
  };
}
