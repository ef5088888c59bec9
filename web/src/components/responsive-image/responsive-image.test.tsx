import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { env } from "@/config/env";
import { imageSlotSizes } from "@/lib/image-sources";
import { ResponsiveImage } from "./responsive-image";

afterEach(() => {
  env.imageTransforms = true;
});

/** The one image rendered (an empty alt makes it presentational, so it has no img role to find it by). */
const image = () => document.querySelector("img") as HTMLImageElement;

describe("ResponsiveImage", () => {
  it("offers renditions for its slot and reserves the stored size, loading lazily", () => {
    render(<ResponsiveImage src="/images/photo.jpg" alt="A photo" width={1280} height={960} slot="detail" />);
    expect(image()).toHaveAttribute("src", "/renditions/photo.jpg?width=640&quality=75");
    expect(image().getAttribute("srcset")).toBe(
      [320, 480, 640, 960, 1280].map((width) => `/renditions/photo.jpg?width=${width}&quality=75 ${width}w`).join(", "),
    );
    expect(image()).toHaveAttribute("sizes", imageSlotSizes.detail);
    expect(image()).toHaveAttribute("width", "1280");
    expect(image()).toHaveAttribute("height", "960");
    expect(image()).toHaveAttribute("loading", "lazy");
    expect(image()).toHaveAttribute("decoding", "async");
    expect(image()).not.toHaveAttribute("fetchpriority");
  });

  it("fetches the page's first image first and at once", () => {
    render(<ResponsiveImage src="/images/photo.jpg" alt="" width={800} height={600} slot="card" priority />);
    expect(image()).toHaveAttribute("fetchpriority", "high");
    expect(image()).toHaveAttribute("loading", "eager");
  });

  it("shows the original, still lazily and with its size, when transformations are off", () => {
    env.imageTransforms = false;
    render(<ResponsiveImage src="/images/photo.jpg" alt="" width={800} height={600} slot="card" />);
    expect(image()).toHaveAttribute("src", "/images/photo.jpg");
    expect(image()).not.toHaveAttribute("srcset");
    expect(image()).not.toHaveAttribute("sizes");
    expect(image()).toHaveAttribute("width", "800");
    expect(image()).toHaveAttribute("height", "600");
    expect(image()).toHaveAttribute("loading", "lazy");
  });

  it("sets no size it does not know", () => {
    render(<ResponsiveImage src="/images/old.png" alt="" width={null} height={null} slot="tile" />);
    expect(image()).not.toHaveAttribute("width");
    expect(image()).not.toHaveAttribute("height");
  });
});
