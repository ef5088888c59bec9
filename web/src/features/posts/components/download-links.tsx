import { useTimeZone } from "@/hooks/use-time-zone";
import { apiUrl } from "@/lib/api-client";
import { filtersToQuery, type PostFilters } from "../utils/filters";
import styles from "./download-links.module.css";

const formats = [
  { format: "csv", label: "CSV" },
  { format: "json", label: "JSON" },
] as const;

/**
 * All posts' current results as a file (GET /api/export/posts, up to 10,000
 * posts): plain links, so the browser downloads them itself, with the list's
 * own filters and time zone.
 */
export function DownloadLinks({ filters }: { filters: PostFilters }) {
  const query = { ...filtersToQuery(filters), tz: useTimeZone() };
  return (
    <p className={styles.download}>
      <span id="download-results">Download these results:</span>
      {formats.map(({ format, label }) => (
        <a key={format} href={apiUrl("/export/posts", { ...query, format })} download aria-describedby="download-results" className={styles.link}>
          {label}
        </a>
      ))}
    </p>
  );
}
