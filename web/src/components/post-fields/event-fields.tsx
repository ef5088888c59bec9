import { useId } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { CheckboxField } from "@/components/ui/form/checkbox-field";
import { formStyles } from "@/components/ui/form/form-alert";
import type { PostFieldValues } from "@/lib/post-fields";
import styles from "./post-fields.module.css";

export type EventFieldsProps = {
  form: UseFormReturn<PostFieldValues>;
  /** The date input's label (postFieldLabels.event_timestamp). */
  label: string;
  /** The form has an article type: the legend says when the date is required. */
  withPostType: boolean;
  /** The date is sent for Event posts only (create); say so under other types. */
  dateOnlyForEvents: boolean;
};

/** Event date, time and "Time unknown", which disables the time (SPEC §4). */
export function EventFields({ form, label, withPostType, dateOnlyForEvents }: EventFieldsProps) {
  const dateId = useId();
  const timeId = useId();
  const [postType, timeUnknown] = useWatch({ control: form.control, name: ["postType", "timeUnknown"] });
  const error = form.formState.errors.eventDate;
  const isEvent = postType === "event";
  return (
    <fieldset className={styles.fieldset}>
      <legend>Event date and time{withPostType && isEvent ? " (required for events)" : ""}</legend>
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          <label htmlFor={dateId} className={formStyles.label}>
            {label}
          </label>
          <input id={dateId} type="date" className={formStyles.input} aria-invalid={error ? true : undefined} {...form.register("eventDate")} />
        </div>
        <div className={formStyles.field}>
          <label htmlFor={timeId} className={formStyles.label}>
            Event time
          </label>
          <input id={timeId} type="time" className={formStyles.input} disabled={timeUnknown} {...form.register("eventTime")} />
        </div>
      </div>
      <CheckboxField label="Time unknown" {...form.register("timeUnknown")} />
      {error && <p className={formStyles.error}>{error.message}</p>}
      {dateOnlyForEvents && !isEvent && <p className={formStyles.hint}>The date is saved for Event posts.</p>}
    </fieldset>
  );
}
