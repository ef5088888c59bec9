import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { Spinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { queryKeys } from "@/lib/query-keys";
import {
  buildPostFormData,
  createPost,
  createPostDefaults,
  createPostSchema,
  postTypes,
  type CreatePostValues,
  type InfoBoxDraft,
} from "../api/create-post";
import { cooldownRemaining, POST_COOLDOWN_MESSAGE, rememberPostTime } from "../lib/cooldown";
import { parseInfoBoxLines } from "../lib/parse";
import { InfoBoxEditor } from "./info-box-editor";
import { MediaPicker, type MediaItem } from "./media-picker";
import { WritingTips } from "./writing-tips";
import styles from "./create-post-form.module.css";

const MarkdownPreview = lazy(() => import("./markdown-preview"));

export type CreatePostFormProps = {
  /** Admins are exempt from the posting cooldown (SPEC §6). */
  isAdmin?: boolean;
};

/** /create-post: every field of SPEC §2; the post goes to review. */
export function CreatePostForm({ isAdmin = false }: CreatePostFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { excerpt: useId(), content: useId(), citations: useId(), type: useId(), date: useId(), time: useId() };
  const [infoBoxes, setInfoBoxes] = useState<InfoBoxDraft[]>([]);
  const [infoDraft, setInfoDraft] = useState({ title: "", lines: "" });
  const [media, setMedia] = useState<MediaItem[]>([]);
  const [mediaProblems, setMediaProblems] = useState<string[]>([]);
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<CreatePostValues>({ resolver: zodResolver(createPostSchema), defaultValues: createPostDefaults });
  const [title, excerpt, content, postType, timeUnknown] = useWatch({ control, name: ["title", "excerpt", "content", "postType", "timeUnknown"] });
  const missingRequired = !title.trim() || !excerpt.trim() || !content.trim();

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    if (!isAdmin && cooldownRemaining() > 0) {
      setServerError(POST_COOLDOWN_MESSAGE);
      notify.error(POST_COOLDOWN_MESSAGE);
      return;
    }
    // A box typed but not yet added still counts when it has a title.
    const boxes = infoDraft.title.trim() ? [...infoBoxes, { title: infoDraft.title.trim(), content: parseInfoBoxLines(infoDraft.lines) }] : infoBoxes;
    setSending(true);
    setProgress(media.length > 0 ? 0 : null);
    try {
      await createPost(buildPostFormData(values, boxes, media.map((item) => item.file)), media.length > 0 ? setProgress : undefined);
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
        <InputField label="Title" error={errors.title?.message} {...register("title")} />

        <div className={formStyles.field}>
          <label htmlFor={ids.excerpt} className={formStyles.label}>
            Lead summary
          </label>
          <textarea
            id={ids.excerpt}
            rows={3}
            className={formStyles.input}
            aria-invalid={errors.excerpt ? true : undefined}
            {...register("excerpt")}
          />
          {errors.excerpt && <p className={formStyles.error}>{errors.excerpt.message}</p>}
        </div>

        <div className={formStyles.field}>
          <div className={styles.contentHeader}>
            <label htmlFor={ids.content} className={formStyles.label}>
              Content (Markdown)
            </label>
            <div className={styles.tabs} role="group" aria-label="Content view">
              <button type="button" className={styles.tab} aria-pressed={tab === "write"} onClick={() => setTab("write")}>
                Write
              </button>
              <button type="button" className={styles.tab} aria-pressed={tab === "preview"} onClick={() => setTab("preview")}>
                Preview
              </button>
            </div>
          </div>
          <textarea
            id={ids.content}
            rows={20}
            className={`${formStyles.input} ${styles.content}`}
            hidden={tab !== "write"}
            aria-invalid={errors.content ? true : undefined}
            {...register("content")}
          />
          {tab === "preview" && (
            <div className={styles.preview} aria-label="Content preview">
              {content.trim() ? (
                <Suspense fallback={<Spinner label="Loading preview" />}>
                  <MarkdownPreview source={content} />
                </Suspense>
              ) : (
                <p className={formStyles.hint}>Nothing to preview yet.</p>
              )}
            </div>
          )}
          {errors.content && <p className={formStyles.error}>{errors.content.message}</p>}
        </div>

        <div className={formStyles.field}>
          <label htmlFor={ids.citations} className={formStyles.label}>
            References
          </label>
          <textarea id={ids.citations} rows={3} className={formStyles.input} placeholder="Links or sources, one per line" {...register("citations")} />
        </div>

        <InputField label="Categories" hint="Separate categories with commas, e.g. livestream, interview." {...register("tags")} />

        <div className={formStyles.row}>
          <div className={formStyles.field}>
            <label htmlFor={ids.type} className={formStyles.label}>
              Article type
            </label>
            <select id={ids.type} className={formStyles.input} {...register("postType")}>
              {postTypes.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.nsfw}>
            <CheckboxField label="NSFW (not safe for work)" {...register("isNSFW")} />
          </div>
        </div>

        <fieldset className={styles.fieldset}>
          <legend>Event date and time{postType === "event" ? " (required for events)" : ""}</legend>
          <div className={formStyles.row}>
            <div className={formStyles.field}>
              <label htmlFor={ids.date} className={formStyles.label}>
                Event date
              </label>
              <input
                id={ids.date}
                type="date"
                className={formStyles.input}
                aria-invalid={errors.eventDate ? true : undefined}
                {...register("eventDate")}
              />
            </div>
            <div className={formStyles.field}>
              <label htmlFor={ids.time} className={formStyles.label}>
                Event time
              </label>
              <input id={ids.time} type="time" className={formStyles.input} disabled={timeUnknown} {...register("eventTime")} />
            </div>
          </div>
          <CheckboxField label="Time unknown" {...register("timeUnknown")} />
          {errors.eventDate && <p className={formStyles.error}>{errors.eventDate.message}</p>}
          {postType !== "event" && <p className={formStyles.hint}>The date is saved for Event posts.</p>}
        </fieldset>

        <MediaPicker items={media} onChange={setMedia} problems={mediaProblems} onProblems={setMediaProblems} disabled={sending} />

        <InfoBoxEditor boxes={infoBoxes} onChange={setInfoBoxes} draft={infoDraft} onDraftChange={setInfoDraft} />

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
