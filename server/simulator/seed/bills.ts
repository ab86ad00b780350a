import "server-only";
import { SEED } from "./ids";
import type { BillRecord, TransactionRecord } from "./records";

/** Bill payments are wallet debits in NGN; the fields they share with transactions are filled alike. */
type Varying = "id" | "reference" | "amount" | "charges" | "detail" | "imad" | "session_id" | "trace_number" | "created_at" | "updated_at";

const billBase: Omit<TransactionRecord, Varying> = {
  account_name: "Harbor & Pine Trading Ltd",
  account_number: "0123456789",
  bank_code: "035",
  bank_name: "Wema Bank",
  fiat_rate: 1,
  currency: "NGN",
  category: "BILL_PAYMENT",
  type: "DEBIT",
  status: "SUCCESS",
  payment_method: "WALLET",
  report: false,
  report_message: "",
};

export function seedBills(): BillRecord[] {
  const b = SEED.bills;
  return [
    {
      ...billBase,
      id: b.electricity,
      reference: "HPT-BIL-20261029-0021",
      amount: 25000,
      charges: 100,
      detail: "Ikeja Electric prepaid meter 45071829364",
      imad: "BIL20261029000021",
      session_id: "bil_ses_20261029_0021",
      trace_number: "IKEDC261029101233",
      created_at: "2026-10-29T10:12:33.000Z",
      updated_at: "2026-10-29T10:12:41.000Z",
      bill: {
        bill_code: "IKEDC",
        bill_name: "Ikeja Electric",
        item_code: "IKEDC-PRE",
        name: "Ikeja Electric Prepaid",
        token: "4821-0937-5562-1184-0273",
      },
    },
    {
      ...billBase,
      id: b.airtime,
      reference: "HPT-BIL-20261030-0044",
      amount: 5000,
      charges: 0,
      detail: "MTN airtime for +2348031234567",
      imad: "BIL20261030000044",
      session_id: "bil_ses_20261030_0044",
      trace_number: "MTNVTU261030174502",
      created_at: "2026-10-30T17:45:02.000Z",
      updated_at: "2026-10-30T17:45:03.000Z",
      bill: {
        bill_code: "MTN",
        bill_name: "MTN Nigeria",
        item_code: "MTN-VTU",
        name: "MTN Airtime VTU",
        token: "VTU-8F2K-19QX-77PD",
      },
    },
    {
      ...billBase,
      id: b.cableTv,
      reference: "HPT-BIL-20261020-0008",
      amount: 15700,
      charges: 100,
      status: "PENDING",
      detail: "DStv Compact renewal, smartcard 7023418856",
      imad: "BIL20261020000008",
      session_id: "bil_ses_20261020_0008",
      trace_number: "DSTV261020090415",
      created_at: "2026-10-20T09:04:15.000Z",
      updated_at: "2026-10-20T09:04:15.000Z",
      bill: {
        bill_code: "DSTV",
        bill_name: "DStv",
        item_code: "DSTV-COMPACT",
        name: "DStv Compact",
        token: "RNW-5521-0043-8812",
      },
    },
  ];
}
