import styles from "./create-post-form.module.css";

export function WritingTips() {
  return (
    <aside className={styles.tips} aria-labelledby="writing-tips-title">
      <h2 id="writing-tips-title">Writing tips</h2>
      <ul>
        <li>Stick to facts that can be checked, and list your sources under References.</li>
        <li>Put the essentials in the lead summary: what happened, when and where.</li>
        <li>Use Markdown for structure: ## headings, **bold**, lists and [links](https://example.com).</li>
        <li>Choose the Event type for something that happened on a date, so it shows on the timeline.</li>
        <li>Info boxes hold quick facts, one per line as key: value (for example Location: Online).</li>
        <li>Mark the post NSFW if it shows or describes anything not safe for work.</li>
        <li>Be respectful: no defamation, harassment or private information. Every post is reviewed, typically within 24-48 hours.</li>
      </ul>
    </aside>
  );
}
