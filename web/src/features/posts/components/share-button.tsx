import { Button } from "@/components/ui/button";
import { copyText } from "@/lib/copy-text";

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
    await copyText(url, { copied: "Link copied to clipboard", failed: `Could not copy the link. Copy it from here: ${url}` });
  };
  return (
    <Button variant="secondary" size="small" onClick={() => void share()}>
      Share
    </Button>
  );
}
