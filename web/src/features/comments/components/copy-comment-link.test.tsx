import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const success = vi.fn();
const error = vi.fn();
vi.mock("@/lib/notify", () => ({ notify: { success: (...args: unknown[]) => success(...args), error: (...args: unknown[]) => error(...args) } }));

const { CopyCommentLink } = await import("./copy-comment-link");

describe("CopyCommentLink", () => {
  const original = Object.getOwnPropertyDescriptor(navigator, "clipboard");
  const permalink = `${window.location.origin}/posts/7#comment-12`;

  beforeEach(() => {
    success.mockReset();
    error.mockReset();
  });

  afterEach(() => {
    if (original) Object.defineProperty(navigator, "clipboard", original);
    else Reflect.deleteProperty(navigator, "clipboard");
  });

  it("copies the comment's absolute permalink and says so", async () => {
    render(<CopyCommentLink postId={7} commentId={12} />);
    // userEvent installs its own clipboard on setup: the stub goes in after it.
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith("Link copied"));
    expect(writeText).toHaveBeenCalledWith(permalink);
    expect(error).not.toHaveBeenCalled();
  });

  it("shows the link to copy by hand where there is no clipboard", async () => {
    render(<CopyCommentLink postId={7} commentId={12} />);
    const user = userEvent.setup();
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true });
    await user.click(screen.getByRole("button", { name: "Copy link" }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(`Could not copy the link. Copy it from here: ${permalink}`));
    expect(success).not.toHaveBeenCalled();
  });
});
