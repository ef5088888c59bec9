import { lazy, Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
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
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="small"
        // A page has many comments: their buttons say which one.
        aria-label={target.kind === "comment" ? `Report comment ${target.id}` : "Report this post"}
        onClick={() => {
          if (signedIn) {
            setEverOpened(true);
            setOpen(true);
          } else {
            notify.error(`Please sign in to report a ${target.kind}.`, onSignIn ? { action: { label: "Log in", onClick: onSignIn } } : {});
          }
        }}
      >
        Report
      </Button>
      {everOpened && (
        <Suspense fallback={null}>
          <ReportDialog target={target} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
