/**
 * Where an unencrypted backup may go: a folder on this machine's own disks.
 * A backup holds e-mail addresses and password hashes; without a recipient
 * to encrypt it to, it may not be written to a network or user-space file
 * system (NFS, SMB, a FUSE mount of a cloud bucket, …), whose bytes live
 * somewhere else.
 */
import fs from "node:fs/promises";

/** statfs(2) f_type values of file systems whose data is elsewhere (linux/magic.h). */
const remoteFileSystems: Record<number, string> = {
  0x6969: "NFS",
  0x517b: "SMB",
  0xff534d42: "CIFS",
  0xfe534d42: "SMB2",
  0x65735546: "FUSE (sshfs, s3fs, rclone, gcsfuse, …)",
  0x5346414f: "AFS",
  0x00c36400: "Ceph",
  0x47504653: "GPFS",
  0x0bd00bd0: "Lustre",
};

/** The kind of remote file system `folder` is on, or undefined when it is a local one. */
export async function remoteFileSystem(folder: string): Promise<string | undefined> {
  const stats = await fs.statfs(folder);
  // statfs gives f_type as a signed number on some platforms.
  return remoteFileSystems[stats.type >>> 0];
}
