import { useParams } from "react-router";
import { FollowButton } from "@/features/following/components/follow-button";
import { AuthorView } from "@/features/posts/components/author-view";
import { anonViewer } from "@/lib/query-keys";
import { useViewer } from "../use-viewer";
import NotFoundRoute from "./not-found";

/** An author's page (/authors/{id}); someone whose name is not public has none: the not-found page. Members may follow the author. */
export default function AuthorRoute() {
  const { authorId = "" } = useParams();
  const viewer = useViewer();
  return (
    <AuthorView
      key={authorId}
      authorId={authorId}
      viewer={viewer}
      notFound={<NotFoundRoute />}
      renderFollow={(author) =>
        viewer !== anonViewer && viewer !== author.id && <FollowButton kind="authors" id={author.id} viewer={viewer} label={`Follow ${author.name}`} />
      }
    />
  );
}
