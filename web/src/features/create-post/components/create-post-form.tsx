import { zodResolver } from "@hookform/resolvers/zod";
import { lazy, Suspense, useEffect, useState } from "react";
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
import { useCreatePost } from "../api/create-post";
import { cooldownRemaining, POST_COOLDOWN_MESSAGE, rememberPostTime } from "../utils/cooldown";
import { submittedState } from "@/lib/submitted-post";
import { clearDraft, isEmptyDraft, loadDraft, saveDraft } from "../utils/draft";
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
  /** Whose draft this is: drafts are kept per user on this device. */
  userId: string;
  /** Admins and moderators are exempt from the posting cooldown (SPEC §6). */
  exemptFromCooldown?: boolean;
};

const emptyInfoDraft: InfoBoxDraft = { title: "", lines: "" };

/** /create-post: every field of SPEC §2; the post goes to review. */
export function CreatePostForm({ userId, exemptFromCooldown = false }: CreatePostFormProps) {
  const navigate = useNavigate();
  // What was typed before a reload or a refused submission comes back.
  const [restored] = useState(() => loadDraft(userId));
  const [infoDraft, setInfoDraft] = useState<InfoBoxDraft>(restored?.infoDraft ?? emptyInfoDraft);
  const [media, setMedia] = useState<MediaItem[]>([]);
  const [mediaProblems, setMediaProblems] = useState<string[]>([]);
  const [serverError, setServerError] = useState<string | null>(null);
  const createPostMutation = useCreatePost({
    mutationConfig: {
      onSuccess: (created) => {
        clearDraft(userId);
        if (!exemptFromCooldown) rememberPostTime();
        notify.success("Post submitted for review!");
        // Home says where to follow it (SubmissionNotice).
        navigate(paths.home, { state: submittedState(created.id) });
      },
      onError: (error) => {
        const message = submissionErrorMessage(error);
        setServerError(message);
        notify.error(message);
      },
    },
  });
  // Once sent, the form stays locked while the home page loads.
  const sending = createPostMutation.isPending || createPostMutation.isSuccess;
  const { progress } = createPostMutation;

  const form = useForm<PostFieldValues>({ resolver: zodResolver(postFieldsSchema), defaultValues: restored?.fields ?? emptyPostFields });
  const [title, excerpt, content] = useWatch({ control: form.control, name: ["title", "excerpt", "content"] });
  const missingRequired = !title.trim() || !excerpt.trim() || !content.trim();

  // Every change is kept at once; once sent, the draft is gone (onSuccess) and stays gone.
  const values = useWatch({ control: form.control }) as PostFieldValues;
  const draft = { fields: values, infoDraft };
  const hasDraft = !isEmptyDraft(draft);
  useEffect(() => {
    if (!createPostMutation.isSuccess) saveDraft(userId, { fields: values, infoDraft });
  }, [userId, values, infoDraft, createPostMutation.isSuccess]);

  const discardDraft = () => {
    clearDraft(userId);
    form.reset(emptyPostFields);
    setInfoDraft(emptyInfoDraft);
    setMedia([]);
    setMediaProblems([]);
    setServerError(null);
  };

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    if (!exemptFromCooldown && cooldownRemaining() > 0) {
      setServerError(POST_COOLDOWN_MESSAGE);
      notify.error(POST_COOLDOWN_MESSAGE);
      return;
    }
    // A box typed but not yet added still counts (a box without a title is left out when sent).
    const fields = { ...values, infoBoxes: [...values.infoBoxes, infoDraft] };
    createPostMutation.mutate({ fields, media: media.map((item) => item.file) });
  });

  return (
    <div className={styles.layout}>
      <WritingTips />
      <form className={`${formStyles.form} ${styles.form}`} onSubmit={onSubmit} noValidate aria-label="Create post">
        <PostFieldset
          form={form}
          hints={{ tagsHint: "Separate categories with commas, e.g. livestream, interview.", citationsPlaceholder: "Links or sources, one per line" }}
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
        {hasDraft && !sending && (
          <p className={styles.draft}>
            Draft saved on this device. Media files cannot be saved: add them again if you leave this page.{" "}
            <Button type="button" variant="ghost" size="small" onClick={discardDraft}>
              Discard draft
            </Button>
          </p>
        )}
        <div>
          <Button type="submit" variant="success" disabled={missingRequired || sending} isLoading={sending} loadingText="Submitting...">
            Create Entry
          </Button>
        </div>
      </form>
    </div>
  );
}

/** A refused post shows the server's reason; the cooldown (429) shows its own message. */
function submissionErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 429 ? error.message || POST_COOLDOWN_MESSAGE : `Submission failed: ${error.message}`;
  return `An error occurred: ${error instanceof Error ? error.message : String(error)}`;
}
