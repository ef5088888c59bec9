import { LazyMarkdown } from "@/components/markdown/lazy-markdown";
import type { HeadingLevel } from "@/components/markdown/nest-headings";
import { Spinner } from "@/components/ui/spinner";
import styles from "./admin.module.css";

/** A submission's content as it will read, framed; its images from other hosts wait for a click (a tracking pixel would learn who reviewed it). */
export function MarkdownView({ source, headingBase }: { source: string; headingBase: HeadingLevel }) {
  return (
    <div className={styles.markdown}>
      <LazyMarkdown headingBase={headingBase} externalImages="click-to-load" fallback={<Spinner label="Rendering content" />}>
        {source}
      </LazyMarkdown>
    </div>
  );
}
