import { KeyValueList } from "@/components/ui/key-value-list";
import { infoBoxEntries } from "@/lib/post-fields-parse";
import type { InfoBox } from "@/types/api";
import styles from "./post-detail.module.css";

/** The side column of info boxes: a title and key/value pairs each. */
export function InfoBoxes({ boxes }: { boxes: InfoBox[] }) {
  if (!boxes.length) return null;
  const sorted = [...boxes].sort((a, b) => a.order - b.order);
  return (
    <aside className={styles.side} aria-label="Information">
      {sorted.map((box) => (
        <section key={box.id} className={styles.infoBox} aria-labelledby={`info-${box.id}`}>
          <h2 id={`info-${box.id}`}>{box.title}</h2>
          <KeyValueList entries={infoBoxEntries(box)} rowClassName={styles.infoRow} />
        </section>
      ))}
    </aside>
  );
}
