import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { mediaQueryList } from "./screen-width";

afterEach(() => cleanup());

// jsdom does not implement the modal API of <dialog>.
if (typeof HTMLDialogElement !== "undefined") {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}

// jsdom has no matchMedia either: every media query (the system's dark setting) reads as not matching.
if (typeof window !== "undefined") {
  window.matchMedia ??= (query: string) => mediaQueryList(query, false);
}
