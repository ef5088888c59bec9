/**
 * The pure parts of backups (scripts/backup/): the manifest's checks, the
 * row digest, and whether a backup fits a target's migration and tables.
 */
import { describe, expect, it } from "vitest";
import { migrationRefusal, schemaDifferences, type TableShape } from "../../scripts/backup/compatibility.ts";
import { expectedEntries, manifestProblems, objectEntryName, tableEntryName, type Manifest } from "../../scripts/backup/manifest.ts";
import { migrationOfFile } from "../../scripts/backup/migrations.ts";
import { RowDigest } from "../../scripts/backup/row-digest.ts";

const sha = (c: string) => c.repeat(64);

function manifest(overrides: Partial<Manifest> = {}): Manifest {
  return {
    format: "community-archive-backup",
    formatVersion: 1,
    tool: { name: "t", version: null, commit: null },
    createdAt: "2026-03-15T10:15:00.000000Z",
    source: { database: "db", supabaseUrl: "http://x" },
    migration: { version: "20261122120300", name: "readers_my_contributions" },
    tables: [
      {
        schema: "public",
        name: "posts",
        entry: tableEntryName("public", "posts"),
        columns: [{ name: "id", type: "bigint" }],
        rows: 2,
        digest: "0".repeat(32),
        bytes: 4,
        sha256: sha("a"),
      },
    ],
    sequences: [{ schema: "public", name: "posts_id_seq", lastValue: "2", isCalled: true }],
    objects: [
      {
        bucket: "media",
        name: "user/photo.jpg",
        entry: objectEntryName(0),
        size: 10,
        sha256: sha("b"),
        contentType: "image/jpeg",
        cacheControl: "max-age=3600",
      },
    ],
    warnings: [],
    ...overrides,
  };
}

describe("a manifest", () => {
  it("that is sound has no problems, and lists its files in the order they are written", () => {
    expect(manifestProblems(manifest())).toEqual([]);
    expect(expectedEntries(manifest())).toEqual([
      { entry: "data/public.posts", size: 4, sha256: sha("a") },
      { entry: "media/000000", size: 10, sha256: sha("b") },
    ]);
  });

  it("of another format or version is refused with what it is", () => {
    expect(manifestProblems(null)).toEqual(["manifest.json is not a JSON object"]);
    expect(manifestProblems({ format: "something" })[0]).toMatch(/not a community-archive-backup manifest/);
    expect(manifestProblems(manifest({ formatVersion: 2 }))[0]).toBe("the backup's format version is 2; this code reads version 1");
  });

  it("whose entries could name a file outside the unpacking folder, or one file twice, is refused", () => {
    const table = manifest().tables[0]!;
    const escaping = manifest({ tables: [{ ...table, schema: "../..", name: "etc", entry: "data/../...etc" }] });
    expect(manifestProblems(escaping).join()).toMatch(/cannot be a file name/);
    const renamed = manifest({ tables: [{ ...table, entry: "data/../../evil" }] });
    expect(manifestProblems(renamed).join()).toMatch(/entry is not data\/public.posts/);
    const object = manifest().objects[0]!;
    const twice = manifest({ objects: [object, { ...object, entry: objectEntryName(0) }] });
    expect(manifestProblems(twice).join()).toMatch(/entry is not media\/000001|listed twice/);
  });

  it("without sizes, checksums or digests is refused", () => {
    const table = manifest().tables[0]!;
    expect(manifestProblems(manifest({ tables: [{ ...table, sha256: "abc" }] })).join()).toMatch(/sha256/);
    expect(manifestProblems(manifest({ tables: [{ ...table, rows: -1 }] })).join()).toMatch(/rows/);
    const object = manifest().objects[0]!;
    expect(manifestProblems(manifest({ objects: [{ ...object, size: 1.5 }] })).join()).toMatch(/size or sha256/);
  });
});

describe("the row digest", () => {
  const digestOf = (...chunks: string[]) => {
    const digest = new RowDigest();
    for (const chunk of chunks) digest.update(Buffer.from(chunk));
    return digest.result();
  };

  it("counts rows and does not depend on their order or on where chunks are cut", () => {
    const whole = digestOf("1\ta\n2\tb\n3\tc\n");
    expect(whole.rows).toBe(3);
    expect(digestOf("3\tc\n1\ta\n2\tb\n")).toEqual(whole);
    expect(digestOf("1\t", "a\n2", "\tb\n3\tc", "\n")).toEqual(whole);
  });

  it("changes with any row's content, and with a row twice", () => {
    const whole = digestOf("1\ta\n2\tb\n");
    expect(digestOf("1\ta\n2\tB\n").digest).not.toBe(whole.digest);
    expect(digestOf("1\ta\n2\tb\n2\tb\n").rows).toBe(3);
    expect(digestOf("").rows).toBe(0);
  });
});

describe("whether a backup fits", () => {
  const at = (version: string) => ({ version, name: "x" });

  it("refuses a backup taken at a later migration than the code knows", () => {
    expect(migrationRefusal({ backup: at("20270101000000"), newestInCode: at("20261122120300"), target: at("20261122120300") })).toMatch(
      /later than the newest this code knows/,
    );
  });

  it("refuses a backup at another migration than the target's, and says how to restore it", () => {
    const refusal = migrationRefusal({ backup: at("20261122000500"), newestInCode: at("20261122120300"), target: at("20261122120300") });
    expect(refusal).toMatch(/the backup was taken at migration 20261122000500 \(x\), the target is at 20261122120300/);
    expect(refusal).toMatch(/empty project at the backup's migration/);
    expect(migrationRefusal({ backup: at("1"), newestInCode: at("2"), target: null })).toMatch(/the target is at none/);
  });

  it("lets a backup at the target's migration through", () => {
    expect(migrationRefusal({ backup: at("20261122120300"), newestInCode: at("20261122120300"), target: at("20261122120300") })).toBeUndefined();
  });

  it("reads a migration's version and name from its file name, as the Supabase CLI does", () => {
    expect(migrationOfFile("20261122000900_backups.sql")).toEqual({ version: "20261122000900", name: "backups" });
    expect(migrationOfFile("README.md")).toBeUndefined();
  });

  it("compares tables and columns: all of the app's, Auth's only as far as the backup has them", () => {
    const posts: TableShape = { schema: "public", name: "posts", columns: [{ name: "id", type: "bigint" }, { name: "title", type: "text" }] };
    const users: TableShape = { schema: "auth", name: "users", columns: [{ name: "id", type: "uuid" }] };
    const own = ["public", "private"];
    expect(schemaDifferences([posts, users], [posts, { ...users, columns: [...users.columns, { name: "newer", type: "text" }] }], own)).toEqual([]);
    expect(schemaDifferences([posts], [{ ...posts, columns: [posts.columns[0]!] }], own)).toEqual(["the target's public.posts has no column title"]);
    expect(schemaDifferences([posts], [{ ...posts, columns: [...posts.columns, { name: "extra", type: "int" }] }], own)).toEqual([
      "the target's public.posts has a column the backup lacks: extra",
    ]);
    expect(schemaDifferences([posts], [{ ...posts, columns: [{ name: "id", type: "integer" }, posts.columns[1]!] }], own)).toEqual([
      "public.posts.id is bigint in the backup, integer in the target",
    ]);
    expect(schemaDifferences([posts], [posts, { schema: "private", name: "backups", columns: [] }], own)).toEqual([
      "the target has a table the backup lacks: private.backups",
    ]);
    expect(schemaDifferences([posts, users], [posts], own)).toEqual(["the target has no table auth.users"]);
  });
});
