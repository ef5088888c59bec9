import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { PostFieldset } from "@/components/post-fields/post-fieldset";
import { Button } from "@/components/ui/button";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { emptyPostFields, postFieldsSchema, type InfoBoxDraft, type PostFieldValues } from "@/lib/post-fields";
import { createPostFormData } from "@/lib/post-fields-wire";
import { queryKeys } from "@/lib/query-keys";
import { createPost } from "../api/create-post";
import { cooldownRemaining, POST_COOLDOWN_MESSAGE, rememberPostTime } from "../lib/cooldown";
import { MediaPicker, type MediaItem } from "./media-picker";
import { WritingTips } from "./writing-tips";
import styles from "./create-post-form.module.css";

const MarkdownPreview = lazy(() => import("./markdown-preview"));

const preview = (source: string) => (
  <Suspense fallback={<Spinner label="Loading preview" />}>
    <MarkdownPreview source={source} />
  </Suspense>
);

export type CreatePostFormProps = {
  /** Admins are exempt from the posting cooldown (SPEC §6). */
  isAdmin?: boolean;
};

/** /create-post: every field of SPEC §2; the post goes to review. */
export function CreatePostForm({ isAdmin = false }: CreatePostFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [infoDraft, setInfoDraft] = useState<InfoBoxDraft>({ title: "", lines: "" });
  const [media, setMedia] = useState<MediaItem[]>([]);
  const [mediaProblems, setMediaProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const form = useForm<PostFieldValues>({ resolver: zodResolver(postFieldsSchema), defaultValues: emptyPostFields });
  const [title, excerpt, content] = useWatch({ control: form.control, name: ["title", "excerpt", "content"] });
  const missingRequired = !title.trim() || !excerpt.trim() || !content.trim();

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    if (!isAdmin && cooldownRemaining() > 0) {
      setServerError(POST_COOLDOWN_MESSAGE);
      notify.error(POST_COOLDOWN_MESSAGE);
      return;
    }
    // A box typed but not yet added still counts (a box without a title is left out when sent).
    const withDraft = { ...values, infoBoxes: [...values.infoBoxes, infoDraft] };
    setSending(true);
    setProgress(media.length > 0 ? 0 : null);
    try {
      await createPost(createPostFormData(withDraft, media.map((item) => item.file)), media.length > 0 ? setProgress : undefined);
      if (!isAdmin) rememberPostTime();
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin });
      notify.success("Post submitted for review!");
      navigate(paths.home);
    } catch (error) {
      let message: string;
      if (error instanceof ApiError) {
        message = error.status === 429 ? error.message || POST_COOLDOWN_MESSAGE : `Submission failed: ${error.message}`;
      } else {
        message = `An error occurred: ${error instanceof Error ? error.message : String(error)}`;
      }
      setServerError(message);
      notify.error(message);
      setSending(false);
      setProgress(null);
    }
  });

  return (
    <div className={styles.layout}>
      <form className={`${formStyles.form} ${styles.form}`} onSubmit={onSubmit} noValidate aria-label="Create post">
        <PostFieldset
          form={form}
          texts={{ tagsHint: "Separate categories with commas, e.g. livestream, interview.", citationsPlaceholder: "Links or sources, one per line" }}
          contentRows={20}
          contentPreview={preview}
          withPostType
          eventDateOnlyForEvents
          infoBoxes={{ mode: "compose", draft: infoDraft, onDraftChange: setInfoDraft }}
        />

        <MediaPicker items={media} onChange={setMedia} problems={mediaProblems} onProblems={setMediaProblems} disabled={sending} />

        {serverError && <FormAlert>{serverError}</FormAlert>}
        {progress !== null && (
          <div className={styles.progress}>
            <label>
              Uploading… {Math.round(progress * 100)}%
              <progress max={1} value={progress} />
            </label>
          </div>
        )}
        <div>
          <Button type="submit" variant="success" disabled={missingRequired || sending} isLoading={sending} loadingText="Submitting...">
            Create Entry
          </Button>
        </div>
      </form>
      <WritingTips />
    </div>
  );
}
