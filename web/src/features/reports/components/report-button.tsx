import { lazy } from "react";
import { Button } from "@/components/ui/button";
import { LazyDialog } from "@/components/ui/lazy-dialog";
import { useMembersOnlyDialog } from "@/hooks/use-members-only-dialog";
import type { ReportTarget } from "../api/report-item";

// The dialog loads on the first click, not with the post page.
const ReportDialog = lazy(() => import("./report-dialog").then((module) => ({ default: module.ReportDialog })));

export type ReportButtonProps = {
  target: ReportTarget;
  /** Visitors are asked to sign in instead. */
  signedIn: boolean;
  onSignIn?: () => void;
};

/** 'Report' on a post or a comment: opens the dialog that asks for the reason. */
export function ReportButton({ target, signedIn, onSignIn }: ReportButtonProps) {
  const dialog = useMembersOnlyDialog(signedIn, `Please sign in to report a ${target.kind}.`, onSignIn);
  return (
    <>
      <Button
        variant="ghost"
        size="small"
        // A page has many comments: their buttons say which one.
        aria-label={target.kind === "comment" ? `Report comment ${target.id}` : "Report this post"}
        onClick={dialog.request}
      >
        Report
      </Button>
      <LazyDialog everOpened={dialog.everOpened}>
        <ReportDialog target={target} open={dialog.open} onClose={dialog.close} />
      </LazyDialog>
    </>
  );
}
