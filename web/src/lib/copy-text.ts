import { notify } from "@/lib/notify";

/** Copies `text` and says so in a toast; where the browser refuses, the toast says what to do instead. */
export async function copyText(text: string, messages: { copied: string; failed: string }): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify.success(messages.copied);
  } catch {
    notify.error(messages.failed);
  }
}
