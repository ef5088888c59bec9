import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";

/** Share: the Web Share API where present, otherwise copy the link and confirm it. */
export function ShareButton({ title, text, url }: { title: string; text?: string; url: string }) {
  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return;
        // Fall through to copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notify.success("Link copied to clipboard");
    } catch {
      notify.error(`Could not copy the link. Copy it from here: ${url}`);
    }
  };
  return (
    <Button variant="secondary" size="small" onClick={() => void share()}>
      Share
    </Button>
  );
}
