/**
 * The Postgres connections the api function holds (application_name api*),
 * sampled through a run: they must stay within DB_POOL_SIZE + 1 (its pool and LISTEN).
 */
import type { Sql } from "postgres";

export function watchFunctionConnections(sql: Sql): { stop: () => number } {
  let most = 0;
  const sampler = setInterval(() => {
    void sql<{ count: number }[]>`select count(*)::int as count from pg_stat_activity where application_name like 'api%'`
      .then(([row]) => (most = Math.max(most, row.count)))
      .catch(() => {});
  }, 250);
  return {
    stop: () => {
      clearInterval(sampler);
      return most;
    },
  };
}
