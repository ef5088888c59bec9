import { Notice } from "@/components/ui/notice";
import { formatTimestamp } from "@/lib/field-changes";
import { formatBytes } from "@/lib/post-fields-media";
import { useLastBackup } from "../api/get-last-backup";

/** A backup older than this is called stale: the scheduled one runs nightly (docs/operations.md). */
const STALE_AFTER_MS = 2 * 24 * 60 * 60 * 1000;

/** When the archive was last backed up, so a backup that stopped running is noticed (People page, admins). */
export function LastBackup({ now = Date.now() }: { now?: number }) {
  const { data: backup, isPending, isError } = useLastBackup();
  if (isPending || isError) return null;
  if (!backup) {
    return (
      <Notice tone="warning" title="No backup has been recorded.">
        <p>Run <code>npm run backup</code>, or schedule it as docs/operations.md describes.</p>
      </Notice>
    );
  }
  const stale = now - new Date(backup.finishedAt).getTime() > STALE_AFTER_MS;
  const what = `${formatBytes(backup.bytes)}, ${backup.tables} tables and ${backup.objects} media files${backup.encrypted ? "" : ", not encrypted"}`;
  return (
    <Notice tone={stale ? "warning" : "info"} title={stale ? "The last backup is more than two days old." : "Backed up."}>
      <p>
        Last backup: <time dateTime={backup.createdAt}>{formatTimestamp(backup.createdAt)}</time> ({what}).
      </p>
    </Notice>
  );
}
