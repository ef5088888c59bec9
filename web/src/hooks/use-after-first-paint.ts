import { startTransition, useEffect, useState } from "react";
import { useFirstScreen } from "./use-first-screen";

/**
 * False while the calling component's first content is being painted, true
 * once it is on screen: one frame after `ready` turns true, or after
 * `maxWaitMs` whatever `ready` says. Work that would compete with that paint
 * for the network or the main thread (the markdown renderer, the comments)
 * waits for it, so a post's title, image and excerpt come first. The switch is
 * a transition, so React renders that work in slices that let input through.
 * A first screen the server rendered is painted already: true from the start.
 */
export function useAfterFirstPaint(ready = true, maxWaitMs = 1500): boolean {
  const firstScreen = useFirstScreen();
  const [painted, setPainted] = useState(firstScreen);

  useEffect(() => {
    if (painted) return;
    const timeout = setTimeout(() => startTransition(() => setPainted(true)), maxWaitMs);
    return () => clearTimeout(timeout);
  }, [painted, maxWaitMs]);

  useEffect(() => {
    if (!ready || painted) return;
    // The first callback runs before the next frame; the second one frame later, when the first is on screen.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => startTransition(() => setPainted(true)));
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, painted]);

  return painted;
}
