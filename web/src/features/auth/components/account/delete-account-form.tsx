import { useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { FormAlert, formStyles } from "@/components/ui/form/form-alert";
import { InputField } from "@/components/ui/form/input-field";
import { paths } from "@/config/paths";
import { apiErrorDetail } from "@/lib/api-client";
import { notify } from "@/lib/notify";
import { useDeleteAccount } from "../../api/delete-account";

/** "Delete my account", confirmed by typing the account's e-mail address (the server checks it too). */
export function DeleteAccountForm({ email }: { email: string }) {
  const [typed, setTyped] = useState("");
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount({
    mutationConfig: {
      onSuccess: () => {
        notify.success("Your account has been deleted.");
        navigate(paths.home);
      },
    },
  });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  return (
    <form
      className={formStyles.form}
      aria-label="Delete my account"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (matches) deleteAccount.mutate(typed.trim());
      }}
    >
      <p>
        Your account, your profile and your votes are deleted for good. Posts and comments you published stay in the archive under "Deleted user".
        Download your data first if you want to keep a copy.
      </p>
      {deleteAccount.isError && (
        <FormAlert>{apiErrorDetail(deleteAccount.error) ?? "Your account could not be deleted. Please try again."}</FormAlert>
      )}
      <InputField
        label="Type your e-mail address to confirm"
        type="email"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" variant="danger" disabled={!matches} isLoading={deleteAccount.isPending} loadingText="Deleting...">
        Delete my account
      </Button>
    </form>
  );
}
