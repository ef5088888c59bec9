import { apiUrl } from "@/lib/api-url";

/** The OpenAPI document the api function serves (same origin, like every call of the SPA). */
export const openApiDocumentUrl = apiUrl("/openapi.json");
