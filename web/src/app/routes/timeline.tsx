import { PageHeader } from "@/components/layout/page-header";
import { TimelineView } from "@/features/posts/components/timeline-view";
import { useViewer } from "../use-viewer";

export default function TimelineRoute() {
  return (
    <>
      <PageHeader title="Timeline">The archive in order of events, newest first.</PageHeader>
      <TimelineView viewer={useViewer()} />
    </>
  );
}
