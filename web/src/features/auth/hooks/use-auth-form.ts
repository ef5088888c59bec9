import { useEffect, useState } from "react";
import { useForm, type FieldValues, type Path, type UseFormProps } from "react-hook-form";
import { getAuthClient } from "@/lib/supabase";

/**
 * The form of Log in or Sign up, with the server's refusal (`serverError`,
 * set by the screen's mutation; `submitWith(send)` clears it and sends the
 * checked values). The auth client loads while the form is filled in, not
 * when it is sent; in a modal (`autoFocus`) `firstField` takes focus.
 */
export function useAuthForm<Values extends FieldValues>(options: UseFormProps<Values>, firstField: Path<Values>, autoFocus?: boolean) {
  useEffect(() => {
    void getAuthClient();
  }, []);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<Values>(options);
  const { setFocus } = form;
  useEffect(() => {
    if (autoFocus) setFocus(firstField);
  }, [autoFocus, firstField, setFocus]);
  const submitWith = (send: (values: Values) => void) =>
    form.handleSubmit((values) => {
      setServerError(null);
      send(values);
    });
  return { register: form.register, errors: form.formState.errors, serverError, setServerError, submitWith };
}
