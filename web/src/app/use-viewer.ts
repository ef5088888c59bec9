import { useSession } from "@/features/auth/hooks/use-session";
import { anonViewer, pendingViewer, type Viewer } from "@/lib/query-keys";

/** Whose answers the caches hold (query keys carry it): the signed-in user's id, or "anon". */
export function useViewer(): Viewer {
  const session = useSession();
  if (session.status === "loading") return pendingViewer;
  return session.user?.id ?? anonViewer;
}
