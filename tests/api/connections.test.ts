/**
 * One function instance holds at most DB_POOL_SIZE connections plus one for
 * LISTEN, so instances together stay within the database's connection limit:
 * visitors and members share one pool. Counted in
 * pg_stat_activity by the application name the function gives its connections.
 */
import { describe, expect, it } from "vitest";
import { sql } from "../support/database.ts";
import { api, createMember } from "../support/api.ts";

const poolSize = Number(process.env.DB_POOL_SIZE ?? 10);

async function apiConnections(): Promise<number> {
  const [{ count }] = await sql<{ count: number }[]>`
    select count(*)::int as count from pg_stat_activity where application_name like 'api%'`;
  return count;
}

describe("database connections", () => {
  it(`stay within DB_POOL_SIZE + 1 (${poolSize + 1}) under concurrent visitors and members`, async () => {
    const member = await createMember({ lastName: "connections" });
    let most = 0;
    let run = 0;
    // Reads that miss the read cache (a new address each), and writes, from both kinds of caller at once.
    const load = Array.from({ length: 3 * poolSize }, (_, i) => async () => {
      for (let n = 0; n < 5; n++) {
        const miss = `miss=${i}-${n}-${run++}`;
        const res = i % 2 === 0
          ? await api("GET", `/api/posts/all?${miss}`)
          : await api("GET", `/api/posts/all?${miss}`, { token: member.token });
        expect(res.status).toBe(200);
      }
    });
    const sampling = setInterval(() => {
      void apiConnections().then((count) => (most = Math.max(most, count)));
    }, 20);
    await Promise.all(load.map((work) => work()));
    clearInterval(sampling);
    most = Math.max(most, await apiConnections());
    console.log(`api connections: at most ${most} seen (DB_POOL_SIZE ${poolSize})`);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(poolSize + 1);
  });
});
