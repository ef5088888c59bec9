import { useCallback, useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { paths } from "@/config/paths";
import { FollowButton } from "@/features/following/components/follow-button";
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
  const viewer = useViewer();
  // Filtered by one tag, this is that tag's page: members may follow it.
  const tag = filters.tags.length === 1 ? filters.tags[0] : undefined;
  return (
    <>
      <PageHeader title="All posts">
        <Link to={paths.tags}>Browse all tags</Link>
        {/* While searching they come after the results (AllPostsView), which then start near the top. */}
        {!isSearching(filters) && <DownloadLinks filters={filters} />}
        <FeedLink tags={filters.tags} />
        {tag && <FollowButton key={tag} kind="tags" id={tag} viewer={viewer} label={`Follow #${tag}`} />}
      </PageHeader>
      <AllPostsView viewer={viewer} filters={filters} onFiltersChange={onFiltersChange} />
    </>
  );
}
