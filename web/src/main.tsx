import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

/**
 * On a page the host rendered (web/host/first-screen.ts) the reader has the
 * page already: the app's code is asked for once the page's own images and
 * styles are in and painted (or after a few seconds, should an image hang),
 * so its download does not share a phone's connection with the page's
 * largest image, nor its evaluation hold that image's paint.
 */
const loadedAtMostMs = 3000;

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === "complete") return resolve();
    addEventListener("load", () => resolve(), { once: true });
    setTimeout(resolve, loadedAtMostMs);
  });

const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    // rAF waits for the next frame, the timeout runs after it is painted; a hidden tab paints no frame.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });

const firstScreen = document.documentElement.hasAttribute("data-first-screen");

(firstScreen ? pageLoaded().then(afterNextPaint) : Promise.resolve())
  .then(() => import("./app/start"))
  .then(({ startApp }) => startApp(container))
  .catch((error: unknown) => {
    // The app's own code did not load: say so in words.
    console.error(error);
    const alert = document.createElement("div");
    alert.setAttribute("role", "alert");
    alert.textContent = "The site cannot start. Reload the page to try again.";
    container.replaceChildren(alert);
  });
