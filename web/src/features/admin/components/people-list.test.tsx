import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { AuthorizationProvider, capabilitiesOf } from "@/lib/authorization";
import type { Person } from "../api/get-people";

const get = vi.fn();
const post = vi.fn();
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  api: { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) },
}));

const { PeopleList } = await import("./people-list");

const person = (fields: Partial<Person>): Person => ({
  id: "00000000-0000-4000-8000-000000000001",
  displayName: "Ada Lovelace",
  email: "ada@example.com",
  joinedAt: "2026-01-02T10:00:00Z",
  lastSignInAt: null,
  role: "member",
  state: "active",
  suspendedUntil: null,
  suspensionReason: null,
  invitedAs: null,
  counts: { posts: 1, comments: 2, reportsAgainst: 0 },
  ...fields,
});

const ada = person({});
const sam = person({ id: "00000000-0000-4000-8000-000000000002", displayName: "Sam Stone", email: "sam@example.com", state: "suspended", suspendedUntil: null, suspensionReason: "Spam" });
// Until an invitee accepts, their name is the placeholder every nameless account has, and their role member.
const ivy = person({ id: "00000000-0000-4000-8000-000000000003", displayName: "Member", email: "ivy@example.com", role: "member", state: "invited", invitedAs: "moderator" });

function renderPeople(path = "/admin/people") {
  const router = createMemoryRouter([{ path: "/admin/people", element: <PeopleList /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AuthorizationProvider value={{ role: "admin", can: capabilitiesOf.admin, isLoading: false }}>
        <RouterProvider router={router} />
      </AuthorizationProvider>
    </QueryClientProvider>,
  );
  return router;
}

const rowOf = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

describe("People", () => {
  beforeEach(() => {
    get.mockReset();
    post.mockReset();
    get.mockImplementation((_path: string, { query }: { query: { cursor: string | null } }) =>
      Promise.resolve(query.cursor === null ? { people: [ada, sam], nextCursor: "after-sam" } : { people: [ivy], nextCursor: null }));
  });

  it("shows each person's name, e-mail, role, state and counts, and loads the next page on request", async () => {
    renderPeople();
    const adaRow = within(await screen.findByRole("row", { name: /Ada Lovelace/ }));
    expect(adaRow.getByText("ada@example.com")).toBeInTheDocument();
    expect(adaRow.getByText("Member")).toBeInTheDocument();
    expect(adaRow.getByText("Active")).toBeInTheDocument();
    expect(adaRow.getByText("Never")).toBeInTheDocument();
    expect(adaRow.getByText("1 post, 2 comments, 0 reports against")).toBeInTheDocument();
    expect(within(rowOf("Sam Stone")).getByText("Suspended")).toBeInTheDocument();
    expect(within(rowOf("Sam Stone")).getByRole("button", { name: "Lift the suspension of Sam Stone" })).toBeInTheDocument();
    expect(within(rowOf("Ada Lovelace")).getByRole("button", { name: "Suspend Ada Lovelace" })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    const ivyRow = within(await screen.findByRole("row", { name: /ivy@example.com/ }));
    expect(ivyRow.getByText("Invited as moderator")).toBeInTheDocument();
    expect(ivyRow.getByText("Invitation not accepted yet")).toBeInTheDocument();
    expect(ivyRow.getByRole("button", { name: "Resend invitation to ivy@example.com" })).toBeInTheDocument();
    expect(get).toHaveBeenLastCalledWith("/admin/people", expect.objectContaining({ query: expect.objectContaining({ cursor: "after-sam" }) }));
  });

  it("shows an invitee by their address and the role they are invited to, with no action that waits for their acceptance", async () => {
    get.mockResolvedValue({ people: [ivy], nextCursor: null });
    renderPeople();
    const row = await screen.findByRole("row", { name: /ivy@example.com/ });
    expect(within(row).queryByText("Member")).toBeNull();
    expect(within(row).getByRole("cell", { name: "Invited as moderator" })).toBeInTheDocument();
    expect(within(row).getAllByRole("button").map((button) => button.textContent)).toEqual(["Resend invitation"]);
  });

  it("searches when the typing pauses and keeps the search and filters in the address", async () => {
    const router = renderPeople("/admin/people?role=moderator");
    await screen.findByRole("row", { name: /Ada Lovelace/ });
    expect(screen.getByLabelText("Role")).toHaveValue("moderator");
    expect(get).toHaveBeenCalledWith("/admin/people", expect.objectContaining({ query: expect.objectContaining({ role: "moderator", q: "" }) }));

    await userEvent.type(screen.getByLabelText("Search by name or e-mail"), "lovelace");
    await waitFor(() => expect(router.state.location.search).toBe("?q=lovelace&role=moderator"));
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith("/admin/people", expect.objectContaining({ query: expect.objectContaining({ q: "lovelace", role: "moderator" }) })),
    );
    // One request for the whole word, not one per key.
    expect(get.mock.calls.filter(([, { query }]) => query.q && query.q !== "lovelace")).toEqual([]);

    await userEvent.selectOptions(screen.getByLabelText("State"), "suspended");
    expect(router.state.location.search).toBe("?q=lovelace&role=moderator&state=suspended");
  });

  it("changes a role with a required reason, and shows the server's refusal as given", async () => {
    post.mockRejectedValueOnce(new ApiError(409, "The archive needs at least one admin."));
    renderPeople();
    await userEvent.click(within(await screen.findByRole("row", { name: /Ada Lovelace/ })).getByRole("button", { name: "Change role of Ada Lovelace" }));
    const dialog = screen.getByRole("dialog", { name: "Change the role of Ada Lovelace" });
    const submit = within(dialog).getByRole("button", { name: "Change role" });
    await userEvent.selectOptions(within(dialog).getByLabelText("New role"), "moderator");
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText("Reason (kept in the moderation log)"), "Helps every day");
    await userEvent.click(submit);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The archive needs at least one admin.");
    expect(post).toHaveBeenCalledWith(`/admin/people/${ada.id}/role`, { role: "moderator", reason: "Helps every day" });
    expect(within(dialog).getByLabelText("Reason (kept in the moderation log)")).toHaveValue("Helps every day");
  });

  it("invites an address as a moderator or an admin", async () => {
    post.mockResolvedValueOnce({ person: ivy });
    renderPeople();
    await screen.findByRole("row", { name: /Ada Lovelace/ });
    await userEvent.click(screen.getByRole("button", { name: "Invite" }));
    const dialog = screen.getByRole("dialog", { name: "Invite to the team" });
    await userEvent.type(within(dialog).getByLabelText("E-mail"), " ivy@example.com ");
    await userEvent.selectOptions(within(dialog).getByLabelText("Role"), "admin");
    await userEvent.click(within(dialog).getByRole("button", { name: "Send the invitation" }));
    await waitFor(() => expect(post).toHaveBeenCalledWith("/admin/people/invite", { email: "ivy@example.com", role: "admin" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("the suspend dialog offers each role only what it may set", () => {
  it.each([
    ["moderator", ["1 day", "7 days", "30 days"]],
    ["admin", ["1 day", "7 days", "30 days", "For good"]],
  ] as const)("%s", async (role, periods) => {
    const { SuspendMemberButton } = await import("./suspend-member-button");
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthorizationProvider value={{ role, can: capabilitiesOf[role], isLoading: false }}>
          <SuspendMemberButton member={{ id: ada.id, name: "Ada Lovelace", suspension: null }} />
        </AuthorizationProvider>
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Suspend Ada Lovelace" }));
    const options = within(screen.getByLabelText("For how long")).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(periods);
  });
});

describe("Lift is offered for what the role may lift", () => {
  const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  it.each([
    ["moderator", inDays(7), true],
    ["moderator", inDays(60), false],
    ["moderator", null, false],
    ["admin", null, true],
  ] as const)("%s, a suspension until %s: %s", async (role, until, offered) => {
    const { SuspendMemberButton } = await import("./suspend-member-button");
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuthorizationProvider value={{ role, can: capabilitiesOf[role], isLoading: false }}>
          <SuspendMemberButton member={{ id: ada.id, name: "Ada Lovelace", suspension: { until, reason: "Spam" } }} />
        </AuthorizationProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryAllByRole("button", { name: "Lift the suspension of Ada Lovelace" })).toHaveLength(offered ? 1 : 0);
  });
});
