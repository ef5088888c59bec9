import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { aPost } from "@/testing/post-fixture";
import type { PendingPost } from "../api/get-pending-posts";
import { PendingPostCard } from "./pending-post-card";

const pending = (content: string): PendingPost => ({
  ...aPost({ id: 7, title: "A submission", excerpt: "Its excerpt", content, status: "pending" }),
  info_boxes: [],
  sources: [],
  version: "v1",
});

/** The card with its details open, once the lazily loaded markdown has rendered. */
async function openCard(content: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PendingPostCard post={pending(content)} />
    </QueryClientProvider>,
  );
  await userEvent.click(screen.getByRole("button", { name: "Show details" }));
  const rendered = screen.getByRole("heading", { name: /^Content$/ }).nextElementSibling as HTMLElement;
  await within(rendered).findByText("Before the images.");
  return rendered;
}

describe("review panel: images in a submission's content", () => {
  it("shows an external image as a button naming its host, and creates the <img> only when clicked", async () => {
    const rendered = await openCard("Before the images.\n\n![A pixel](https://tracker.example.com/p.gif?who=admin)");
    expect(rendered.querySelector("img")).toBeNull();
    const show = within(rendered).getByRole("button", { name: /External image from tracker\.example\.com – show/ });
    expect(show).toHaveTextContent("“A pixel”");

    await userEvent.click(show);
    const image = within(rendered).getByRole("img", { name: "A pixel" });
    expect(image).toHaveAttribute("src", "https://tracker.example.com/p.gif?who=admin");
    expect(image).toHaveAttribute("referrerpolicy", "no-referrer");
    expect(within(rendered).queryByRole("button", { name: /External image/ })).toBeNull();
  });

  it("treats protocol-relative addresses as other hosts", async () => {
    const rendered = await openCard("Before the images.\n\n![Sneaky](//cdn.example.net/x.png)");
    expect(rendered.querySelector("img")).toBeNull();
    expect(within(rendered).getByRole("button", { name: /External image from cdn\.example\.net – show/ })).toBeInTheDocument();
  });

  it("shows the site's own images at once", async () => {
    const rendered = await openCard(`Before the images.\n\n![Ours](/images/x.png)\n\n![Also ours](${window.location.origin}/images/y.png)`);
    // A site-relative one comes sized for the text column.
    expect(within(rendered).getByRole("img", { name: "Ours" })).toHaveAttribute("src", "/renditions/x.png?width=640&quality=75");
    expect(within(rendered).getByRole("img", { name: "Also ours" })).toHaveAttribute("src", `${window.location.origin}/images/y.png`);
    expect(within(rendered).queryByRole("button")).toBeNull();
  });
});
