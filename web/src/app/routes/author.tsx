import { useParams } from "react-router";
import { AuthorView } from "@/features/posts/components/author-view";
import { useViewer } from "../use-viewer";
import NotFoundRoute from "./not-found";

/** An author's page (/authors/{id}); someone whose name is not public has none: the not-found page. */
export default function AuthorRoute() {
  const { authorId = "" } = useParams();
  return <AuthorView key={authorId} authorId={authorId} viewer={useViewer()} notFound={<NotFoundRoute />} />;
}
