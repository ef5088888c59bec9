import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert, FormNotice, formStyles } from "@/components/ui/form/form-alert";
import { SelectField } from "@/components/ui/form/select-field";
import { ContentSpinner } from "@/components/ui/spinner";
import { apiErrorDetail } from "@/lib/api-client";
import type { Viewer } from "@/lib/query-keys";
import { browserTimeZone } from "@/lib/time-zone";
import { type Delivery, type NotificationSettings, type NotificationTopic, useNotificationSettings } from "../api/get-notification-settings";
import { useUpdateNotificationSettings } from "../api/update-notification-settings";
import { deliveryOptions, hourLabel, timeZoneChoices, topicLabels } from "../utils/notification-choices";
import styles from "./following.module.css";

const hours = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }));

/** The account page's Notifications: per topic e-mail at once, in the daily digest or bell only, and when the digest goes out. */
export function NotificationSettingsForm({ viewer }: { viewer: Viewer }) {
  const settings = useNotificationSettings(viewer);
  if (settings.isPending) return <ContentSpinner label="Loading your notification settings..." />;
  if (settings.isError) return <p role="alert">Your notification settings could not be loaded. Please try again in a moment.</p>;
  return <SettingsForm viewer={viewer} saved={settings.data} />;
}

function SettingsForm({ viewer, saved }: { viewer: Viewer; saved: NotificationSettings }) {
  const initial = () => ({
    topics: Object.fromEntries(saved.topics.map((t) => [t.topic, t.delivery])) as Record<NotificationTopic, Delivery>,
    // Until the member chooses, the digest is offered in their browser's time zone.
    timeZone: saved.digest.isDefault ? browserTimeZone() : saved.digest.timeZone,
    hour: saved.digest.hour,
  });
  const [values, setValues] = useState(initial);
  const update = useUpdateNotificationSettings();
  const [zones] = useState(() => timeZoneChoices(values.timeZone));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    update.mutate({
      viewer,
      change: {
        topics: saved.topics.map(({ topic }) => ({ topic, delivery: values.topics[topic] })),
        digest: { timeZone: values.timeZone, hour: values.hour },
      },
    });
  };

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate aria-label="Notifications">
      {update.isSuccess && <FormNotice>Your notification settings have been saved.</FormNotice>}
      {update.isError && <FormAlert>{apiErrorDetail(update.error) ?? "Your settings could not be saved. Please try again in a moment."}</FormAlert>}
      <div className={styles.topics}>
        {saved.topics.map(({ topic }) => (
          <SelectField
            key={topic}
            label={topicLabels[topic]}
            options={deliveryOptions}
            value={values.topics[topic]}
            onChange={(event) => setValues((v) => ({ ...v, topics: { ...v.topics, [topic]: event.target.value as Delivery } }))}
          />
        ))}
      </div>
      <div className={formStyles.row}>
        <SelectField
          label="Daily digest at"
          options={hours}
          value={String(values.hour)}
          onChange={(event) => setValues((v) => ({ ...v, hour: Number(event.target.value) }))}
        />
        <SelectField
          label="Time zone"
          options={zones.map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }))}
          value={values.timeZone}
          onChange={(event) => setValues((v) => ({ ...v, timeZone: event.target.value }))}
        />
      </div>
      <Button type="submit" isLoading={update.isPending} loadingText="Saving...">
        Save notification settings
      </Button>
    </form>
  );
}
