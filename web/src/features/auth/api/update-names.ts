import { useMutation } from "@tanstack/react-query";
import type { MutationConfig } from "@/lib/query-client";
import { getAuthClient } from "@/lib/supabase";
import type { NameValues } from "../schemas";

/** Changes the names shown with the user's posts and comments. */
export async function updateNames(values: NameValues): Promise<void> {
  const { error } = await (await getAuthClient()).updateUser({ data: { first_name: values.firstName, last_name: values.lastName } });
  if (error) throw error;
}

export function useUpdateNames({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateNames> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: updateNames });
}
