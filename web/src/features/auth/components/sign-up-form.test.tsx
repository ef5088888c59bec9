import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { signUpSchema } from "../schemas";

// Supabase Auth's answer to signUp: a session when no e-mail confirmation is needed.
const authSignUp = vi.fn();
vi.mock("@/lib/supabase", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/supabase")>()),
  getAuthClient: async () => ({ signUp: authSignUp }),
}));

const { SignUpForm } = await import("./sign-up-form");

const validValues = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: "correct horse", adultConfirmed: true };

describe("signUpSchema", () => {
  it("accepts a complete form and trims names and e-mail", () => {
    const parsed = signUpSchema.parse({ ...validValues, firstName: " Ada ", email: " ada@example.com " });
    expect(parsed.firstName).toBe("Ada");
    expect(parsed.email).toBe("ada@example.com");
  });

  it("requires the 18+ confirmation", () => {
    const result = signUpSchema.safeParse({ ...validValues, adultConfirmed: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["You must be 18 or older to create an account"]);
  });

  it.each([
    ["firstName", "  ", "Enter your first name"],
    ["lastName", "", "Enter your last name"],
    ["email", "not-an-email", "Enter a valid e-mail address"],
    ["password", "short", "Use at least 8 characters"],
  ])("rejects %s = %j", (field, value, message) => {
    const result = signUpSchema.safeParse({ ...validValues, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

function renderForm(answer: () => Promise<unknown> = async () => ({ data: { session: {} }, error: null })) {
  const submit = authSignUp.mockReset().mockImplementation(answer);
  const onSuccess = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SignUpForm onSuccess={onSuccess} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { submit, onSuccess, user: userEvent.setup() };
}

async function fill(user: ReturnType<typeof userEvent.setup>, { adult = true } = {}) {
  await user.type(screen.getByLabelText("First name"), "Ada");
  await user.type(screen.getByLabelText("Last name"), "Lovelace");
  await user.type(screen.getByLabelText("E-mail"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "correct horse");
  if (adult) await user.click(screen.getByLabelText("I am 18 or older"));
}

describe("SignUpForm", () => {
  it("shows every problem next to its field and does not submit", async () => {
    const { submit, user } = renderForm();
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Enter your first name")).toBeInTheDocument();
    expect(screen.getByText("Enter your last name")).toBeInTheDocument();
    expect(screen.getByText("Enter your e-mail address")).toBeInTheDocument();
    expect(screen.getByText("Use at least 8 characters")).toBeInTheDocument();
    expect(screen.getByText("You must be 18 or older to create an account")).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveAttribute("aria-invalid", "true");
    expect(submit).not.toHaveBeenCalled();
  });

  it("will not submit without the 18+ confirmation", async () => {
    const { submit, user } = renderForm();
    await fill(user, { adult: false });
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("You must be 18 or older to create an account")).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it("submits the values and reports success", async () => {
    const { submit, onSuccess, user } = renderForm();
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith({
      email: validValues.email,
      password: validValues.password,
      options: { data: { first_name: "Ada", last_name: "Lovelace", adult_confirmed: true }, emailRedirectTo: `${window.location.origin}/` },
    });
  });

  it("shows the provider's error in an alert and stays open", async () => {
    const { onSuccess, user } = renderForm(async () => ({ data: { session: null }, error: new Error("User already registered") }));
    await fill(user);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("User already registered");
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("links to Log in", () => {
    renderForm();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/sign-in");
  });
});
