import { useFieldArray, type UseFormReturn } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { TextAreaField } from "@/components/ui/form/textarea-field";
import type { PostFieldValues } from "@/lib/post-fields";
import styles from "./post-fields.module.css";

/** A post's info boxes edited in place: each box's title and `key: value` lines, removable; new boxes start empty. */
export function InfoBoxesEditor({ form, legend }: { form: UseFormReturn<PostFieldValues>; legend: string }) {
  const boxes = useFieldArray({ control: form.control, name: "infoBoxes" });
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      <p className={formStyles.hint}>One fact per line as key: value. Boxes without a title are left out.</p>
      {boxes.fields.map((field, index) => (
        <div key={field.id} className={styles.editableBox}>
          <InputField label={`Info box ${index + 1} title`} {...form.register(`infoBoxes.${index}.title`)} />
          <TextAreaField label={`Info box ${index + 1} content`} rows={3} {...form.register(`infoBoxes.${index}.lines`)} />
          <div>
            <Button variant="ghost" size="small" onClick={() => boxes.remove(index)}>
              Remove info box {index + 1}
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="small" onClick={() => boxes.append({ title: "", lines: "" })}>
          Add info box
        </Button>
      </div>
    </fieldset>
  );
}
