import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import type { AuthUser } from "../hooks/use-session";

// Auth's answer to updateUser, and the api's to POST /api/me/invitation.
const updateUser = vi.fn();
vi.mock("@/lib/supabase", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/supabase")>()),
  getAuthClient: async () => ({ updateUser }),
}));
const post = vi.fn();
vi.mock("@/lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/api-client")>()),
  api: { post: (...args: unknown[]) => post(...args) },
}));

const { InvitationForm } = await import("./invitation-form");

const invitee: AuthUser = { id: "u1", email: "ivy@example.com", firstName: "", lastName: "", displayName: "ivy@example.com", pendingEmail: null };

function renderForm() {
  const onAccepted = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <InvitationForm user={invitee} onAccepted={onAccepted} />
    </QueryClientProvider>,
  );
  return onAccepted;
}

async function fillIn({ confirm = "a-good-secret", adult = true } = {}) {
  await userEvent.type(screen.getByLabelText("First name"), "Ivy");
  await userEvent.type(screen.getByLabelText("Last name"), "Moss");
  await userEvent.type(screen.getByLabelText("Password"), "a-good-secret");
  await userEvent.type(screen.getByLabelText("Repeat the password"), confirm);
  if (adult) await userEvent.click(screen.getByLabelText("I am 18 or older"));
  await userEvent.click(screen.getByRole("button", { name: "Join the team" }));
}

describe("the invitation page's form", () => {
  it("checks the fields as sign-up does, and sends nothing until they are right", async () => {
    updateUser.mockReset();
    renderForm();
    await fillIn({ confirm: "another-secret", adult: false });
    expect(await screen.findByText("The passwords do not match")).toBeInTheDocument();
    expect(screen.getByText("You must be 18 or older to create an account")).toBeInTheDocument();
    expect(updateUser).not.toHaveBeenCalled();
  });

  it("sets the password and names through Auth, then accepts the invitation", async () => {
    updateUser.mockReset().mockResolvedValue({ data: {}, error: null });
    post.mockReset().mockResolvedValue({ role: "moderator" });
    const onAccepted = renderForm();
    await fillIn();
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith("moderator"));
    expect(updateUser).toHaveBeenCalledWith({ password: "a-good-secret", data: { first_name: "Ivy", last_name: "Moss" } });
    expect(post).toHaveBeenCalledWith("/api/me/invitation", { firstName: "Ivy", lastName: "Moss", adultConfirmed: true });
  });

  it("shows a refusal in place and keeps what was typed; sent again, Auth's 'same password' lets the acceptance through", async () => {
    updateUser.mockReset().mockResolvedValueOnce({ data: {}, error: null }).mockResolvedValue({ data: {}, error: { code: "same_password", message: "same" } });
    post.mockReset().mockRejectedValueOnce(new ApiError(404, "There is no invitation waiting for this account.")).mockResolvedValue({ role: "admin" });
    const onAccepted = renderForm();
    await fillIn();
    expect(await screen.findByRole("alert")).toHaveTextContent("There is no invitation waiting for this account.");
    expect(screen.getByLabelText("First name")).toHaveValue("Ivy");
    expect(screen.getByLabelText("Password")).toHaveValue("a-good-secret");
    expect(screen.getByLabelText("I am 18 or older")).toBeChecked();

    await userEvent.click(screen.getByRole("button", { name: "Join the team" }));
    await waitFor(() => expect(onAccepted).toHaveBeenCalledWith("admin"));
  });
});
