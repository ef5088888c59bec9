import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithQueries } from "@/testing/render-with-queries";

vi.mock("@/lib/api-client", () => import("@/testing/api-client-stub").then((stub) => stub.apiClientWithStubs()));

const { CommentForm } = await import("./comment-form");

describe("CommentForm", () => {
  it("previews the comment as it will read, under a line of formatting help, and keeps the words for writing on", async () => {
    const user = userEvent.setup();
    renderWithQueries(<CommentForm postId={1} signedIn />);
    const form = screen.getByRole("form", { name: "Add a comment" });
    expect(within(form).getByText(/^Markdown: \*\*bold\*\*/)).toBeInTheDocument();

    await user.click(within(form).getByRole("button", { name: "Preview" }));
    expect(within(form).getByRole("region", { name: "Comment preview" })).toHaveTextContent("Nothing to preview yet.");
    await user.click(within(form).getByRole("button", { name: "Write" }));
    await user.type(within(form).getByRole("textbox", { name: "Add a comment" }), "# Agreed{enter}{enter}A **fine** point.");

    await user.click(within(form).getByRole("button", { name: "Preview" }));
    expect(within(form).getByRole("button", { name: "Preview" })).toHaveAttribute("aria-pressed", "true");
    const preview = within(form).getByRole("region", { name: "Comment preview" });
    // Under the Comments h2, the comment's own top heading is an h3.
    expect(await within(preview).findByRole("heading", { level: 3, name: "Agreed" }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(preview).getByText("fine").tagName).toBe("STRONG");
    expect(within(form).queryByRole("textbox")).toBeNull();

    await user.click(within(form).getByRole("button", { name: "Write" }));
    expect(within(form).getByRole("textbox", { name: "Add a comment" })).toHaveValue("# Agreed\n\nA **fine** point.");
    expect(within(form).getByRole("button", { name: "Post Comment" })).toBeEnabled();
  });
});
