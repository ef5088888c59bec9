import type { Standing } from "../api/get-standing";
import { closedNote } from "../utils/standing-text";
import styles from "./closed-note.module.css";

/** Where a write control would be for a member who cannot take part: what is closed, and why. */
export function ClosedNote({ standing, action }: { standing: Standing; action: string }) {
  return <p className={styles.note}>{closedNote(standing, action)}</p>;
}
