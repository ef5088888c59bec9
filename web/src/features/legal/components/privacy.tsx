import { Link } from "react-router";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import styles from "./legal.module.css";
import { POLICIES_EFFECTIVE } from "./terms";

/** Privacy Policy (SPEC §2). */
export function PrivacyContent() {
  return (
    <div className={styles.page}>
      <p className={styles.effective}>Effective date: {POLICIES_EFFECTIVE}</p>

      <h2>Authentication</h2>
      <p>
        Sign-in and sign-up are handled by our authentication provider. We receive your name and e-mail address from it; we never see or store your
        password.
      </p>

      <h2>What we store</h2>
      <p>We store the posts, comments, upvotes and downvotes, suggestions and media (images and videos) you submit, linked to your account.</p>

      <h2>Who can see your media</h2>
      <p>Media you upload can be viewed by admins and moderators while it is reviewed, and by everyone once the post is published.</p>

      <h2>Analytics</h2>
      <p>
        We use privacy-conscious analytics to understand how the site is used (page views and interactions). It helps us improve the archive and is
        not used to build advertising profiles.
      </p>

      <h2>No selling of data</h2>
      <p>We do not sell, rent or trade your personal data.</p>

      <h2>Changes to this policy</h2>
      <p>We may update this policy. Changes take effect when they are posted on this page.</p>

      <h2>Your data and data deletion</h2>
      <p>
        On <Link to={paths.account}>your account page</Link> you can download everything the archive holds about you as a file, and delete your
        account. Deleting it removes your account, your profile and your votes at once. Posts and comments you published stay in the archive, as the
        Terms of Service allow, shown under "Deleted user" and no longer linked to you.
      </p>
      <p>
        To have your data deleted in another way, or for any question about it, write to <a href={`mailto:${env.contactEmail}`}>{env.contactEmail}</a>{" "}
        (see also the <Link to={paths.contact}>Contact</Link> page).
      </p>
    </div>
  );
}
