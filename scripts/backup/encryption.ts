/**
 * Backups are encrypted with age (age-encryption.org/v1, the `age-encryption`
 * package by age's author): to one or more public keys from
 * ARCHIVE_BACKUP_RECIPIENT (`age1…`), decrypted with the secret key from
 * ARCHIVE_BACKUP_IDENTITY (`AGE-SECRET-KEY-1…`, or the path of a file that
 * holds it, as `age-keygen` writes one). age's payload is authenticated in
 * 64 KiB chunks and marks its last one, so a changed byte or a file cut
 * short fails decryption.
 */
import { existsSync, readFileSync } from "node:fs";
import { Decrypter, Encrypter, generateIdentity, identityToRecipient } from "age-encryption";

/** The first line of every age file. */
const ageHeader = Buffer.from("age-encryption.org/v1\n");

export const isAgeFile = (head: Buffer) => head.subarray(0, ageHeader.length).equals(ageHeader);
/** gzip's magic bytes: an unencrypted backup. */
export const isGzipFile = (head: Buffer) => head[0] === 0x1f && head[1] === 0x8b;

/** The recipients named by ARCHIVE_BACKUP_RECIPIENT (spaces or commas between them); none when unset. */
export function recipientsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const recipients = (env.ARCHIVE_BACKUP_RECIPIENT ?? "").split(/[\s,]+/).filter(Boolean);
  for (const recipient of recipients) {
    if (!/^age1[0-9a-z]+$/.test(recipient)) {
      throw new Error(`ARCHIVE_BACKUP_RECIPIENT holds something that is not an age public key (age1…): ${recipient.slice(0, 12)}…`);
    }
  }
  return recipients;
}

/** The secret keys ARCHIVE_BACKUP_IDENTITY gives: the key itself, or a file of keys (lines starting with AGE-SECRET-KEY-). */
export function identitiesFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const value = (env.ARCHIVE_BACKUP_IDENTITY ?? "").trim();
  if (!value) return [];
  const text = value.startsWith("AGE-SECRET-KEY-") ? value : existsSync(value) ? readFileSync(value, "utf8") : undefined;
  if (text === undefined) throw new Error("ARCHIVE_BACKUP_IDENTITY is neither an age secret key (AGE-SECRET-KEY-1…) nor a file that holds one");
  const keys = text.split(/\s+/).filter((word) => word.startsWith("AGE-SECRET-KEY-"));
  if (keys.length === 0) throw new Error("ARCHIVE_BACKUP_IDENTITY names a file without an age secret key (AGE-SECRET-KEY-1…)");
  return keys;
}

export async function encrypt(plain: ReadableStream<Uint8Array>, recipients: string[]): Promise<ReadableStream<Uint8Array>> {
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  return await encrypter.encrypt(plain);
}

/** Reads the header at once (a wrong key fails here); the payload's failures come as it is read. */
export async function decrypt(cipher: ReadableStream<Uint8Array>, identities: string[]): Promise<ReadableStream<Uint8Array>> {
  const decrypter = new Decrypter();
  for (const identity of identities) decrypter.addIdentity(identity);
  return await decrypter.decrypt(cipher);
}

/** A new key pair, for `npm run backup -- --generate-key`. */
export async function newKeyPair(): Promise<{ identity: string; recipient: string }> {
  const identity = await generateIdentity();
  return { identity, recipient: await identityToRecipient(identity) };
}
