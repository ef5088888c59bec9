import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";

/** Whether a card's rejection form is open; closing it gives the focus back to the button that opened it. */
export function useRejection() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return {
    open,
    buttonRef,
    toggle: () => setOpen((isOpen) => !isOpen),
    close: () => {
      setOpen(false);
      buttonRef.current?.focus();
    },
  };
}

type Props = {
  /** "Approve" or "Accept". */
  approveLabel: string;
  /** "Reject" or "Deny": opens the card's RejectionForm. */
  rejectLabel: string;
  /** The card's heading, for screen readers. */
  describedBy: string;
  reviewing: boolean;
  rejection: ReturnType<typeof useRejection>;
  onApprove: () => void;
};

/** A review card's two decisions: approve at once, or open the rejection form. */
export function DecisionButtons({ approveLabel, rejectLabel, describedBy, reviewing, rejection, onApprove }: Props) {
  return (
    <>
      <Button variant="success" size="small" disabled={reviewing} aria-describedby={describedBy} onClick={onApprove}>
        {approveLabel}
      </Button>
      <Button
        ref={rejection.buttonRef}
        variant="danger"
        size="small"
        disabled={reviewing}
        aria-describedby={describedBy}
        aria-expanded={rejection.open}
        onClick={rejection.toggle}
      >
        {rejectLabel}
      </Button>
    </>
  );
}
