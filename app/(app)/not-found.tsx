import { NotFoundState } from "@/components/ui";

export default function NotFound() {
  return <NotFoundState title="Page not found" message="There is no page at this address." />;
}
