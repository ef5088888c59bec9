import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionState } from "@/features/auth/hooks/use-session";
import { setScreenWidth } from "@/testing/screen-width";

// The header reads the session and the role through these two hooks only.
const sessionMock = vi.fn<() => SessionState>();
type RoleAnswer = { role: "admin" | "moderator" | "user"; isLoading: boolean };
const roleMock = vi.fn<(userId: string | undefined) => RoleAnswer>();
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

const header = () => within(screen.getByRole("banner"));

/** Renders the layout at `initialPath`: a user to act, the router to read where it went, and the header's queries. */
function renderLayout(initialPath = "/contact") {
  const user = userEvent.setup();
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
  return { user, router, h: header() };
}

const where = (router: ReturnType<typeof renderLayout>["router"]) => router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  sessionMock.mockReturnValue(signedOut);
  roleMock.mockReturnValue({ role: "user", isLoading: false });
  signOut.mockClear();
});

describe("header on a wide screen (1280 px)", () => {
  beforeEach(() => setScreenWidth(1280));

  it("has the banner, the site name, the browse links, and the info links under About", async () => {
    const { user, h } = renderLayout();
    expect(h.getByRole("link", { name: "The Community Archive" })).toHaveAttribute("href", "/");
    expect(h.getByRole("link", { name: "All posts" })).toHaveAttribute("href", "/posts/all");
    expect(h.getByRole("link", { name: "Timeline" })).toHaveAttribute("href", "/timeline");
    expect(h.getByText(/Help build the archive/)).toBeInTheDocument();
    expect(h.queryByRole("button", { name: "Menu" })).not.toBeInTheDocument();

    const about = h.getByRole("button", { name: "About" });
    expect(h.queryByRole("link", { name: "Contact" })).not.toBeInTheDocument();
    await user.click(about);
    expect(about).toHaveAttribute("aria-expanded", "true");
    expect(h.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
    expect(h.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    expect(h.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    expect(h.getByRole("link", { name: "Contact" })).toHaveFocus();
  });

  it("signed out: Suggest, Sign up and Log in; no Post, no user menu, no admin menu", () => {
    const { h } = renderLayout();
    expect(h.getByRole("link", { name: "Suggest" })).toHaveAttribute("href", "/suggestion");
    expect(h.getByRole("button", { name: "Sign up" })).toBeInTheDocument();
    expect(h.getByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(h.queryByRole("link", { name: "Post" })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: /account menu/i })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: "Admin" })).not.toBeInTheDocument();
    expect(roleMock).toHaveBeenCalledWith(undefined);
  });

  it("Sign up and Log in open labelled modal dialogs that link to each other", async () => {
    const { user } = renderLayout();
    await user.click(header().getByRole("button", { name: "Sign up" }));
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
    const { user, router, h } = renderLayout();
    expect(h.getByRole("link", { name: "Suggest" })).toHaveAttribute("href", "/suggestion");
    expect(h.getByRole("link", { name: "Post" })).toHaveAttribute("href", "/create-post");
    expect(h.queryByRole("button", { name: "Sign up" })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: "Log in" })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: "Admin" })).not.toBeInTheDocument();
    expect(roleMock).toHaveBeenCalledWith("user-1");

    const menuButton = h.getByRole("button", { name: "Account menu for Ada Lovelace" });
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute("aria-expanded", "true");
    expect(h.getByText("Ada Lovelace")).toBeVisible();
    expect(h.getByText("ada@example.com")).toHaveAttribute("title", "ada@example.com");
    expect(h.getByRole("link", { name: "My contributions" })).toHaveAttribute("href", "/me");
    await user.keyboard("{Escape}");
    expect(menuButton).toHaveAttribute("aria-expanded", "false");
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(h.getByRole("button", { name: "Sign out" }));
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe("/");
  });

  it("moderator: the Moderator badge is one menu holding Review, Suggestions and Log, never People", async () => {
    sessionMock.mockReturnValue(signedIn());
    roleMock.mockReturnValue({ role: "moderator", isLoading: false });
    const { user, h } = renderLayout();
    expect(h.queryByRole("button", { name: "Admin" })).not.toBeInTheDocument();
    await user.click(h.getByRole("button", { name: "Moderator" }));
    expect(h.getByRole("link", { name: "Review" })).toHaveAttribute("href", "/admin/review");
    expect(h.getByRole("link", { name: "Suggestions" })).toHaveAttribute("href", "/admin/suggestions");
    expect(h.getByRole("link", { name: "Log" })).toHaveAttribute("href", "/admin/moderation-log");
    expect(h.queryByRole("link", { name: "People" })).not.toBeInTheDocument();
  });

  it("member: no team menu", () => {
    sessionMock.mockReturnValue(signedIn());
    renderLayout();
    expect(header().queryByRole("button", { name: /^(Admin|Moderator)$/ })).not.toBeInTheDocument();
  });

  it("admin: the Admin badge is one menu holding Review, Suggestions, Log and People", async () => {
    sessionMock.mockReturnValue(signedIn());
    roleMock.mockReturnValue({ role: "admin", isLoading: false });
    const { user, router, h } = renderLayout();
    const admin = h.getByRole("button", { name: "Admin" });
    expect(h.queryByRole("link", { name: "Review" })).not.toBeInTheDocument();
    await user.click(admin);
    expect(h.getByRole("link", { name: "Review" })).toHaveAttribute("href", "/admin/review");
    expect(h.getByRole("link", { name: "Suggestions" })).toHaveAttribute("href", "/admin/suggestions");
    expect(h.getByRole("link", { name: "Log" })).toHaveAttribute("href", "/admin/moderation-log");
    expect(h.getByRole("link", { name: "People" })).toHaveAttribute("href", "/admin/people");
    expect(h.getByRole("link", { name: "Post" })).toBeInTheDocument();

    await user.click(h.getByRole("link", { name: "Review" }));
    expect(router.state.location.pathname).toBe("/admin/review");
    expect(admin).toHaveAttribute("aria-expanded", "false");
    expect(h.queryByRole("link", { name: "Review" })).not.toBeInTheDocument();
  });

  it("the search field goes to All posts' results for the words typed, and empties itself", async () => {
    const { user, router } = renderLayout();
    const field = header().getByRole("searchbox", { name: "Search posts" });
    await user.type(field, "  northbound radio {Enter}");
    expect(where(router)).toBe("/posts/all?search=northbound+radio");
    expect(field).toHaveValue("");
  });
});

describe("header on a phone (360 px)", () => {
  beforeEach(() => setScreenWidth(360));

  it("a visitor's bar has the site name, search, Log in and the menu button; the menu holds the rest", async () => {
    const { user, h } = renderLayout();
    expect(h.getByRole("link", { name: "The Community Archive" })).toBeInTheDocument();
    expect(h.getByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(h.queryByRole("link", { name: "All posts" })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: "Sign up" })).not.toBeInTheDocument();

    const menu = h.getByRole("button", { name: "Menu" });
    expect(menu).toHaveAttribute("aria-expanded", "false");
    await user.click(menu);
    expect(menu).toHaveAttribute("aria-expanded", "true");
    const panel = document.getElementById(menu.getAttribute("aria-controls") ?? "");
    expect(panel).toBeVisible();
    const inPanel = within(panel as HTMLElement);
    expect(inPanel.getByRole("link", { name: "All posts" })).toHaveFocus();
    for (const name of ["Timeline", "Contact", "Terms of Service", "Privacy Policy", "Suggest"]) {
      expect(inPanel.getByRole("link", { name })).toBeInTheDocument();
    }
    expect(inPanel.getByRole("button", { name: "Sign up" })).toBeInTheDocument();
    expect(inPanel.getByRole("button", { name: "Dark theme" })).toHaveAttribute("aria-pressed", "false");

    await user.keyboard("{Escape}");
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(menu).toHaveFocus();
    expect(panel).not.toBeVisible();
  });

  it("a link in the menu goes to its page and closes the menu", async () => {
    const { user, router } = renderLayout("/");
    const menu = header().getByRole("button", { name: "Menu" });
    await user.click(menu);
    await user.click(header().getByRole("link", { name: "Timeline" }));
    expect(router.state.location.pathname).toBe("/timeline");
    expect(menu).toHaveAttribute("aria-expanded", "false");
    expect(menu).toHaveFocus();
  });

  it("Sign up in the menu closes it and opens the dialog, which gives focus back to the menu button", async () => {
    const { user } = renderLayout();
    const menu = header().getByRole("button", { name: "Menu" });
    await user.click(menu);
    await user.click(header().getByRole("button", { name: "Sign up" }));
    expect(menu).toHaveAttribute("aria-expanded", "false");
    await screen.findByRole("dialog", { name: "Sign up" });
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
  });

  it("an admin's bar has Post; the menu has the admin's links and the account's, the e-mail in full", async () => {
    sessionMock.mockReturnValue(signedIn());
    roleMock.mockReturnValue({ role: "admin", isLoading: false });
    const { user, h } = renderLayout();
    expect(h.getByRole("link", { name: "Post" })).toHaveAttribute("href", "/create-post");
    expect(h.queryByRole("button", { name: /account menu/i })).not.toBeInTheDocument();
    expect(h.queryByRole("button", { name: "Log in" })).not.toBeInTheDocument();

    await user.click(h.getByRole("button", { name: "Menu" }));
    const admin = h.getByRole("navigation", { name: "Admin" });
    expect(within(admin).getByRole("link", { name: "Review" })).toHaveAttribute("href", "/admin/review");
    expect(within(admin).getByRole("link", { name: "Suggestions" })).toHaveAttribute("href", "/admin/suggestions");
    expect(within(admin).getByRole("link", { name: "Log" })).toHaveAttribute("href", "/admin/moderation-log");
    const account = h.getByRole("navigation", { name: "Account" });
    expect(within(account).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(account).getByText("ada@example.com")).toHaveAttribute("title", "ada@example.com");
    expect(within(account).getByRole("link", { name: "Your account" })).toHaveAttribute("href", "/account");
    expect(within(account).getByRole("button", { name: "Sign out" })).toBeInTheDocument();
  });

  it("the search button opens a field below the bar that goes to All posts' results", async () => {
    const { user, router } = renderLayout();
    const open = header().getByRole("button", { name: "Search" });
    expect(header().queryByRole("searchbox")).not.toBeInTheDocument();
    await user.click(open);
    expect(open).toHaveAttribute("aria-expanded", "true");
    const field = header().getByRole("searchbox", { name: "Search posts" });
    expect(field).toHaveFocus();
    await user.type(field, "harbour");
    await user.click(header().getByRole("button", { name: "Find posts" }));
    expect(where(router)).toBe("/posts/all?search=harbour");
    expect(open).toHaveAttribute("aria-expanded", "false");
  });
});

describe("footer", () => {
  it("shows the footer links and the screen", () => {
    renderLayout("/");
    expect(screen.getByRole("heading", { name: "Home screen" })).toBeInTheDocument();
    const footer = within(screen.getByRole("contentinfo"));
    expect(footer.getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/contact");
  });
});
