import type { toast as sonnerToast } from "sonner";

type Toast = typeof sonnerToast;
export type NotifyOptions = {
  /** How long the toast stays, in milliseconds. */
  durationMs?: number;
  /** A button in the toast (e.g. "Log in" after a signed-out action). */
  action?: { label: string; onClick: () => void };
};

/**
 * Sonner is loaded with the first toast, not with the page: no page needs it
 * to paint. `<Toasts />` (components/ui/toasts.tsx, in the app providers)
 * mounts sonner's Toaster when `requestToaster` asks, then `toasterMounted`
 * lets the waiting toasts through.
 */
let requestToasterListener: (() => void) | undefined;
let requested = false;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by `<Toasts />`: how to mount the Toaster (at once if a toast is already waiting). */
export function onToasterRequested(listener: () => void): () => void {
  requestToasterListener = listener;
  if (requested) listener();
  return () => {
    if (requestToasterListener === listener) requestToasterListener = undefined;
  };
}

/** Called by `<Toasts />` once sonner's Toaster is mounted and listening. */
export function toasterMounted() {
  markMounted();
}

function show(send: (toast: Toast) => void) {
  if (!requested) {
    requested = true;
    requestToasterListener?.();
  }
  void mounted
    .then(() => import("sonner"))
    .then(({ toast }) => send(toast))
    .catch((error: unknown) => console.error("Toast could not be shown", error));
}

const toastOptions = (options: NotifyOptions, fallbackMs?: number) => ({
  duration: options.durationMs ?? fallbackMs,
  action: options.action,
});

/**
 * In-page messages instead of `window.alert` (SPEC §8 texts, word for word).
 * Sonner renders them in a polite live region, so screen readers announce them.
 * The second argument is a duration in milliseconds or the options.
 */
export const notify = {
  success: (message: string, options: number | NotifyOptions = {}) =>
    show((toast) => toast.success(message, toastOptions(typeof options === "number" ? { durationMs: options } : options))),
  error: (message: string, options: number | NotifyOptions = {}) =>
    show((toast) => toast.error(message, toastOptions(typeof options === "number" ? { durationMs: options } : options, 8000))),
  info: (message: string, options: number | NotifyOptions = {}) =>
    show((toast) => toast(message, toastOptions(typeof options === "number" ? { durationMs: options } : options))),
};
