import { Button } from "@/components/ui/button";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import type { Person } from "../api/get-people";
import { useResendConfirmation } from "../api/resend-confirmation";
import { ChangeRoleButton } from "./change-role-button";
import { SuspendMemberButton } from "./suspend-member-button";
import styles from "./people.module.css";

/** What an admin may do to one account: change its role (once it has one: not an invitee), suspend or lift (a member or moderator who can sign in), send its confirmation or invitation again. */
export function PersonActions({ person }: { person: Person }) {
  const resend = useResendConfirmation({
    mutationConfig: {
      onSuccess: (answer) => notify.success(answer.message || "Sent again."),
      onError: (error) => notify.error(apiErrorDetail(error) ?? "The e-mail could not be sent again."),
    },
  });
  const waitsForLink = person.state === "unconfirmed" || person.state === "invited";
  const resendLabel = person.state === "invited" ? "Resend invitation" : "Resend confirmation";
  const suspension = person.state === "suspended" ? { until: person.suspendedUntil, reason: person.suspensionReason } : null;

  return (
    <div className={styles.actions}>
      {person.state !== "invited" && <ChangeRoleButton person={person} />}
      {person.role !== "admin" && !waitsForLink && <SuspendMemberButton member={{ id: person.id, name: person.displayName, suspension }} />}
      {waitsForLink && (
        <Button
          variant="ghost"
          size="small"
          isLoading={resend.isPending}
          loadingText="Sending..."
          aria-label={`${resendLabel} to ${person.email}`}
          onClick={() => resend.mutate({ userId: person.id })}
        >
          {resendLabel}
        </Button>
      )}
    </div>
  );
}
