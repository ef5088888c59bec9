import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layout/page-header";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { openApiDocumentUrl } from "@/features/api-reference/api/document-url";

// Scalar is a large import of its own: loaded from here rather than with the route, the router's
// chunk names only this small one, and the heading shows while the reference loads.
const ApiReference = lazy(() => import("@/features/api-reference/components/api-reference"));

/** /data/api: the API's reference, rendered from the OpenAPI document the API serves. */
export default function DataApiRoute() {
  return (
    <>
      <PageHeader title="API reference">
        <p>
          Every call of the API this site uses, with its parameters and answers, from its OpenAPI document (
          <a href={openApiDocumentUrl}>openapi.json</a>). The downloads are on the <Link to={paths.data}>Data</Link> page.
        </p>
      </PageHeader>
      <Suspense fallback={<PageSpinner />}>
        <ApiReference />
      </Suspense>
    </>
  );
}
