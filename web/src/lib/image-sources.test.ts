import { describe, expect, it } from "vitest";
import { imageSlotSizes, imageSources, offeredWidths, ownImagePath, renditionUrl } from "./image-sources";

describe("the widths offered for an image", () => {
  it("are the standard widths below the original's, and the original's own", () => {
    expect(offeredWidths(1000)).toEqual([320, 480, 640, 960, 1000]);
    expect(offeredWidths(640)).toEqual([320, 480, 640]);
    expect(offeredWidths(200)).toEqual([200]);
  });

  it("stop at 1920 for a larger original, and are all of them when its width is unknown", () => {
    expect(offeredWidths(4032)).toEqual([320, 480, 640, 960, 1280, 1920]);
    expect(offeredWidths(null)).toEqual([320, 480, 640, 960, 1280, 1920]);
  });
});

describe("an image's sources", () => {
  it("are renditions of our own image, each described by its width, with the slot's sizes", () => {
    expect(imageSources("/images/photo.jpg", 1000, "card", true)).toEqual({
      src: "/renditions/photo.jpg?width=640&quality=75",
      srcSet: [320, 480, 640, 960, 1000].map((width) => `/renditions/photo.jpg?width=${width}&quality=75 ${width}w`).join(", "),
      sizes: imageSlotSizes.card,
    });
  });

  it("fall back to the largest offered width when the original is narrower than a card", () => {
    expect(imageSources("/images/small.png", 400, "row", true)).toMatchObject({
      src: "/renditions/small.png?width=400&quality=75",
      srcSet: "/renditions/small.png?width=320&quality=75 320w, /renditions/small.png?width=400&quality=75 400w",
      sizes: "5.5rem",
    });
  });

  it("are the original alone when transformations are off", () => {
    expect(imageSources("/images/photo.jpg", 1000, "detail", false)).toEqual({ src: "/images/photo.jpg" });
  });

  it("are the URL alone for an image that is not ours", () => {
    expect(imageSources("https://example.com/x.jpg", 1000, "content", true)).toEqual({ src: "https://example.com/x.jpg" });
    expect(imageSources("/logo.svg", null, "content", true)).toEqual({ src: "/logo.svg" });
  });
});

describe("our image paths", () => {
  it("are what follows /images/, and nothing for other URLs", () => {
    expect(ownImagePath("/images/a-b_c.webp")).toBe("a-b_c.webp");
    expect(ownImagePath("/images/a.png?x=1")).toBeNull();
    expect(ownImagePath("//evil.example/images/a.png")).toBeNull();
  });

  it("become the rendition URL the database's thumbnail_url has", () => {
    expect(renditionUrl("a.png", 640)).toBe("/renditions/a.png?width=640&quality=75");
  });
});
