import { AccountPage } from "@/features/auth/components/account/account-page";
import { FollowingLists } from "@/features/following/components/following-lists";
import { NotificationSettingsForm } from "@/features/following/components/notification-settings-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useViewer } from "../use-viewer";

export default function AccountRoute() {
  useDocumentTitle("Your account");
  const viewer = useViewer();
  return (
    <AccountPage
      sections={[
        {
          id: "notifications",
          title: "Notifications",
          description: "The bell shows everything. Choose what also comes by e-mail, at once or in one e-mail a day.",
          content: <NotificationSettingsForm viewer={viewer} />,
        },
        {
          id: "following",
          title: "Following",
          description: "New comments on the posts you follow, and new posts with the tags and by the authors you follow.",
          content: <FollowingLists viewer={viewer} />,
        },
      ]}
    />
  );
}
