import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import styles from "./post-detail.module.css";

/** SPEC §2: NSFW posts first show a warning; the content stays hidden until acknowledged. */
export function NsfwGate({ onContinue }: { onContinue: () => void }) {
  const id = useId();
  const [understood, setUnderstood] = useState(false);
  return (
    <section className={styles.nsfw} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sensitive content</h2>
      <p>This post is marked NSFW: it may contain material that is not suitable for every audience or for viewing at work.</p>
      <div className={styles.checkbox}>
        <input id={`${id}-ack`} type="checkbox" checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />
        <label htmlFor={`${id}-ack`}>I understand and wish to continue</label>
      </div>
      <Button onClick={onContinue} disabled={!understood}>
        Continue
      </Button>
    </section>
  );
}
