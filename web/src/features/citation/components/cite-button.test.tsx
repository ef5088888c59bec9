import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderWithQueries } from "@/testing/render-with-queries";

const get = vi.fn();
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  api: { get: (...args: unknown[]) => get(...args) },
}));
const success = vi.fn();
const error = vi.fn();
vi.mock("@/lib/notify", () => ({ notify: { success: (...args: unknown[]) => success(...args), error: (...args: unknown[]) => error(...args) } }));

const { CiteButton } = await import("./cite-button");

const bibtex = "@misc{Jane2026Live,\n\tauthor = {{Jane Doe}},\n}\n";
const answers: Record<string, unknown> = {
  apa: "Jane Doe. (2026, November 20). Live at the Fair. The Community Archive. https://archive.test/posts/7/history?revision=3\n",
  bibtex,
  "csl-json": [{ id: "post-7", title: "Live at the Fair" }],
};

describe("CiteButton", () => {
  beforeEach(() => {
    get.mockReset();
    success.mockReset();
    error.mockReset();
    get.mockImplementation((_path: string, options: { query: { format: string } }) => Promise.resolve(answers[options.query.format]));
  });

  it("opens the citation in APA first, switches format, and copies the one shown with a toast", async () => {
    const user = userEvent.setup();
    renderWithQueries(<CiteButton postId="7" />);
    await user.click(screen.getByRole("button", { name: "Cite" }));

    const dialog = await screen.findByRole("dialog", { name: "Cite this post" }, { timeout: 5000 });
    expect(dialog).toBeInTheDocument();
    expect(await screen.findByLabelText("APA citation")).toHaveTextContent("Jane Doe. (2026, November 20). Live at the Fair.");
    expect(get).toHaveBeenCalledWith("/api/posts/7/citation", expect.objectContaining({ query: { format: "apa", tz: Intl.DateTimeFormat().resolvedOptions().timeZone }, auth: false }));
    expect(screen.getAllByRole("radio").map((radio) => radio.parentElement?.textContent)).toEqual(["APA", "MLA", "Chicago", "BibTeX", "CSL-JSON"]);

    await user.click(screen.getByRole("radio", { name: "BibTeX" }));
    expect(await screen.findByLabelText("BibTeX citation")).toHaveTextContent("@misc{Jane2026Live,");
    await user.click(screen.getByRole("button", { name: "Copy BibTeX" }));
    expect(await navigator.clipboard.readText()).toBe(bibtex.trimEnd());
    expect(success).toHaveBeenCalledWith("BibTeX citation copied to clipboard");
  });

  it("dates the citation in the reader's zone, which the post page shows dates in, and says so", async () => {
    const user = userEvent.setup();
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockReturnValue({ timeZone: "America/Los_Angeles" } as Intl.ResolvedDateTimeFormatOptions);
    try {
      renderWithQueries(<CiteButton postId="7" />);
      await user.click(screen.getByRole("button", { name: "Cite" }));
      const dialog = await screen.findByRole("dialog", { name: "Cite this post" }, { timeout: 5000 });
      expect(dialog).toHaveAccessibleDescription(expect.stringContaining("in your time zone (America/Los Angeles)"));
      expect(get).toHaveBeenCalledWith("/api/posts/7/citation", expect.objectContaining({ query: { format: "apa", tz: "America/Los_Angeles" } }));
    } finally {
      zone.mockRestore();
    }
  });

  it("starts loading the APA citation when a pointer or the focus reaches the button, before the click", async () => {
    const user = userEvent.setup();
    renderWithQueries(<CiteButton postId="7" />);
    await user.hover(screen.getByRole("button", { name: "Cite" }));
    await waitFor(() => expect(get).toHaveBeenCalledWith("/api/posts/7/citation", expect.objectContaining({ query: expect.objectContaining({ format: "apa" }) })));
    await user.click(screen.getByRole("button", { name: "Cite" }));
    expect(await screen.findByLabelText("APA citation", {}, { timeout: 5000 })).toHaveTextContent("Jane Doe.");
    expect(get).toHaveBeenCalledTimes(1);
  });

  it("shows CSL-JSON as the indented JSON the API sent", async () => {
    const user = userEvent.setup();
    renderWithQueries(<CiteButton postId="7" />);
    await user.click(screen.getByRole("button", { name: "Cite" }));
    await user.click(await screen.findByRole("radio", { name: "CSL-JSON" }, { timeout: 5000 }));
    const text = await screen.findByLabelText("CSL-JSON citation");
    expect(text.textContent).toBe(JSON.stringify(answers["csl-json"], null, 2));
  });

  it("says so when the citation cannot be loaded", async () => {
    get.mockRejectedValue(new Error("offline"));
    const user = userEvent.setup();
    renderWithQueries(<CiteButton postId="7" />);
    await user.click(screen.getByRole("button", { name: "Cite" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Could not load the citation. Please try again."), { timeout: 5000 });
  });
});
