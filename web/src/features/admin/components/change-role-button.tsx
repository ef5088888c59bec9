import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { SelectField } from "@/components/ui/form/select-field";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useChangeRole } from "../api/change-role";
import type { Person, PersonRole } from "../api/get-people";
import { roleLabels } from "../utils/person-state";
import styles from "./admin.module.css";

const roles = (Object.keys(roleLabels) as PersonRole[]).map((value) => ({ value, label: roleLabels[value] }));

/** Change role: member, moderator or admin, with the reason the moderation log keeps; the server's refusal (the last admin) shows as it is given. */
export function ChangeRoleButton({ person }: { person: Pick<Person, "id" | "displayName" | "role"> }) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<PersonRole>(person.role);
  const [reason, setReason] = useState("");
  const change = useChangeRole({
    mutationConfig: {
      onSuccess: (answer) => {
        notify.success(`${answer.person.displayName} is now ${roleLabels[answer.person.role].toLowerCase()}.`);
        setReason("");
        setOpen(false);
      },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() && role !== person.role) change.mutate({ userId: person.id, role, reason: reason.trim() });
  };

  return (
    <>
      <Button variant="secondary" size="small" aria-label={`Change role of ${person.displayName}`} onClick={() => setOpen(true)}>
        Change role
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`Change the role of ${person.displayName}`} description={`Now: ${roleLabels[person.role]}.`}>
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <SelectField label="New role" options={roles} value={role} onChange={(event) => setRole(event.target.value as PersonRole)} />
          <TextAreaField label="Reason (kept in the moderation log)" rows={3} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
          {change.isError && <FormAlert>{apiErrorDetail(change.error) ?? "The role could not be changed."}</FormAlert>}
          <div className={styles.cardActions}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!reason.trim() || role === person.role} isLoading={change.isPending} loadingText="Saving...">
              Change role
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
