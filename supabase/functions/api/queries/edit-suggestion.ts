import type { ReadTx } from "../db/lanes.ts";

/** Pending edit suggestions as SPEC §3 shapes them: original_* / suggested_* only for changed fields. */
export async function listPendingEditSuggestions(tx: ReadTx) {
  const rows = await tx<{ suggestion: Record<string, unknown> }[]>`
    select jsonb_build_object(
        'id', s.id,
        'post_id', s.post_id,
        'post_title', p.title,
        'summary', s.summary,
        'status', s.status,
        'user_name', (select pr.display_name from public.profiles pr where pr.id = s.user_id),
        'created_at', s.created_at)
      || coalesce((select jsonb_object_agg('suggested_' || c.key, c.value) from jsonb_each(s.changes) c), '{}'::jsonb)
      || coalesce((select jsonb_object_agg('original_' || o.key, o.value) from jsonb_each(s.original) o), '{}'::jsonb)
      as suggestion
    from public.edit_suggestions s
    join public.posts p on p.id = s.post_id
    where s.status = 'pending'
    order by s.created_at, s.id`;
  return rows.map(({ suggestion }) => {
    // Posts carry tags as a comma-separated string everywhere; so do suggestions.
    for (const key of ["suggested_tags", "original_tags"]) {
      if (Array.isArray(suggestion[key])) suggestion[key] = (suggestion[key] as string[]).join(",");
    }
    return suggestion;
  });
}
