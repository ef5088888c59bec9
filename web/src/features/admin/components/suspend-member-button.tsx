import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { MenuItem } from "@/components/ui/menu";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import { SelectField } from "@/components/ui/form/select-field";
import { apiErrorDetail } from "@/lib/api-client";
import { useReasonDialog } from "@/hooks/use-reason-dialog";
import { useAuthorization } from "@/lib/authorization";
import { notify } from "@/lib/notify";
import { useAuthor, type AuthorOf, type Suspension } from "../api/get-author";
import { useSuspendedAuthors } from "../api/get-suspended-authors";
import { useSuspendMember } from "../api/suspend-member";
import { useUnsuspendMember } from "../api/unsuspend-member";
import { formatTimestamp } from "@/lib/field-changes";
import styles from "./admin.module.css";

const periods = [
  { value: "1", label: "1 day" },
  { value: "7", label: "7 days" },
  { value: "30", label: "30 days" },
  { value: "forever", label: "For good" },
] as const;
type Period = (typeof periods)[number]["value"];

/** The periods a role may choose: a moderator up to 30 days, an admin any (the server refuses the rest with its message). */
const periodsUpTo = (longestDays: number) => periods.filter((period) => (period.value === "forever" ? longestDays === Infinity : Number(period.value) <= longestDays));

const dayMs = 24 * 60 * 60 * 1000;
const untilOf = (period: Period) => (period === "forever" ? null : new Date(Date.now() + Number(period) * dayMs).toISOString());

export type SuspendMemberButtonProps = (
  /** The name is shown in the dialog's title, so the admin knows whom they suspend; a suspension shows with Lift in place of the button. */
  | { member: { id: string; name: string | null; suspension: Suspension | null }; authorOf?: never }
  /** The author of a post or comment, looked up when the dialog opens. */
  | { authorOf: AuthorOf; member?: never }
) & {
  /** The post the item belongs to: its suspended authors are looked up, and an author's suspension (with Lift) shows in place of the button. */
  postId?: number;
  /** An item of a Menu (the post's Moderate menu) rather than a button: Suspend author, or Lift while the author is suspended. */
  asMenuItem?: boolean;
};

/**
 * The team's 'Suspend author': for a period (a moderator up to 30 days) or
 * for good, with a reason the member sees on every refused write. Render it
 * for those who may suspend only.
 */
export function SuspendMemberButton({ member, authorOf, postId, asMenuItem = false }: SuspendMemberButtonProps) {
  const dialog = useReasonDialog();
  const { can } = useAuthorization();
  const offered = periodsUpTo(can.longestSuspensionDays);
  const suspendedAuthor = useSuspendedAuthors(authorOf && postId !== undefined ? postId : null).data
    ?.find((item) => item.kind === authorOf?.kind && item.id === authorOf.id)?.author;
  const suspendedOnPage = suspendedAuthor ?? (member?.suspension ? member : undefined);
  const lookup = useAuthor(dialog.open && authorOf ? authorOf : null);
  const target = member ?? lookup.data ?? null;
  const [period, setPeriod] = useState<Period>(offered.some((option) => option.value === "7") ? "7" : (offered[0]?.value ?? "1"));
  const reason = dialog.reason.trim();
  const suspend = useSuspendMember({ mutationConfig: { onSuccess: (answer) => dialog.succeeded(answer.message || "The member is suspended.") } });

  const unsuspend = useUnsuspendMember({
    mutationConfig: { onSuccess: (answer) => notify.success(answer.message || "The suspension is lifted.") },
  });
  const suspension = lookup.data?.suspension ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason && target) suspend.mutate({ userId: target.id, until: untilOf(period), reason });
  };

  if (suspendedOnPage?.suspension) {
    const { suspension } = suspendedOnPage;
    const liftLabel = `Lift the suspension of ${suspendedOnPage.name ?? "the author"}${authorOf ? ` (${authorOf.kind} ${authorOf.id})` : ""}`;
    const runLift = () =>
      unsuspend.mutate(
        { userId: suspendedOnPage.id },
        { onError: (error) => notify.error(apiErrorDetail(error) ?? "The suspension could not be lifted.") },
      );
    if (asMenuItem) {
      if (!withinReach(suspension.until, can.longestSuspensionDays)) return null;
      return (
        <MenuItem aria-label={liftLabel} disabled={unsuspend.isPending} onSelect={runLift}>
          Lift the suspension ({suspension.until ? `until ${formatTimestamp(suspension.until)}` : "for good"})
        </MenuItem>
      );
    }
    // A moderator lifts only what they could have set (the database refuses the rest).
    const lift = withinReach(suspension.until, can.longestSuspensionDays) && (
      <Button
        variant="ghost"
        size="small"
        isLoading={unsuspend.isPending}
        loadingText="Lifting..."
        aria-label={liftLabel}
        onClick={runLift}
      >
        Lift
      </Button>
    );
    // A member's own row (People) says the suspension already: Lift alone.
    if (member) return lift || null;
    return (
      <span className={styles.suspensionStatus}>
        <span>
          {suspendedOnPage.name ?? "The author"} is suspended {suspension.until ? `until ${formatTimestamp(suspension.until)}` : "for good"}
          {suspension.reason ? `: ${suspension.reason}` : ""}
        </span>
        {lift}
      </span>
    );
  }

  const suspendLabel = authorOf ? `Suspend the author of ${authorOf.kind} ${authorOf.id}` : `Suspend ${member.name ?? "the member"}`;
  return (
    <>
      {asMenuItem ? (
        <MenuItem aria-label={suspendLabel} onSelect={dialog.show}>
          {authorOf ? "Suspend author" : "Suspend"}
        </MenuItem>
      ) : (
        <Button variant="ghost" size="small" aria-label={suspendLabel} onClick={dialog.show}>
          {authorOf ? "Suspend author" : "Suspend"}
        </Button>
      )}
      <Dialog
        open={dialog.open}
        onClose={dialog.close}
        title={`Suspend ${target?.name ?? "the author"}`}
        description="A suspended member can still read, but cannot post, comment, vote, suggest or report."
      >
        <form className={formStyles.form} onSubmit={submit} noValidate>
          <SelectField label="For how long" options={offered} value={period} onChange={(event) => setPeriod(event.target.value as Period)} />
          <TextAreaField label="Reason (the member sees it)" rows={3} maxLength={500} value={dialog.reason} onChange={(event) => dialog.setReason(event.target.value)} />
          {suspension && target && (
            <div className={formStyles.field}>
              <p>
                {suspension.until ? `Suspended until ${formatTimestamp(suspension.until)}` : "Suspended for good"}
                {suspension.reason ? `: ${suspension.reason}` : ""}
              </p>
              <Button variant="secondary" isLoading={unsuspend.isPending} loadingText="Lifting..." onClick={() => unsuspend.mutate({ userId: target.id })}>
                Lift the suspension
              </Button>
              {unsuspend.isError && <FormAlert>{apiErrorDetail(unsuspend.error) ?? "The suspension could not be lifted."}</FormAlert>}
            </div>
          )}
          {lookup.data === null && <FormAlert>This account no longer exists.</FormAlert>}
          {lookup.isError && <FormAlert>{apiErrorDetail(lookup.error) ?? "The author could not be found."}</FormAlert>}
          {suspend.isError && <FormAlert>{apiErrorDetail(suspend.error) ?? "The member could not be suspended."}</FormAlert>}
          <div className={styles.cardActions}>
            <Button variant="secondary" onClick={dialog.close}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!reason || !target} isLoading={suspend.isPending} loadingText="Suspending...">
              Suspend
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** Whether a suspension until `until` (null: for good) ends within `days` from now. */
function withinReach(until: string | null, days: number): boolean {
  if (days === Infinity) return true;
  return until !== null && new Date(until).getTime() <= Date.now() + days * 86_400_000;
}
