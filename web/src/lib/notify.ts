import { toast } from "sonner";

/**
 * In-page messages instead of `window.alert` (SPEC §8 texts, word for word).
 * Sonner renders them in a polite live region, so screen readers announce them.
 */
export const notify = {
  success: (message: string, durationMs?: number) => toast.success(message, { duration: durationMs }),
  error: (message: string, durationMs?: number) => toast.error(message, { duration: durationMs ?? 8000 }),
  info: (message: string, durationMs?: number) => toast(message, { duration: durationMs }),
};
