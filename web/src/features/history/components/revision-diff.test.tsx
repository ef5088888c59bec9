import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { aSnapshot } from "@/testing/post-fixture";
import type { RevisionFields, RevisionWithFields } from "../api/get-revision";
import { RevisionDiff } from "./revision-diff";

const fields = aSnapshot({ excerpt: "A barn record.", content: "Recorded in a barn over three weeks." });

const revision = (id: number, changed: Partial<RevisionFields>): RevisionWithFields => ({
  id,
  post_id: 4,
  kind: "suggestion",
  author_name: "Sol Suggester",
  reason: "The barn was converted.",
  changed_fields: Object.keys(changed),
  content_hidden: false,
  created_at: "2026-11-20T10:00:00Z",
  fields: { ...fields, ...changed },
});

/** A revision as everyone but admins reads it once an admin hid its content. */
const hidden = (id: number): RevisionWithFields => ({ ...revision(id, {}), reason: null, content_hidden: true, fields: null });

describe("RevisionDiff", () => {
  it("shows only the fields the revision changed, the previous beside this one, words marked", () => {
    render(
      <RevisionDiff
        comparison={{ previous: revision(1, {}), revision: revision(2, { content: "Recorded in a converted barn over three weeks.", tags: ["music", "album"] }) }}
      />,
    );
    expect(screen.getAllByRole("group").map((group) => group.getAttribute("aria-label"))).toEqual(["Content change", "Tags change"]);
    const content = screen.getByRole("group", { name: "Content change" });
    expect(within(content).getByText("Previous revision")).toBeInTheDocument();
    expect(within(content).getByText("This revision")).toBeInTheDocument();
    expect(within(screen.getByTestId("after-content")).getByText("converted", { selector: "ins", exact: false })).toBeInTheDocument();
    expect(screen.getByTestId("before-content").querySelector("ins")).toBeNull();
    expect(screen.getByTestId("before-content")).toHaveTextContent("Recorded in a barn over three weeks.");
    // Short values are shown whole, not diffed.
    expect(screen.getByTestId("after-tags")).toHaveTextContent("music, album");
    expect(screen.getByTestId("after-tags").querySelector("ins")).toBeNull();
  });

  it("shows the first revision against nothing", () => {
    render(<RevisionDiff comparison={{ previous: null, revision: revision(1, {}) }} />);
    expect(screen.getByRole("group", { name: "Title change" })).toHaveTextContent("Before publication");
    expect(screen.getByTestId("before-title")).toHaveTextContent("(empty)");
    expect(screen.getByTestId("after-title")).toHaveTextContent("The first album");
  });

  it("says so when a revision changed no field (an admin's note on a media change)", () => {
    render(<RevisionDiff comparison={{ previous: revision(1, {}), revision: revision(2, {}) }} />);
    expect(screen.getByText("No field changed in this revision.")).toBeInTheDocument();
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("names content an admin hid instead of comparing it", () => {
    render(<RevisionDiff comparison={{ previous: revision(1, {}), revision: hidden(2) }} />);
    expect(screen.getByText("Content hidden by an admin.")).toBeInTheDocument();
    expect(screen.queryByRole("group")).toBeNull();
  });

  it("says so when the previous revision's content is hidden, and compares nothing", () => {
    render(<RevisionDiff comparison={{ previous: hidden(1), revision: revision(2, { content: "Recorded in a converted barn." }) }} />);
    expect(screen.getByText("The previous revision's content is hidden by an admin, so this revision cannot be compared with it.")).toBeInTheDocument();
    expect(screen.queryByRole("group")).toBeNull();
  });
});
