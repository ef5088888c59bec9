/** A reject call's body: the reason when one was written, else none (as SPEC's calls send). */
export function rejectionBody(reason: string | undefined): { reason: string } | undefined {
  const trimmed = reason?.trim();
  return trimmed ? { reason: trimmed } : undefined;
}
