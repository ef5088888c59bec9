import { useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/config/paths";
import { AllPostsView } from "@/features/posts/components/all-posts-view";
import { DownloadLinks } from "@/features/posts/components/download-links";
import { FeedLink } from "@/features/posts/components/feed-link";
import { filtersFromParams, filtersToParams, isSearching, type PostFilters } from "@/features/posts/utils/filters";
import { useViewer } from "../use-viewer";

/** All posts; the filters live in the URL query so a filtered list can be shared and survives reload. */
export default function AllPostsRoute() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const onFiltersChange = useCallback((next: PostFilters) => setParams(filtersToParams(next), { replace: true }), [setParams]);
  return (
    <>
      <PageHeader title="All posts">
        <Link to={paths.tags}>Browse all tags</Link>
        {/* While searching they come after the results (AllPostsView), which then start near the top. */}
        {!isSearching(filters) && <DownloadLinks filters={filters} />}
        <FeedLink tags={filters.tags} />
      </PageHeader>
      <AllPostsView viewer={useViewer()} filters={filters} onFiltersChange={onFiltersChange} />
    </>
  );
}
