import { useState } from "react";
import { FormNotice } from "@/components/ui/form/form-alert";
import { NewPasswordForm } from "../new-password-form";

/** A new password; Auth signs the account out everywhere else. */
export function PasswordForm() {
  const [changed, setChanged] = useState(0);
  return (
    <>
      {changed > 0 && <FormNotice>Your password has been changed. Other devices where you were logged in have been logged out.</FormNotice>}
      <NewPasswordForm key={changed} onSuccess={() => setChanged((n) => n + 1)} />
    </>
  );
}
