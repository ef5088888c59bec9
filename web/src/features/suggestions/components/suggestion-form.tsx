import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { formStyles } from "@/components/ui/form/form-alert";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { SUGGESTION_MAX_LENGTH, suggestionSchema, useSendSuggestion, type SuggestionInput } from "../api/send-suggestion";
import styles from "./suggestion-form.module.css";

export const REDIRECT_AFTER_MS = 2500;

export type SuggestionFormProps = {
  /** The signed-in user (SPEC §2: 'Submitting as' first name, last name and e-mail). */
  user: { firstName: string; lastName: string; email: string };
};

/** The signed-in part of the Suggest page (SPEC §2, §4, §5). */
export function SuggestionForm({ user }: SuggestionFormProps) {
  const navigate = useNavigate();
  const textId = useId();
  const counterId = useId();
  const [sent, setSent] = useState(false);
  const sentNotice = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, control, reset, formState } = useForm<SuggestionInput>({
    resolver: zodResolver(suggestionSchema),
    defaultValues: { suggestion: "" },
  });
  const text = useWatch({ control, name: "suggestion" });
  const send = useSendSuggestion({
    mutationConfig: {
      onSuccess: () => {
        reset({ suggestion: "" });
        setSent(true);
      },
      // The text stays in the box.
      // A refusal the member can act on (a suspension says until when) is the server's to word.
      onError: (error) =>
        notify.error(error instanceof ApiError && error.status === 403 ? error.message : "Failed to submit suggestion. Please try again."),
    },
  });
  const busy = formState.isSubmitting || send.isPending;

  useEffect(() => {
    if (!sent) return;
    // The notice takes the form's place, which may have been scrolled partly out of view.
    sentNotice.current?.scrollIntoView({ block: "nearest" });
    const timer = setTimeout(() => navigate(paths.home), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  const onSubmit = handleSubmit((values) => send.mutate(values));

  if (sent) {
    return (
      <div role="status" className={styles.success} ref={sentNotice}>
        <h2>Suggestion Sent!</h2>
        <p>Thank you for your feedback. You will be redirected shortly.</p>
      </div>
    );
  }

  return (
    <form className={`${formStyles.form} ${styles.form}`} onSubmit={onSubmit} noValidate aria-label="Send a suggestion">
      <div className={formStyles.field}>
        <label htmlFor={textId} className={formStyles.label}>
          Your Suggestion
        </label>
        <textarea
          id={textId}
          rows={6}
          maxLength={SUGGESTION_MAX_LENGTH}
          className={formStyles.input}
          aria-describedby={counterId}
          placeholder="What could make the archive better?"
          {...register("suggestion")}
        />
        <span id={counterId} className={styles.counter}>
          {text.length}/{SUGGESTION_MAX_LENGTH}
        </span>
      </div>
      <p className={styles.submitter}>
        Submitting as{" "}
        <strong>
          {[user.firstName, user.lastName].filter(Boolean).join(" ") || "(no name)"}
        </strong>{" "}
        ({user.email})
      </p>
      <div>
        <Button type="submit" disabled={!text.trim() || busy} isLoading={busy} loadingText="Sending...">
          Send Suggestion
        </Button>
      </div>
    </form>
  );
}
