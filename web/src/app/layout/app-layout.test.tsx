import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/features/auth/hooks/use-session";

// The header reads the session and the role through these two hooks only.
const sessionMock = vi.fn<() => SessionState>();
const roleMock = vi.fn<(userId: string | undefined) => { isAdmin: boolean; isLoading: boolean }>();
vi.mock("@/features/auth/hooks/use-session", () => ({ useSession: () => sessionMock() }));
vi.mock("@/features/auth/api/get-role", () => ({ useRole: (userId: string | undefined) => roleMock(userId) }));
const signOut = vi.fn(async () => ({ error: null }));
vi.mock("@/lib/supabase", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/supabase")>()),
  getAuthClient: async () => ({ signOut }),
}));

const { AppLayout } = await import("./app-layout");

const signedOut: SessionState = { status: "signed-out", session: null, user: null };
const signedIn = (): SessionState =>
  ({
    status: "signed-in",
    session: {} as never,
    user: { id: "user-1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", displayName: "Ada Lovelace", pendingEmail: null },
  }) as SessionState;

function renderLayout(initialPath = "/contact") {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: AppLayout,
        children: [
          { index: true, element: <h1>Home screen</h1> },
          { path: "*", element: <h1>Other screen</h1> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const header = () => screen.getByRole("banner");

describe("header", () => {
  beforeEach(() => {
    roleMock.mockReturnValue({ isAdmin: false, isLoading: false });
    signOut.mockClear();
  });

  it("always has the banner, the site name link, the browse links and the info links", () => {
    sessionMock.mockReturnValue(signedOut);
    renderLayout();
    const h = within(header());
    expect(h.getByRole("link", { name: "The Community Archive" })).toHaveAttribute("href", "/");
    expect(h.getByRole("link", { name: "All posts" })).toHaveAttribute("href", "/posts/all");
    expect(h.getByRole("link", { name: "Timeline" })).toHaveAttribute("href", "/timeline");
    expect(h.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    expect(h.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    expect(h.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(h.getByText(/Help build the archive/)).toBeInTheDocument();
  });

  it("signed out: Suggest, Sign up and Log in; no Post, no user menu, no admin links", async () => {
    sessionMock.mockReturnValue(signedOut);
    renderLayout();
    const h = within(header());
    expect(h.getByRole("link", { name: "Suggest" })).toHaveAttribute("href", "/suggestion");
    expect(h.getByRole("button", { name: "Sign up" })).toBeInTheDocument();
    expect(h.getByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(h.queryByRole("link", { name: "Post" })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: /account menu/i })).not.toBeInTheDocument();
    expect(h.queryByText("Admin")).not.toBeInTheDocument();
    expect(roleMock).toHaveBeenCalledWith(undefined);
  });

  it("Sign up and Log in open labelled modal dialogs that link to each other", async () => {
    sessionMock.mockReturnValue(signedOut);
    const user = userEvent.setup();
    renderLayout();
    await user.click(within(header()).getByRole("button", { name: "Sign up" }));
    const signUp = await screen.findByRole("dialog", { name: "Sign up" });
    expect(await within(signUp).findByLabelText("First name", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(signUp).getByLabelText("I am 18 or older")).not.toBeChecked();
    await user.click(within(signUp).getByRole("button", { name: "Log in" }));
    const logIn = await screen.findByRole("dialog", { name: "Log in" });
    expect(await within(logIn).findByLabelText("E-mail", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(logIn).getByLabelText("Password")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("member: Suggest, a green Post link and the user menu with name, e-mail and Sign out", async () => {
    sessionMock.mockReturnValue(signedIn());
    const user = userEvent.setup();
    const router = renderLayout();
    const h = within(header());
    expect(h.getByRole("link", { name: "Suggest" })).toHaveAttribute("href", "/suggestion");
    expect(h.getByRole("link", { name: "Post" })).toHaveAttribute("href", "/create-post");
    expect(h.queryByRole("button", { name: "Sign up" })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: "Log in" })).not.toBeInTheDocument();
    expect(h.queryByText("Admin")).not.toBeInTheDocument();
    expect(h.queryByRole("link", { name: "Review" })).not.toBeInTheDocument();
    expect(roleMock).toHaveBeenCalledWith("user-1");

    const menuButton = h.getByRole("button", { name: "Account menu for Ada Lovelace" });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(h.getByText("Ada Lovelace")).toBeVisible();
    expect(h.getByText("ada@example.com")).toBeVisible();
    await user.click(h.getByRole("button", { name: "Sign out" }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/");
  });

  it("admin: additionally the Admin badge and the two admin links", () => {
    sessionMock.mockReturnValue(signedIn());
    roleMock.mockReturnValue({ isAdmin: true, isLoading: false });
    renderLayout();
    const h = within(header());
    expect(h.getByText("Admin")).toBeInTheDocument();
    expect(h.getByRole("link", { name: "Review" })).toHaveAttribute("href", "/admin/review");
    expect(h.getByRole("link", { name: "Suggestions" })).toHaveAttribute("href", "/admin/suggestions");
    expect(h.getByRole("link", { name: "Post" })).toBeInTheDocument();
  });

  it("shows the footer links and the screen", () => {
    sessionMock.mockReturnValue(signedOut);
    renderLayout("/");
    expect(screen.getByRole("heading", { name: "Home screen" })).toBeInTheDocument();
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
  });
});
