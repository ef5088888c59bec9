import { useState } from "react";
import { FormNotice } from "@/components/ui/form/form-alert";
import { newPasswordNeedsCurrent } from "../../utils/session-method";
import { NewPasswordForm } from "../new-password-form";

/** A new password, with the current one unless the session began with an e-mail link; Auth signs the account out everywhere else. */
export function PasswordForm({ accessToken }: { accessToken: string }) {
  const [changed, setChanged] = useState(0);
  const needsCurrent = newPasswordNeedsCurrent(accessToken);
  return (
    <>
      {changed > 0 && <FormNotice>Your password has been changed. Other devices where you were logged in have been logged out.</FormNotice>}
      {!needsCurrent && <p>You logged in with a link from an e-mail, so your current password is not needed.</p>}
      <NewPasswordForm key={changed} needsCurrent={needsCurrent} onSuccess={() => setChanged((n) => n + 1)} />
    </>
  );
}
