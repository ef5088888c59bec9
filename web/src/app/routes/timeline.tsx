import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { TimelineView } from "@/features/posts/components/timeline-view";
import { paramsForType, typeFromParams } from "@/features/posts/utils/timeline-scope";
import { useViewer } from "../use-viewer";

/** The timeline; its filter lives in the URL query (`?type=event`), the month it shows in the hash, so a view can be shared. */
export default function TimelineRoute() {
  const [params, setParams] = useSearchParams();
  const onTypeChange = useCallback((type: string | undefined) => setParams(paramsForType(type)), [setParams]);
  return (
    <>
      <PageHeader title="Timeline">The archive in order of events, newest first.</PageHeader>
      <TimelineView viewer={useViewer()} type={typeFromParams(params)} onTypeChange={onTypeChange} />
    </>
  );
}
