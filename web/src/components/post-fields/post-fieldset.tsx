import type { ReactNode } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { SelectField } from "@/components/ui/form/select-field";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import { postTypes, type InfoBoxDraft, type PostFieldValues } from "@/lib/post-fields";
import { postFieldLabels, type PostField } from "@/lib/post-fields-list";
import { ContentField } from "./content-field";
import { EventFields } from "./event-fields";
import { InfoBoxComposer } from "./info-box-composer";
import { InfoBoxesEditor } from "./info-boxes-editor";
import styles from "./post-fields.module.css";

/** The hints a form words its own way (the labels are lib/post-fields-list.ts's). */
export type PostFieldHints = {
  tagsHint: string;
  citationsPlaceholder?: string;
};

const defaultHints: PostFieldHints = { tagsHint: "Separate categories with commas." };

export type PostFieldsetProps = {
  form: UseFormReturn<PostFieldValues>;
  /** Whose labels: the member's forms' or the admin's edit form's (postFieldLabels). */
  labels?: "member" | "admin";
  hints?: Partial<PostFieldHints>;
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
  labels = "member",
  hints,
  contentRows,
  contentPreview,
  withPostType = false,
  eventDateOnlyForEvents = false,
  infoBoxes,
}: PostFieldsetProps) {
  const words = { ...defaultHints, ...hints };
  const label = (field: PostField) => (labels === "admin" ? postFieldLabels[field].adminInput : postFieldLabels[field].input);
  const { register, formState } = form;
  const { errors } = formState;
  const currentType = useWatch({ control: form.control, name: "postType" });
  const typeOptions = postTypes.some((type) => type.value === currentType)
    ? postTypes
    : [...postTypes, { value: currentType, label: currentType.charAt(0).toUpperCase() + currentType.slice(1) }];
  const nsfw = <CheckboxField label={label("is_nsfw")} {...register("isNsfw")} />;

  return (
    <>
      <InputField label={label("title")} error={errors.title?.message} {...register("title")} />

      <TextAreaField label={label("excerpt")} rows={3} error={errors.excerpt?.message} {...register("excerpt")} />

      <ContentField form={form} label={label("content")} rows={contentRows} preview={contentPreview} />

      <TextAreaField label={label("citations")} rows={3} placeholder={words.citationsPlaceholder} {...register("citations")} />

      <InputField label={label("tags")} hint={words.tagsHint} {...register("tags")} />

      {withPostType ? (
        <div className={formStyles.row}>
          <SelectField label={label("post_type")} options={typeOptions} {...register("postType")} />
          <div className={styles.nsfw}>{nsfw}</div>
        </div>
      ) : (
        nsfw
      )}

      <EventFields form={form} label={label("event_timestamp")} withPostType={withPostType} dateOnlyForEvents={eventDateOnlyForEvents} />

      {infoBoxes.mode === "compose" ? (
        <InfoBoxComposer form={form} legend={label("info_boxes")} draft={infoBoxes.draft} onDraftChange={infoBoxes.onDraftChange} />
      ) : (
        <InfoBoxesEditor form={form} legend={label("info_boxes")} />
      )}
    </>
  );
}
