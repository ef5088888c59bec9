import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTimeZone } from "./use-time-zone";

/** Shows the zone, and records it at each render. */
function Zone({ renders }: { renders: string[] }) {
  const zone = useTimeZone();
  renders.push(zone);
  return <p>{zone}</p>;
}

describe("useTimeZone", () => {
  let container: HTMLDivElement;
  beforeEach(() => {
    // React's own roots under act(), as Testing Library's render sets up.
    vi.stubGlobal("IS_REACT_ACT_ENVIRONMENT", true);
    // The browser's zone, as browserTimeZone reads it (Temporal first).
    vi.stubGlobal("Temporal", { Now: { timeZoneId: () => "America/New_York" } });
    container = document.createElement("div");
    document.body.append(container);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    container.remove();
  });

  it("is the server's zone (UTC) when rendered on the server", () => {
    expect(renderToString(<Zone renders={[]} />)).toBe("<p>UTC</p>");
  });

  it("hydrates the server's text without a mismatch, then shows the browser's zone", async () => {
    container.innerHTML = renderToString(<Zone renders={[]} />);
    const renders: string[] = [];
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Zone renders={renders} />, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(renders).toEqual(["UTC", "America/New_York"]);
    expect(container.textContent).toBe("America/New_York");
    act(() => root.unmount());
  });

  it("is the browser's zone from the first render where nothing is hydrated", () => {
    const renders: string[] = [];
    const root = createRoot(container);
    act(() => root.render(<Zone renders={renders} />));
    expect(renders).toEqual(["America/New_York"]);
    expect(container.textContent).toBe("America/New_York");
    act(() => root.unmount());
  });
});
