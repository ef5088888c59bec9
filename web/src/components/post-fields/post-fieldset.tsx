import { useId, type ReactNode } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import { postTypes, type InfoBoxDraft, type PostFieldValues } from "@/lib/post-fields";
import { ContentField } from "./content-field";
import { EventFields } from "./event-fields";
import { InfoBoxComposer } from "./info-box-composer";
import { InfoBoxesEditor } from "./info-boxes-editor";
import styles from "./post-fields.module.css";

/** The words a form uses for the fields (the forms word some of them their own way). */
export type PostFieldTexts = {
  excerptLabel: string;
  contentLabel: string;
  citationsPlaceholder?: string;
  tagsLabel: string;
  tagsHint: string;
  nsfwLabel: string;
};

export const defaultPostFieldTexts: PostFieldTexts = {
  excerptLabel: "Lead summary",
  contentLabel: "Content (Markdown)",
  tagsLabel: "Categories",
  tagsHint: "Separate categories with commas.",
  nsfwLabel: "NSFW (not safe for work)",
};

export type PostFieldsetProps = {
  form: UseFormReturn<PostFieldValues>;
  texts?: Partial<PostFieldTexts>;
  contentRows: number;
  /** Renders the markdown content for the Preview tab; without it there are no tabs. */
  contentPreview?: (source: string) => ReactNode;
  /** Whether the form sets the article type (a suggestion cannot). */
  withPostType?: boolean;
  /** The event date is sent for Event posts only. */
  eventDateOnlyForEvents?: boolean;
  /**
   * "compose": boxes are typed and added one by one (a new post); the form keeps
   * the box being typed. "edit": the post's boxes are edited in place.
   */
  infoBoxes: { mode: "edit" } | { mode: "compose"; draft: InfoBoxDraft; onDraftChange: (draft: InfoBoxDraft) => void };
};

/** Every editable field of a post, as the create, suggest-edit and admin edit forms show them. */
export function PostFieldset({
  form,
  texts,
  contentRows,
  contentPreview,
  withPostType = false,
  eventDateOnlyForEvents = false,
  infoBoxes,
}: PostFieldsetProps) {
  const words = { ...defaultPostFieldTexts, ...texts };
  const typeId = useId();
  const { register, formState } = form;
  const { errors } = formState;
  const currentType = useWatch({ control: form.control, name: "postType" });
  const typeOptions = postTypes.some((type) => type.value === currentType)
    ? postTypes
    : [...postTypes, { value: currentType, label: currentType.charAt(0).toUpperCase() + currentType.slice(1) }];
  const nsfw = <CheckboxField label={words.nsfwLabel} {...register("isNsfw")} />;

  return (
    <>
      <InputField label="Title" error={errors.title?.message} {...register("title")} />

      <TextAreaField label={words.excerptLabel} rows={3} error={errors.excerpt?.message} {...register("excerpt")} />

      <ContentField form={form} label={words.contentLabel} rows={contentRows} preview={contentPreview} />

      <TextAreaField label="References" rows={3} placeholder={words.citationsPlaceholder} {...register("citations")} />

      <InputField label={words.tagsLabel} hint={words.tagsHint} {...register("tags")} />

      {withPostType ? (
        <div className={formStyles.row}>
          <div className={formStyles.field}>
            <label htmlFor={typeId} className={formStyles.label}>
              Article type
            </label>
            <select id={typeId} className={formStyles.input} {...register("postType")}>
              {typeOptions.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.nsfw}>{nsfw}</div>
        </div>
      ) : (
        nsfw
      )}

      <EventFields form={form} withPostType={withPostType} dateOnlyForEvents={eventDateOnlyForEvents} />

      {infoBoxes.mode === "compose" ? (
        <InfoBoxComposer form={form} draft={infoBoxes.draft} onDraftChange={infoBoxes.onDraftChange} />
      ) : (
        <InfoBoxesEditor form={form} />
      )}
    </>
  );
}
