import { Link } from "react-router";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import styles from "./legal.module.css";

export const POLICIES_EFFECTIVE = "June 24, 2025";

/** Terms of Service (SPEC §2), effective June 24, 2025. */
export function TermsContent() {
  return (
    <div className={styles.page}>
      <p className={styles.effective}>Effective date: {POLICIES_EFFECTIVE}</p>
      <p>
        {env.siteName} is an independent, fan-operated community archive. It is not affiliated with the person it documents. By using the site you
        agree to these terms.
      </p>

      <h2>1. Age restriction</h2>
      <p>You must be 18 years of age or older to create an account or to use this site.</p>

      <h2>2. User conduct</h2>
      <ul>
        <li>Posts and comments must be factual and respectful.</li>
        <li>No defamation: do not post false statements that could harm the reputation of any person.</li>
        <li>Moderation may remove any content at its discretion, with or without notice.</li>
        <li>Your username may be changed if it is inappropriate or misleading.</li>
        <li>Accounts that break these terms may be deleted.</li>
      </ul>

      <h2>3. Content management</h2>
      <p>
        Every new post is reviewed before it is published. Admins may edit, pin, mark as important or delete posts and delete comments, and may accept
        or reject suggested edits. By submitting content you allow the archive to display, edit and keep it as part of the archive.
      </p>

      <h2>4. No liability</h2>
      <p>
        The archive is provided &ldquo;as is&rdquo;, without warranties of any kind. We are not liable for the content users submit, for its accuracy,
        or for any loss arising from the use of the site.
      </p>

      <h2>5. Modifications</h2>
      <p>We may change these terms at any time. Changes take effect when they are posted on this page; continuing to use the site means you accept them.</p>

      <h2>6. Governing law</h2>
      <p>These terms are governed by the laws of the United States.</p>

      <p>
        Questions? See the <Link to={paths.contact}>Contact</Link> page or write to <a href={`mailto:${env.contactEmail}`}>{env.contactEmail}</a>.
      </p>
    </div>
  );
}
