import { LoadingState } from "@/components/ui";

export default function Loading() {
  return <LoadingState />;
}
