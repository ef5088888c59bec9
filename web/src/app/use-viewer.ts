import { useSession } from "@/features/auth/hooks/use-session";
import { anonViewer, type Viewer } from "@/lib/query-keys";

/** Whose answers the caches hold (query keys carry it): the signed-in user's id, or "anon". */
export function useViewer(): Viewer {
  const { user } = useSession();
  return user?.id ?? anonViewer;
}
