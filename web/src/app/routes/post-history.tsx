import { useParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { useIsAdmin } from "@/features/auth/hooks/use-is-admin";
import { PostHistory } from "@/features/history/components/post-history";
import { useViewer } from "../use-viewer";

export default function PostHistoryRoute() {
  const { id = "" } = useParams();
  const { isAdmin } = useIsAdmin();
  return (
    <>
      <PageHeader title="History">Every published change to this post, newest first.</PageHeader>
      <PostHistory postId={id} viewer={useViewer()} isAdmin={isAdmin} />
    </>
  );
}
