import type { ItemAuthorAnswer } from "@shared/api/moderation.ts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type AuthorOf = { kind: "post" | "comment"; id: number };
export type Author = NonNullable<ItemAuthorAnswer["author"]>;
/** until null: for good. */
export type Suspension = NonNullable<Author["suspension"]>;

/** GET /api/admin/{posts|comments}/{id}/author: null once the account is gone. */
export function getAuthor({ kind, id }: AuthorOf, signal?: AbortSignal): Promise<Author | null> {
  return api.get<ItemAuthorAnswer>(`/admin/${kind}s/${id}/author`, { signal }).then((data) => data.author);
}

/** Asked only when needed (`enabled`): comments carry no author id, and the suspension is not in any public answer. */
export function useAuthor(item: AuthorOf | null) {
  return useQuery({
    queryKey: [...queryKeys.admin, "author", item?.kind, item?.id],
    queryFn: ({ signal }) => getAuthor(item!, signal),
    enabled: item !== null,
  });
}
