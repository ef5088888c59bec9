import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PendingPost } from "../api/get-pending-posts";
import { PendingPostCard } from "./pending-post-card";

const pending = (content: string): PendingPost => ({
  id: 7,
  title: "A submission",
  excerpt: "Its excerpt",
  content,
  tags: "",
  citations: null,
  post_type: "discussion",
  status: "pending",
  is_nsfw: false,
  is_pinned: false,
  is_important: false,
  event_timestamp: null,
  created_at: "2025-06-24T10:00:00Z",
  author_name: "Ada",
  author_id: "a0000000-0000-4000-8000-000000000001",
  upvotes: 0,
  downvotes: 0,
  user_vote: "none",
  comment_count: 0,
  media: [],
  image_url: null,
  media_type: null,
  thumbnail_url: null,
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
    expect(within(rendered).getByRole("img", { name: "Ours" })).toHaveAttribute("src", "/images/x.png");
    expect(within(rendered).getByRole("img", { name: "Also ours" })).toHaveAttribute("src", `${window.location.origin}/images/y.png`);
    expect(within(rendered).queryByRole("button")).toBeNull();
  });
});
