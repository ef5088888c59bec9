import "./styles/global.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from index.html");

/**
 * On a page the host rendered (web/host/first-screen.ts) the reader has the
 * page already: it is painted before the app's code is evaluated, which would
 * otherwise hold that first paint on a phone for a second or more.
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    // rAF waits for the next frame, the timeout runs after it is painted; a hidden tab paints no frame.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });

const firstScreen = document.documentElement.hasAttribute("data-first-screen");

(firstScreen ? afterFirstPaint() : Promise.resolve())
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
