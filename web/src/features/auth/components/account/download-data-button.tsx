import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form/form-alert";
import { apiErrorDetail } from "@/lib/api-client";
import { useDownloadMyData } from "../../api/download-my-data";

/** "Download my data": a JSON file of the profile, posts, comments, votes and suggestions. */
export function DownloadDataButton() {
  const download = useDownloadMyData();
  return (
    <div>
      {download.isError && <FormAlert>{apiErrorDetail(download.error) ?? "Your data could not be downloaded. Please try again."}</FormAlert>}
      <Button variant="secondary" onClick={() => download.mutate()} isLoading={download.isPending} loadingText="Preparing...">
        Download my data
      </Button>
    </div>
  );
}
