import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { EmailAddress } from "./email-address";

describe("EmailAddress", () => {
  it("may wrap only before the @ and the dots, keeps the address whole as text, and names it in full in its title", () => {
    const { container } = render(<EmailAddress address="jordan.baker@example.org" />);
    const address = container.firstElementChild as HTMLElement;
    expect(address.textContent).toBe("jordan.baker@example.org");
    expect(address.title).toBe("jordan.baker@example.org");
    expect(address.innerHTML).toBe("jordan<wbr>.baker<wbr>@example<wbr>.org");
  });
});
