/**
 * The write storm's own process (forked by write-storm.ts, so its load
 * generation does not share an event loop with the measured reads): `writers`
 * loops that each vote and comment without pause, one request at a time, as
 * rotating members who stay within the product's limits (30 votes and 1
 * comment a minute each), so the storm meets no 429 of its own making.
 */
import http from "node:http";
import type { StormConfig, StormStats } from "./write-storm.ts";

const minute = 60_000;
/** Below the 30 a minute the database allows, with room for clock skew between this process and Postgres. */
const votesPerMinute = 25;

class RotatingMembers {
  private next = 0;
  private readonly uses: number[][];
  constructor(private readonly tokens: string[], private readonly perMinute: number) {
    this.uses = tokens.map(() => []);
  }

  /** The next member with a use left in the last minute (and a little more), or the wait until one has. */
  take(now: number): { token: string } | { waitMs: number } {
    const i = this.next;
    const recent = this.uses[i].filter((at) => at > now - minute - 2_000);
    this.uses[i] = recent;
    if (recent.length >= this.perMinute) return { waitMs: recent[0] + minute + 2_000 - now };
    this.next = (i + 1) % this.tokens.length;
    recent.push(now);
    return { token: this.tokens[i] };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The writers' requests over node:http with kept-alive connections, as
 * autocannon sends the measured reads: the writers' clients share the host's
 * two cores with what is measured, and `fetch` cost this process 0.56 –
 * 0.97 ms of CPU a request against 0.14 – 0.19 (bench/findings.md, "The
 * write storm's own client").
 */
const agent = new http.Agent({ keepAlive: true });

function post(url: string, token: string, json: unknown): Promise<number> {
  const body = JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "POST",
      agent,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
    }, (res) => {
      res.resume();
      res.once("end", () => resolve(res.statusCode ?? 0));
      res.once("error", reject);
    });
    req.once("error", reject);
    req.end(body);
  });
}

async function storm(config: StormConfig): Promise<void> {
  const voters = new RotatingMembers(config.voterTokens, votesPerMinute);
  const commenters = new RotatingMembers(config.commenterTokens, 1);
  const latencies = { vote: [] as number[], comment: [] as number[] };
  const stats: StormStats = { votes: 0, comments: 0, failures: 0, tooManyRequests: 0, seconds: 0, voteP99: 0, commentP99: 0, idleWriterSeconds: 0 };
  let stopping = false;
  process.on("message", (message) => {
    if (message === "stop") stopping = true;
  });
  const started = performance.now();
  let n = 0;

  async function send(kind: "vote" | "comment", token: string): Promise<void> {
    const i = n++;
    const postId = config.postIds[i % config.postIds.length];
    const before = performance.now();
    try {
      const status = await post(
        `${config.apiBase}/posts/${postId}/${kind === "vote" ? "vote" : "comments"}`,
        token,
        kind === "vote" ? { voteType: ["up", "down", "none"][i % 3] } : { content: `Storm comment ${i}.` },
      );
      if (status < 200 || status > 299) stats.failures++;
      if (status === 429) stats.tooManyRequests++;
    } catch {
      stats.failures++;
    }
    latencies[kind].push(performance.now() - before);
    if (kind === "vote") stats.votes++;
    else stats.comments++;
  }

  // Comments at the pace the commenters allow (each once a minute), spread evenly rather than all
  // of them at once whenever their minute is over.
  const commentsPerSecond = config.commenterTokens.length / 62;
  const commentDue = () => stats.comments + inFlightComments < 1 + ((performance.now() - started) / 1000) * commentsPerSecond;
  let inFlightComments = 0;

  async function writer(): Promise<void> {
    while (!stopping) {
      const now = Date.now();
      const commenter = commentDue() ? commenters.take(now) : undefined;
      if (commenter && "token" in commenter) {
        inFlightComments++;
        await send("comment", commenter.token);
        inFlightComments--;
        continue;
      }
      const voter = voters.take(now);
      if ("token" in voter) {
        await send("vote", voter.token);
      } else {
        // Every voter has used their minute: the storm is throttled, which the report shows.
        const wait = Math.min(voter.waitMs, 1_000);
        stats.idleWriterSeconds += wait / 1000;
        await sleep(wait);
      }
    }
  }

  await Promise.all(Array.from({ length: config.writers }, writer));
  stats.seconds = (performance.now() - started) / 1000;
  const p99 = (values: number[]) => Math.round(values.sort((a, b) => a - b)[Math.floor(values.length * 0.99)] ?? 0);
  stats.voteP99 = p99(latencies.vote);
  stats.commentP99 = p99(latencies.comment);
  process.send!(stats);
  process.disconnect();
}

process.once("message", (config) => void storm(config as StormConfig));
