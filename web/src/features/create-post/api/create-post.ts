import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, apiUrl, errorMessage } from "@/lib/api-client";
import type { PostFieldValues } from "@/lib/post-fields";
import { createPostFormData } from "@/lib/post-fields-wire";
import type { MutationConfig } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { getAccessToken } from "@/lib/supabase";

/** A request that never got an HTTP answer. */
export class NetworkError extends Error {
  constructor(message = "Network error") {
    super(message);
    this.name = "NetworkError";
  }
}

/** The post's fields as the form holds them, and the files to upload with it. */
export type CreatePostInput = { fields: PostFieldValues; media: readonly File[] };

/**
 * POST /api/posts with upload progress (fetch cannot report it): resolves with
 * the new id, rejects with ApiError (HTTP error) or NetworkError.
 */
export async function createPost({ fields, media }: CreatePostInput, onProgress?: (fraction: number) => void): Promise<{ id: number }> {
  const body = createPostFormData(fields, media);
  const token = await getAccessToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", apiUrl("/api/posts"));
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = xhr.responseText;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // Not JSON: keep the text.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(data as { id: number });
      } else {
        reject(new ApiError(xhr.status, errorMessage(xhr.status, xhr.statusText, data), data));
      }
    };
    xhr.onerror = () => reject(new NetworkError("Network error"));
    xhr.ontimeout = () => reject(new NetworkError("The request timed out"));
    xhr.send(body);
  });
}

/**
 * Sends a post for review. `progress` follows the upload when media goes with
 * the post (0 to 1; it stays at 1 once sent) and is null otherwise or after a
 * failure. Every post answer and the admin lists are refetched afterwards.
 */
export function useCreatePost({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createPost> } = {}) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const { onSuccess, onError, ...config } = mutationConfig ?? {};
  const mutation = useMutation({
    ...config,
    mutationFn: (input: CreatePostInput) => {
      const withMedia = input.media.length > 0;
      setProgress(withMedia ? 0 : null);
      return createPost(input, withMedia ? setProgress : undefined);
    },
    onSuccess: (created, input, context, functionContext) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin });
      return onSuccess?.(created, input, context, functionContext);
    },
    onError: (error, input, context, functionContext) => {
      setProgress(null);
      return onError?.(error, input, context, functionContext);
    },
  });
  return { ...mutation, progress };
}
