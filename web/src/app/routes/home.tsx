import { env } from "@/config/env";
import { SubmissionNotice } from "@/features/contributions/components/submission-notice";
import { HomeView } from "@/features/posts/components/home-view";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useViewer } from "../use-viewer";

export default function HomeRoute() {
  useDocumentTitle();
  return (
    <>
      <h1 className="visually-hidden">{env.siteName}</h1>
      <SubmissionNotice />
      <HomeView viewer={useViewer()} />
    </>
  );
}
