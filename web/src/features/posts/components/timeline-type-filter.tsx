import { EVENTS_ONLY } from "../utils/timeline-scope";
import styles from "./timeline.module.css";

const choices = [
  { value: undefined, label: "All posts" },
  { value: EVENTS_ONLY, label: "Events only" },
] as const;

/**
 * Every post or events only (`?type=event`): two radio buttons drawn as one
 * switch. They follow the click at once, not the URL it changes (which
 * comes a moment later), and start again from the URL when it changes.
 */
export function TimelineTypeFilter({ type, onChange }: { type: string | undefined; onChange: (type: string | undefined) => void }) {
  return (
    <fieldset key={type ?? "all"} className={styles.typeFilter}>
      <legend className="visually-hidden">Show</legend>
      {choices.map((choice) => (
        <label key={choice.label} className={styles.typeChoice}>
          <input type="radio" name="timeline-type" defaultChecked={type === choice.value} onChange={() => onChange(choice.value)} />
          <span>{choice.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
