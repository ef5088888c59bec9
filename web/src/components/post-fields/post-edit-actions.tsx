import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form/form-alert";
import styles from "./post-fields.module.css";

export type PostEditActionsProps = {
  /** The server's refusal of the last save, in its words; the form keeps what was typed. */
  serverError: string | null;
  isPending: boolean;
  onCancel: () => void;
};

/** The foot of a post editor (the admin's and the author's): the refusal, if any, then Cancel and Save changes. */
export function PostEditActions({ serverError, isPending, onCancel }: PostEditActionsProps) {
  return (
    <>
      {serverError && <FormAlert>{serverError}</FormAlert>}
      <div className={styles.editActions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} loadingText="Saving...">
          Save changes
        </Button>
      </div>
    </>
  );
}
