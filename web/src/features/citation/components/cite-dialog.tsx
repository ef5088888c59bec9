import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { copyText } from "@/lib/copy-text";
import { type CitationFormat, citationFormats, readerTimeZone, useCitation } from "../api/get-citation";
import styles from "./cite-dialog.module.css";

/** The post's citation in the chosen format (radio buttons drawn as a row of choices), with a copy button. */
export function CiteDialog({ postId, open, onClose }: { postId: string; open: boolean; onClose: () => void }) {
  const [format, setFormat] = useState<CitationFormat>("apa");
  const citation = useCitation(postId, format);
  const name = useId();
  const label = citationFormats.find((choice) => choice.value === format)?.label ?? format;
  const copy = (text: string) =>
    copyText(text, { copied: `${label} citation copied to clipboard`, failed: "Could not copy the citation. Select it and copy it from the box." });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Cite this post"
      description={`Each format cites this version of the post and links to it, dated by the day it was published in your time zone (${readerTimeZone().replaceAll("_", " ")}), as the post's history shows it.`}
    >
      <fieldset className={styles.formats}>
        <legend className="visually-hidden">Format</legend>
        {citationFormats.map((choice) => (
          <label key={choice.value} className={styles.format}>
            <input type="radio" name={name} value={choice.value} checked={format === choice.value} onChange={() => setFormat(choice.value)} />
            <span>{choice.label}</span>
          </label>
        ))}
      </fieldset>
      {citation.isPending ? (
        <Spinner label="Loading the citation" />
      ) : citation.isError ? (
        <p role="alert" className={styles.error}>
          Could not load the citation. Please try again.
        </p>
      ) : (
        <>
          {/* Focusable so that a keyboard can scroll a long BibTeX or CSL-JSON entry. */}
          <pre className={styles.citation} tabIndex={0} aria-label={`${label} citation`} data-testid="citation-text">
            {citation.data}
          </pre>
          <Button size="small" onClick={() => void copy(citation.data)}>
            Copy {label}
          </Button>
        </>
      )}
    </Dialog>
  );
}
