import { useParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { PostHistory } from "@/features/history/components/post-history";
import { useAuthorization } from "@/lib/authorization";
import { useViewer } from "../use-viewer";

export default function PostHistoryRoute() {
  const { id = "" } = useParams();
  const { can } = useAuthorization();
  return (
    <>
      <PageHeader title="History">Every published change to this post, newest first.</PageHeader>
      <PostHistory postId={id} viewer={useViewer()} isAdmin={can.hideRevisions} />
    </>
  );
}
