import { useState, type ReactNode } from "react";
import styles from "./markdown-tabs.module.css";

export type MarkdownTabsProps = {
  /** The field's label element, shown beside the tabs. */
  label: ReactNode;
  /** What the box holds now, for the preview. */
  source: string;
  /** Renders the markdown for the Preview tab (the caller loads the renderer lazily and sets its heading level). */
  renderPreview: (source: string) => ReactNode;
  /** The box (a textarea, wired by the caller), shown on the Write tab. */
  children: ReactNode;
  /** Names the preview region, e.g. "Content preview". */
  previewLabel: string;
  /** A line under the box saying what formatting works. */
  help?: ReactNode;
  /** The tab group's name, e.g. "Content view". */
  groupLabel?: string;
  /** A taller preview for a post's content than for a comment. */
  previewSize?: "large" | "small";
};

/**
 * Write and Preview tabs over a markdown box, used by the post editor and the
 * comment box: the preview shows what readers will see, with the site's one
 * renderer. The box stays mounted (hidden) while previewing, so its text,
 * focus wiring and form registration stay as they were.
 */
export function MarkdownTabs({ label, source, renderPreview, children, previewLabel, help, groupLabel = "Content view", previewSize = "large" }: MarkdownTabsProps) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  return (
    <>
      <div className={styles.header}>
        {label}
        <div className={styles.tabs} role="group" aria-label={groupLabel}>
          <button type="button" className={styles.tab} aria-pressed={tab === "write"} onClick={() => setTab("write")}>
            Write
          </button>
          <button type="button" className={styles.tab} aria-pressed={tab === "preview"} onClick={() => setTab("preview")}>
            Preview
          </button>
        </div>
      </div>
      <div className={styles.write} hidden={tab !== "write"}>
        {children}
      </div>
      {tab === "preview" && (
        <div className={`${styles.preview} ${previewSize === "small" ? styles.small : ""}`} role="region" aria-label={previewLabel}>
          {source.trim() ? renderPreview(source) : <p className={styles.empty}>Nothing to preview yet.</p>}
        </div>
      )}
      {help && <p className={styles.help}>{help}</p>}
    </>
  );
}
