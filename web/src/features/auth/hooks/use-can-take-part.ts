import { useStanding, type Standing } from "../api/get-standing";
import { useSession } from "./use-session";

export type TakingPart = {
  /** Signed in and neither suspended nor without the 18+ confirmation (as far as known). */
  canTakePart: boolean;
  /** Why not, for a signed-in member who cannot; null otherwise. */
  standing: Standing | null;
  blocked: boolean;
};

/**
 * Whether the signed-in user may write (post, comment, vote, suggest,
 * report), so screens offer only what would not fail. Until the answer
 * comes, they may: the database refuses anyway, with its message.
 */
export function useCanTakePart(): TakingPart {
  const session = useSession();
  const userId = session.status === "signed-in" ? session.user.id : undefined;
  const standing = useStanding(userId);
  const blocked = Boolean(standing && (standing.suspension || !standing.adultConfirmed));
  return { canTakePart: Boolean(userId) && !blocked, standing: blocked ? standing : null, blocked };
}
