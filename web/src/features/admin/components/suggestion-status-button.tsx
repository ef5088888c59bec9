import { Button } from "@/components/ui/button";
import { notify } from "@/lib/notify";
import { useSetSuggestionStatus } from "../api/set-suggestion-status";

/** Marks a general suggestion reviewed once read, or new again to come back to it. */
export function SuggestionStatusButton({ id, status, describedBy }: { id: string; status: string; describedBy: string }) {
  const setStatus = useSetSuggestionStatus();
  const next = status === "reviewed" ? "new" : "reviewed";
  const run = async () => {
    try {
      await setStatus.mutateAsync({ id, status: next });
      notify.success(next === "reviewed" ? "Suggestion marked reviewed." : "Suggestion marked new.");
    } catch {
      notify.error("Could not change the suggestion's status. Please try again.");
    }
  };
  return (
    <Button variant="secondary" size="small" aria-describedby={describedBy} isLoading={setStatus.isPending} loadingText="Saving..." onClick={() => void run()}>
      {next === "reviewed" ? "Mark reviewed" : "Mark as new"}
    </Button>
  );
}
