import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { chooseTheme } from "@/lib/theme";

// Scalar (Vue, hundreds of KB) is not run in jsdom: a stand-in records where it is mounted and with what.
const destroy = vi.fn();
const createApiReference = vi.fn((element: HTMLElement, _configuration: Record<string, unknown>) => {
  element.dataset.testid = "scalar";
  return { destroy };
});
vi.mock("@scalar/api-reference", () => ({ createApiReference }));
vi.mock("@scalar/api-reference/style.css", () => ({}));

const { default: DataApiRoute } = await import("./data-api");

function renderPage() {
  const router = createMemoryRouter([{ path: "/data/api", Component: DataApiRoute }], { initialEntries: ["/data/api"] });
  return render(<RouterProvider router={router} />);
}

afterEach(() => {
  document.documentElement.removeAttribute("data-theme");
  localStorage.clear();
});

describe("the API reference page", () => {
  it("renders Scalar with the document the API serves, none of Scalar's fonts or services, and the site's theme", async () => {
    document.documentElement.dataset.theme = "light";
    renderPage();
    expect(screen.getByRole("heading", { level: 1, name: "API reference" })).toBeInTheDocument();
    expect(await screen.findByTestId("scalar")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "openapi.json" })).toHaveAttribute("href", "/api/openapi.json");

    const [element, configuration] = createApiReference.mock.calls.at(-1)!;
    expect(element).toBe(screen.getByTestId("scalar"));
    expect(configuration).toMatchObject({
      url: "/api/openapi.json",
      withDefaultFonts: false,
      forceDarkModeState: "light",
      hideDarkModeToggle: true,
      agent: { disabled: true },
      telemetry: false,
      showDeveloperTools: "never",
    });
    expect(document.body).toHaveClass("light-mode");
  });

  it("follows the header's theme toggle, and leaves <body> as it found it", async () => {
    document.documentElement.dataset.theme = "light";
    const { unmount } = renderPage();
    await screen.findByTestId("scalar");
    act(() => chooseTheme("dark"));
    expect(document.body).toHaveClass("dark-mode");
    expect(document.body).not.toHaveClass("light-mode");
    unmount();
    expect(destroy).toHaveBeenCalled();
    expect(document.body).not.toHaveClass("dark-mode");
  });
});
