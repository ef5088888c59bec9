/** Votes and comments from `writers` members at once, in the background, while reads are measured again. */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface StormConfig {
  apiBase: string;
  writers: number;
  voterTokens: string[];
  commenterTokens: string[];
  postIds: number[];
}

export interface StormStats {
  votes: number;
  comments: number;
  failures: number;
  tooManyRequests: number;
  seconds: number;
  voteP99: number;
  commentP99: number;
  /** Seconds writers waited because every voter had used their minute (0: the storm never let up). */
  idleWriterSeconds: number;
}

export function startWriteStorm(config: StormConfig): { stop: () => Promise<StormStats> } {
  const child = fork(fileURLToPath(new URL("./write-storm-process.ts", import.meta.url)), { execArgv: ["--import", "tsx"] });
  const finished = new Promise<StormStats>((resolve, reject) => {
    child.once("message", (stats) => resolve(stats as StormStats));
    child.once("exit", (code) => reject(new Error(`the write storm ended early (exit code ${code})`)));
  });
  child.send(config);
  return {
    stop: () => {
      child.send("stop");
      return finished;
    },
  };
}
