import { defineConfig } from "vitest/config";

// One config, nine projects. `unit` needs nothing running; the others talk to
// a running stack whose URLs and keys come from the environment (see
// scripts/test.ts, which starts the local stack, or point them at
// `supabase start`).
export default defineConfig({
  test: {
    projects: [
      "web/vitest.config.ts",
      {
        // The dev scripts' own logic (no stack): run with the unit tests.
        test: { name: "scripts", include: ["tests/scripts/**/*.test.ts"], environment: "node" },
      },
      {
        test: {
          name: "stack",
          include: ["local-stack/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "db",
          include: ["tests/db/**/*.test.ts"],
          setupFiles: ["tests/support/close-database.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          setupFiles: ["tests/support/close-database.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Reads what the api function keeps in memory, which any change
          // anywhere empties: one file, after the others (a higher groupOrder
          // waits for every project before it), with nothing writing beside it.
          name: "read-cache",
          include: ["tests/read-cache/**/*.test.ts"],
          setupFiles: ["tests/support/close-database.ts"],
          environment: "node",
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Backs up the stack under test and restores it into an empty stack it starts itself
          // (BACKUP_TEST_PORT_OFFSET, 150 unless set): on its own, as nothing may change the source
          // between its backup and the comparison (scripts/test.ts runs it first).
          name: "backup",
          include: ["tests/backup/**/*.test.ts"],
          setupFiles: ["tests/support/close-database.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          // Restarts Postgres: run it on its own (scripts/test.ts does).
          name: "resilience",
          include: ["tests/resilience/**/*.test.ts"],
          setupFiles: ["tests/support/close-database.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Needs the large dataset: `npm run seed:large` on DATABASE_URL.
          name: "plans",
          include: ["tests/plans/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
