import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LastBackup } from "./last-backup";

const now = Date.parse("2026-12-06T12:00:00Z");

function showWith(answer: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } })));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LastBackup now={now} />
    </QueryClientProvider>,
  );
}

const backup = (finishedAt: string) => ({
  backup: { createdAt: finishedAt, finishedAt, fileName: "a.tar.gz.age", bytes: 5 * 1024 * 1024, tables: 40, objects: 6, encrypted: true },
});

describe("LastBackup", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says when the last backup ran and what it holds", async () => {
    showWith(backup("2026-12-06T03:00:00Z"));
    expect(await screen.findByRole("region", { name: "Backed up." })).toHaveTextContent("5.0 MB, 40 tables and 6 media files");
  });

  it("warns when the last backup is more than two days old", async () => {
    showWith(backup("2026-12-03T03:00:00Z"));
    expect(await screen.findByRole("region", { name: "The last backup is more than two days old." })).toBeInTheDocument();
  });

  it("warns when no backup was ever recorded", async () => {
    showWith({ backup: null });
    expect(await screen.findByRole("region", { name: "No backup has been recorded." })).toHaveTextContent("npm run backup");
  });
});
