import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { SelectField } from "@/components/ui/form/select-field";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useInvitePerson, type InviteInput } from "../api/invite-person";
import styles from "./admin.module.css";

const invitedRoles = [
  { value: "moderator", label: "Moderator" },
  { value: "admin", label: "Admin" },
] as const;

/** Invite: an e-mail address and a role; Auth sends the invitation, whose link lands on the page where they choose a name and password. */
export function InvitePersonButton() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<InviteInput["role"]>("moderator");
  const invite = useInvitePerson({
    mutationConfig: {
      onSuccess: (_answer, input) => {
        notify.success(`Invitation sent to ${input.email}. They join as ${input.role === "admin" ? "an admin" : "a moderator"} once they choose a name and a password.`);
        setEmail("");
        setOpen(false);
      },
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate({ email: email.trim(), role });
  };

  return (
    <>
      <Button variant="primary" onClick={() => setOpen(true)}>
        Invite
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Invite to the team" description="We e-mail them a link to choose a name and a password.">
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <InputField label="E-mail" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} />
          <SelectField label="Role" options={invitedRoles} value={role} onChange={(event) => setRole(event.target.value as InviteInput["role"])} />
          {invite.isError && <FormAlert>{apiErrorDetail(invite.error) ?? "The invitation could not be sent."}</FormAlert>}
          <div className={styles.cardActions}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!email.trim()} isLoading={invite.isPending} loadingText="Sending...">
              Send the invitation
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
