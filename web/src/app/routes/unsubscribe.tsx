import { useSearchParams } from "react-router";
import { UnsubscribePage } from "@/features/unsubscribe/components/unsubscribe-page";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /unsubscribe?token=…: the link at the foot of every notification e-mail. */
export default function UnsubscribeRoute() {
  useDocumentTitle("Unsubscribe");
  const [params] = useSearchParams();
  return <UnsubscribePage token={params.get("token") ?? ""} />;
}
