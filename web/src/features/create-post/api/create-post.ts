import { z } from "@/lib/zod";
import { ApiError, apiUrl, errorMessage } from "@/lib/api-client";
import { getAccessToken } from "@/lib/supabase";
import { eventTimestamp, parseTags } from "../lib/parse";

/** Article types offered; the server accepts any value (SPEC §3: other values may appear). */
export const postTypes = [
  { value: "discussion", label: "Discussion" },
  { value: "event", label: "Event" },
  { value: "news", label: "News" },
  { value: "other", label: "Other" },
] as const;

const required = (message: string) => z.string().refine((value) => value.trim().length > 0, message);

/** The create-post form (SPEC §2, §5). Info boxes and media are kept beside it. */
export const createPostSchema = z
  .object({
    title: required("Enter a title").pipe(z.string().max(300, "Keep the title under 300 characters")),
    excerpt: required("Enter a lead summary"),
    content: required("Enter the content"),
    citations: z.string(),
    tags: z.string(),
    postType: z.string().min(1),
    isNSFW: z.boolean(),
    eventDate: z.string(),
    eventTime: z.string(),
    timeUnknown: z.boolean(),
  })
  .superRefine((values, ctx) => {
    if (values.postType === "event" && !eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown)) {
      ctx.addIssue({ code: "custom", path: ["eventDate"], message: "An event needs an event date" });
    }
  });
export type CreatePostValues = z.infer<typeof createPostSchema>;

export const createPostDefaults: CreatePostValues = {
  title: "",
  excerpt: "",
  content: "",
  citations: "",
  tags: "",
  postType: "discussion",
  isNSFW: false,
  eventDate: "",
  eventTime: "",
  timeUnknown: false,
};

export type InfoBoxDraft = { title: string; content: Record<string, string> };

/** The multipart body of POST /api/posts (SPEC §7). */
export function buildPostFormData(values: CreatePostValues, infoBoxes: InfoBoxDraft[], media: File[]): FormData {
  const form = new FormData();
  form.append("title", values.title.trim());
  form.append("excerpt", values.excerpt.trim());
  form.append("content", values.content);
  form.append("tags", parseTags(values.tags).join(","));
  form.append("postType", values.postType);
  form.append("citations", values.citations.trim());
  form.append("isNSFW", values.isNSFW ? "1" : "0");
  form.append(
    "infoBoxes",
    JSON.stringify(infoBoxes.filter((box) => box.title.trim()).map((box) => ({ title: box.title.trim(), content: box.content }))),
  );
  if (values.postType === "event") {
    const timestamp = eventTimestamp(values.eventDate, values.eventTime, values.timeUnknown);
    if (timestamp) form.append("eventTimestamp", timestamp);
  }
  for (const file of media) form.append("media", file, file.name);
  return form;
}

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
