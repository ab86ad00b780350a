import { NotFoundState } from "@/components/ui/not-found-state";
import { PageHeader } from "@/components/ui/page-header";

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <NotFoundState
        title="There is no page at this address"
        message="Check the address, or go back to the back-office and use the menu."
      />
    </>
  );
}
