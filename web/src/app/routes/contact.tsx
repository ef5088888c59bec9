import { PageHeader } from "@/components/layout/page-header";
import { ContactContent } from "@/features/legal/components/contact";

export default function ContactRoute() {
  return (
    <>
      <PageHeader title="Contact" />
      <ContactContent />
    </>
  );
}
