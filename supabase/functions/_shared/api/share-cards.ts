import { z } from "zod";

/**
 * GET /api/share-card?path=…: what a page's link preview shows, which the
 * static host writes into index.html (web/host/). Its TypeScript twin is
 * _shared/share-card.ts, which the host's middleware imports without zod.
 */
export const shareCard = z
  .object({
    title: z.string().meta({ description: "The page's own title (og:title); the tab title adds the site's name." }),
    description: z.string(),
    url: z.string().meta({ description: "Canonical, absolute." }),
    image: z.string().nullable().meta({ description: "Absolute, or null for none (an NSFW post's card never has one)." }),
    type: z.enum(["website", "article"]),
  })
  .meta({
    id: "ShareCard",
    example: {
      title: "Opening of the community garden",
      description: "Neighbours planted the first beds on Saturday.",
      url: "https://archive.example.org/posts/42",
      image: "https://archive.example.org/images/3f2a9c.png",
      type: "article",
    },
  });

const notAPage = "path must be a page of the site, such as /posts/1.";

export const shareCardQuery = z.object({
  path: z.string().max(300, notAPage).startsWith("/", notAPage).meta({ description: "A page of the site.", example: "/posts/42" }),
});

export type ShareCard = z.infer<typeof shareCard>;
