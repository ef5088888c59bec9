import { useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { TagIndex } from "@/features/tags/components/tag-index";
import { tagOrderFromParam, type TagOrder } from "@/features/tags/utils/tag-order";

/** The tag index; its order lives in the URL query (?sort=name) so the page can be shared as seen. */
export default function TagsRoute() {
  const [params, setParams] = useSearchParams();
  const onOrderChange = (order: TagOrder) => setParams(order === "name" ? { sort: "name" } : {}, { replace: true });
  return (
    <>
      <PageHeader title="Tags">
        <p>Every tag in the archive, with how many posts have it. Choose one to see its posts.</p>
      </PageHeader>
      <TagIndex order={tagOrderFromParam(params.get("sort"))} onOrderChange={onOrderChange} />
    </>
  );
}
