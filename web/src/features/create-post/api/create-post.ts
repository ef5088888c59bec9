import { ApiError, apiUrl, errorMessage } from "@/lib/api-client";
import { getAccessToken } from "@/lib/supabase";

/** A request that never got an HTTP answer. */
export class NetworkError extends Error {
  constructor(message = "Network error") {
    super(message);
    this.name = "NetworkError";
  }
}

/**
 * POST /api/posts with upload progress (fetch cannot report it): resolves with
 * the new id, rejects with ApiError (HTTP error) or NetworkError.
 */
export async function createPost(body: FormData, onProgress?: (fraction: number) => void): Promise<{ id: number }> {
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
