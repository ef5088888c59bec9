import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorFallback } from "@/components/errors/error-fallback";
import NotFoundRoute from "../routes/not-found";

/** Errors thrown while loading or rendering a screen. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  return <ErrorFallback error={error} />;
}
