import { Link } from "react-router";
import { env } from "@/config/env";
import { paths } from "@/config/paths";
import styles from "./legal.module.css";

/** Contact (SPEC §2): the two addresses, response time, guidelines note, links, FAQ. */
export function ContactContent() {
  return (
    <div className={styles.page}>
      <p>Questions, corrections or concerns about {env.siteName}? Write to us.</p>
      <ul className={styles.emails}>
        <li>
          <span className={styles.emailLabel}>General enquiries</span>
          <a href={`mailto:${env.contactEmail}`}>{env.contactEmail}</a>
        </li>
        <li>
          <span className={styles.emailLabel}>Admin and moderation</span>
          <a href={`mailto:${env.moderationEmail}`}>{env.moderationEmail}</a>
        </li>
      </ul>
      <p>We usually respond within 24-48 hours.</p>
      <p className={styles.note}>
        Please keep messages factual and respectful, and follow our community guidelines. Read the{" "}
        <Link to={paths.termsOfService}>Terms of Service</Link> and the <Link to={paths.privacyPolicy}>Privacy Policy</Link> for how the
        archive works and how your data is handled.
      </p>

      <h2>Frequently asked questions</h2>
      <h3>How do I create an account?</h3>
      <p>Choose Sign up at the top of any page (in the menu on a phone) and follow the steps. You must be 18 or older.</p>
      <h3>How do I submit a post?</h3>
      <p>Once signed in, click the green Post button in the header, fill in the form and submit it. Every post goes to review before it is published.</p>
      <h3>Why is my post pending?</h3>
      <p>
        Every new post is reviewed by the moderators before it appears in the archive, typically within 24-48 hours. This keeps the archive factual and
        respectful.
      </p>
      <h3>Can I edit my post?</h3>
      <p>
        Only admins can edit posts. If something needs to change, use Suggest edit on the post, or write to{" "}
        <a href={`mailto:${env.moderationEmail}`}>{env.moderationEmail}</a>.
      </p>
    </div>
  );
}
