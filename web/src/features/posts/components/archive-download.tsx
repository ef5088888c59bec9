import { useTimeZone } from "@/hooks/use-time-zone";
import { apiUrl } from "@/lib/api-client";
import { formatBytes } from "@/lib/post-fields-media";
import { useArchiveInfo } from "../api/get-archive-info";
import { formatDateTime } from "../utils/display";

/**
 * The whole archive's download with what is known of it without making it:
 * the size of the last whole download (it is streamed, so nobody knows the
 * size of the next one before it is sent) and the newest post in it.
 */
export function ArchiveDownload() {
  const { data, isError } = useArchiveInfo();
  const timeZone = useTimeZone();
  return (
    <>
      <p>
        <a href={apiUrl("/export/archive.jsonl")} download>
          Download the archive (JSON Lines)
        </a>
      </p>
      <p data-testid="archive-facts">
        {isError
          ? "Its size and last update could not be loaded."
          : !data
            ? "Loading its size and last update…"
            : [
                data.newest_post_at ? `Last updated ${formatDateTime(data.newest_post_at, timeZone)}, when its newest post was published.` : "No post is published yet.",
                data.size
                  ? `Size: ${formatBytes(data.size.bytes)} when last downloaded (${formatDateTime(data.size.measured_at, timeZone)}).`
                  : "Its size is known once someone has downloaded it.",
              ].join(" ")}
      </p>
    </>
  );
}
