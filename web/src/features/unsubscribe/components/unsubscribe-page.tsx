import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { PageSpinner } from "@/components/ui/spinner";
import { paths } from "@/config/paths";
import { ApiError, apiErrorDetail } from "@/lib/api-client";
import { useUnsubscribePreview } from "../api/get-unsubscribe-preview";
import { useUnsubscribe } from "../api/unsubscribe";
import styles from "./unsubscribe-page.module.css";

const settingsLink = (
  <Link to={paths.notificationSettings}>choose which e-mails you get on your account page</Link>
);

/** Why a link cannot be used, in words: the server's 410 and 400 are the link's fault, anything else ours. */
function refusal(error: unknown): { title: string; detail: string; retry: boolean } {
  if (error instanceof ApiError && error.status === 410) {
    return { title: "This unsubscribe link has expired.", detail: "Links in e-mails work for 60 days.", retry: false };
  }
  if (error instanceof ApiError && error.status === 404) {
    return { title: "This unsubscribe link is not valid.", detail: error.message, retry: false };
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return { title: "This unsubscribe link is not valid.", detail: "It may have been cut short: try opening it again from the e-mail.", retry: false };
  }
  return { title: "Something went wrong.", detail: apiErrorDetail(error) ?? "The archive could not be reached. Please try again.", retry: true };
}

/**
 * Where every notification e-mail's Unsubscribe link lands. It asks before it
 * unsubscribes (opening the link changes nothing, as mail scanners open links),
 * and needs no sign-in: the link's signed token says whose e-mails and which.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const preview = useUnsubscribePreview(token);
  const unsubscribe = useUnsubscribe();

  let content;
  if (!token) {
    content = (
      <Notice tone="warning" title="This unsubscribe link is not valid.">
        <p>It has no token: try opening it again from the e-mail, or sign in and {settingsLink}.</p>
      </Notice>
    );
  } else if (preview.isPending) {
    return <PageSpinner />;
  } else if (preview.isError) {
    const { title, detail, retry } = refusal(preview.error);
    content = (
      <Notice tone="warning" title={title}>
        <p>
          {detail} You can also sign in and {settingsLink}.
        </p>
        {retry && (
          <Button variant="secondary" size="small" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        )}
      </Notice>
    );
  } else if (unsubscribe.isSuccess) {
    content = (
      <Notice tone="success" title="You are unsubscribed.">
        <p>You will no longer get e-mails about {unsubscribe.data.about}. They still appear under the bell when you sign in.</p>
        <p>
          To change this later, sign in and {settingsLink}.
        </p>
      </Notice>
    );
  } else {
    const failed = unsubscribe.isError ? refusal(unsubscribe.error) : null;
    content = (
      <>
        {failed && (
          <Notice tone="warning" title={failed.title}>
            <p>{failed.detail}</p>
          </Notice>
        )}
        <p className={styles.what}>You will no longer get e-mails about {preview.data.about}.</p>
        <p className={styles.lead}>They will still appear under the bell when you sign in.</p>
        <div className={styles.actions}>
          <Button isLoading={unsubscribe.isPending} loadingText="Unsubscribing..." onClick={() => unsubscribe.mutate(token)}>
            Unsubscribe
          </Button>
        </div>
        <p className={styles.lead}>
          Or sign in and {settingsLink}.
        </p>
      </>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">Unsubscribe</h1>
      {content}
    </section>
  );
}
