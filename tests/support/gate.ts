/**
 * A promise one step of a test waits on, and the call that lets it through:
 * for steps that must happen in order across concurrent work (a lock taken
 * before requests go out, paused clients released at the end).
 */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
