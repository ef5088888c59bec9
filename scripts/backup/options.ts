/** The command lines of `npm run backup` and `npm run restore`, and their help. */

export class UsageError extends Error {}

export interface BackupOptions {
  help: boolean;
  /** Print a new key pair and stop. */
  generateKey: boolean;
  /** A file, or a folder (ends with `/`, or exists as one); default `backups/`. */
  out?: string;
  /** Keep this many backups in the output folder, the new one included; older ones are deleted. */
  keep?: number;
  /** A hosted project's database (with SUPABASE_URL and the service key from the environment). */
  dbUrl?: string;
}

export interface RestoreOptions {
  help: boolean;
  file?: string;
  dbUrl?: string;
  /** Restore over a target that holds posts. */
  replace: boolean;
  /** Answer yes to --replace's question (for scripts). */
  yes: boolean;
}

/** `--name value` or `--name=value`; `i` is the index of the flag, moved past what was read. */
function valueOf(argv: string[], state: { i: number }, name: string): string {
  const arg = argv[state.i]!;
  if (arg.startsWith(`${name}=`)) return arg.slice(name.length + 1);
  const value = argv[state.i + 1];
  if (value === undefined || value.startsWith("--")) throw new UsageError(`${name} needs a value`);
  state.i += 1;
  return value;
}

const is = (arg: string, name: string) => arg === name || arg.startsWith(`${name}=`);

export function parseBackupArgs(argv: string[]): BackupOptions {
  const options: BackupOptions = { help: false, generateKey: false };
  for (const state = { i: 0 }; state.i < argv.length; state.i += 1) {
    const arg = argv[state.i]!;
    if (arg === "--help" || arg === "-h") options.help = true;
    else if (arg === "--generate-key") options.generateKey = true;
    else if (is(arg, "--out")) options.out = valueOf(argv, state, "--out");
    else if (is(arg, "--db-url")) options.dbUrl = valueOf(argv, state, "--db-url");
    else if (is(arg, "--keep")) {
      const value = valueOf(argv, state, "--keep");
      if (!/^\d+$/.test(value) || Number(value) < 1) throw new UsageError(`--keep takes a whole number of backups, at least 1 (got ${value})`);
      options.keep = Number(value);
    } else throw new UsageError(`unknown argument ${arg}`);
  }
  return options;
}

export function parseRestoreArgs(argv: string[]): RestoreOptions {
  const options: RestoreOptions = { help: false, replace: false, yes: false };
  for (const state = { i: 0 }; state.i < argv.length; state.i += 1) {
    const arg = argv[state.i]!;
    if (arg === "--help" || arg === "-h") options.help = true;
    else if (arg === "--replace") options.replace = true;
    else if (arg === "--yes" || arg === "-y") options.yes = true;
    else if (is(arg, "--db-url")) options.dbUrl = valueOf(argv, state, "--db-url");
    else if (arg.startsWith("-")) throw new UsageError(`unknown argument ${arg}`);
    else if (options.file !== undefined) throw new UsageError(`one backup file at a time (got ${options.file} and ${arg})`);
    else options.file = arg;
  }
  if (!options.help && options.file === undefined) throw new UsageError("name the backup file: npm run restore -- <file>");
  return options;
}

const targets = `
Which project:
  default      the local stack (LOCAL_STACK_PORT_OFFSET picks which, as for the other scripts;
               or the one whose SUPABASE_URL, SUPABASE_ANON_KEY, DATABASE_URL and
               SUPABASE_SERVICE_ROLE_KEY are exported, as \`npm run --silent stack:env\` prints them)
  --db-url <postgresql://…>
               a hosted project: its database (the session pooler's or direct URL, as user
               postgres), with SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (or SUPABASE_SECRET_KEY)
               from the environment. Data goes through the database URL, media through the
               Storage API, as for any hosted project.`;

export const backupUsage = `usage: npm run backup -- [--out <file or folder>] [--keep N] [--db-url <url>]

Writes one file holding the whole archive: every table of the schemas public and
private, the Auth accounts (with their password hashes, so members sign in as
before), every object of the Storage bucket media, and a manifest (the migration it
was taken at, row counts, each file's SHA-256). The data is read in one snapshot
while the site stays up. The file's path is the last line printed. The parts are
staged in TMPDIR first (as much room as the archive's data and media take), then
packed into the file.

  --out <file or folder>   where to write (default backups/archive-backup-<UTC time>.tar.gz.age)
  --keep N                 keep the N newest backups in that folder, delete older ones
  --generate-key           print a new key pair for ARCHIVE_BACKUP_RECIPIENT / _IDENTITY, and stop
${targets}

Encryption: the file is encrypted with age to ARCHIVE_BACKUP_RECIPIENT (one or more
age1… public keys, separated by spaces or commas). Without it the backup is written
unencrypted, with a warning, and only to the local disk: it holds e-mail addresses
and password hashes. Keep the secret key (ARCHIVE_BACKUP_IDENTITY) away from the
backups: it is needed only to restore.`;

export const restoreUsage = `usage: npm run restore -- <file> [--replace [--yes]] [--db-url <url>]

Brings a backup back into an EMPTY project: checks the whole file first (it decrypts
it, and checks every table's and object's SHA-256 against the manifest), then
uploads the media, loads the accounts and every table in one transaction, and
checks every count and checksum against the manifest.

Refused, with nothing changed: a file cut short or damaged; a backup taken at a
migration later than this code's newest, or at another migration than the
target's (restore into an empty project at the backup's migration, then migrate);
a target that already holds posts (unless --replace).

  --replace   restore over a target that holds posts: the restored tables, the
              accounts and the media are replaced by the backup's (asks first)
  --yes       answers --replace's question, for scripts
${targets}

An empty local stack to restore into: \`npm start -- --empty\` on a new data folder
(LOCAL_STACK_DATA_DIR), or \`npm run reset -- --empty\` to empty the local one.
An encrypted backup needs ARCHIVE_BACKUP_IDENTITY: the AGE-SECRET-KEY-1… key, or the
path of a file holding it.`;
