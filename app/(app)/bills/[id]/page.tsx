import type { Metadata } from "next";
import { BillViewer } from "@/components/finance/bill-viewer";
import { financePage } from "@/server/finance/page-guard";
import { page } from "@/app/page-guard";

// In words, not the raw id: the viewer names the biller once the bill is read ("Ikeja Electric · Bill payment").
export const metadata: Metadata = { title: "Bill payment" };

export default page({ ...financePage, ids: { id: "bill" } }, ({ params }) => <BillViewer id={params.id} />);
