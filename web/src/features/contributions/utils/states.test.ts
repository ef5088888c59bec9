import { describe, expect, it } from "vitest";
import { editSuggestionStateLabel, postStateLabel, suggestionStateLabel, toneOf } from "./states";

describe("contribution states", () => {
  it("name a post's and an edit suggestion's states as their author reads them", () => {
    expect(Object.values(postStateLabel)).toEqual(["Pending review", "Published", "Rejected"]);
    expect(Object.values(editSuggestionStateLabel)).toEqual(["Pending", "Applied", "Rejected"]);
    expect(toneOf("pending")).toBe("pending");
    expect(toneOf("approved")).toBe("done");
    expect(toneOf("rejected")).toBe("refused");
  });

  it("read a general suggestion's status in words", () => {
    expect(suggestionStateLabel("new")).toBe("Received");
    expect(suggestionStateLabel("in_progress")).toBe("In progress");
  });
});
