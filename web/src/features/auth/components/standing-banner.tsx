import { Link } from "react-router";
import { Notice } from "@/components/ui/notice";
import { paths } from "@/config/paths";
import { useCanTakePart } from "../hooks/use-can-take-part";
import { standingHeadline } from "../utils/standing-text";

/**
 * On every page for a member who cannot take part (suspended, or without the
 * 18+ confirmation): until when and why, and that reading still works, so
 * they learn it here rather than from a write that fails.
 */
export function StandingBanner() {
  const { standing } = useCanTakePart();
  // An invitee confirms 18+ on the invitation page, which they are sent to.
  if (!standing || standing.invitation) return null;
  const { suspension } = standing;
  return (
    <Notice tone="warning" title={standingHeadline(standing)}>
      {suspension?.reason && <p>Reason: {suspension.reason}</p>}
      <p>
        You can still read everything. Posting, commenting, voting, suggesting and reporting are closed
        {suspension?.until ? " until then" : ""}. Questions? <Link to={paths.contact}>Contact the admins</Link>.
      </p>
    </Notice>
  );
}
