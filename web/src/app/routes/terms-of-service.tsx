import { PageHeader } from "@/components/layout/page-header";
import { TermsContent } from "@/features/legal/components/terms";

export default function TermsOfServiceRoute() {
  return (
    <>
      <PageHeader title="Terms of Service" />
      <TermsContent />
    </>
  );
}
