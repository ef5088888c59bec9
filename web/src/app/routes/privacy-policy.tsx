import { PageHeader } from "@/components/layout/page-header";
import { PrivacyContent } from "@/features/legal/components/privacy";

export default function PrivacyPolicyRoute() {
  return (
    <>
      <PageHeader title="Privacy Policy" />
      <PrivacyContent />
    </>
  );
}
