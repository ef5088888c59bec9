/**
 * The api function's process on this machine (Linux /proc): the one listening
 * on the function's port, and its resident memory.
 */
import { readdirSync, readFileSync, readlinkSync, writeFileSync } from "node:fs";

/** The pid of the process with a listening TCP socket on 127.0.0.1:`port`. */
export function pidListeningOn(port: number): number {
  const portHex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN.
      if (fields[1]?.endsWith(`:${portHex}`) && fields[3] === "0A") inodes.add(fields[9]!);
    }
  }
  if (inodes.size === 0) throw new Error(`nothing listens on port ${port}: is the stack running (LOCAL_STACK_PORT_OFFSET)?`);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // gone, or not ours to read
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${entry}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode && inodes.has(inode)) return Number(entry);
      } catch {
        // the descriptor closed meanwhile
      }
    }
  }
  throw new Error(`no readable process owns the socket on port ${port}`);
}

/** VmRSS and VmHWM (peak RSS) of a process, in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** Resets the process's VmHWM to its current RSS (writing 5 to clear_refs); false where that is not allowed. */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
