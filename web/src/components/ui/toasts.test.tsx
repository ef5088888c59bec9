import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notify } from "@/lib/notify";
import { Toasts } from "./toasts";

describe("Toasts", () => {
  it("shows toasts at the bottom of the screen, clear of the page's controls at the top", async () => {
    render(<Toasts />);
    notify.success("Saved.");
    expect(await screen.findByText("Saved.")).toBeInTheDocument();
    const toaster = document.querySelector("[data-sonner-toaster]");
    expect(toaster).toHaveAttribute("data-y-position", "bottom");
  });
});
