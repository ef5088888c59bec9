import { describe, expect, it } from "vitest";
import { acceptedMediaTypes, mediaHelpText, mediaProblem, tooManyFilesProblem } from "./post-fields-media";

describe("media checks (as the server's, from media-limits.json)", () => {
  it("accepts images up to 10 MB and videos up to 50 MB", () => {
    expect(mediaProblem({ name: "a.png", type: "image/png", size: 10 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ name: "a.webm", type: "video/webm", size: 50 * 1024 * 1024 })).toBeNull();
    expect(mediaProblem({ name: "a.png", type: "image/png", size: 10 * 1024 * 1024 + 1 })).toBe("a.png: images can be at most 10 MB.");
    expect(mediaProblem({ name: "a.mp4", type: "video/mp4", size: 50 * 1024 * 1024 + 1 })).toBe("a.mp4: videos can be at most 50 MB.");
  });
  it("refuses other types, naming the accepted ones", () => {
    expect(mediaProblem({ name: "a.svg", type: "image/svg+xml", size: 10 })).toBe(
      "a.svg: only JPEG, PNG, WebP, GIF or AVIF images and MP4 or WebM videos can be uploaded.",
    );
  });
  it("derives the picker's hint, accept list and file count", () => {
    expect(mediaHelpText).toBe("JPEG, PNG, WebP, GIF or AVIF images up to 10 MB; MP4 or WebM videos up to 50 MB; at most 10 files.");
    expect(acceptedMediaTypes).toBe("image/jpeg,image/png,image/webp,image/gif,image/avif,video/mp4,video/webm");
    expect(tooManyFilesProblem({ name: "b.png" })).toBe("At most 10 files per post: b.png was not added.");
  });
});
