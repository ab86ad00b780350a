import "server-only";
import { SEED } from "./ids";
import type { BillCategoryEntryRecord, BillCategoryItemRecord } from "./records";

type Biller = BillCategoryEntryRecord & { items: BillCategoryItemRecord[] };

const c = SEED.billCategories;
const b = SEED.billers;

/**
 * Category → billers → items. Variable-amount items (electricity, airtime) carry their minimum
 * purchase as `amount`; fixed packages carry their price. NGN major units, fee per purchase.
 */
export const BILL_CATALOGUE: Record<string, Biller[]> = {
  [c.electricity]: [
    {
      id: b.ikejaElectric,
      name: "Ikeja Electric",
      items: [
        { id: "item_ikedc_prepaid", code: "IKEDC-PRE", name: "Ikeja Electric Prepaid", currency: "NGN", amount: 1000, fee: 100 },
        { id: "item_ikedc_postpaid", code: "IKEDC-POST", name: "Ikeja Electric Postpaid", currency: "NGN", amount: 1000, fee: 100 },
      ],
    },
    {
      id: b.ekoElectric,
      name: "Eko Electricity Distribution",
      items: [
        { id: "item_ekedc_prepaid", code: "EKEDC-PRE", name: "Eko Electric Prepaid", currency: "NGN", amount: 1000, fee: 100 },
        { id: "item_ekedc_postpaid", code: "EKEDC-POST", name: "Eko Electric Postpaid", currency: "NGN", amount: 1000, fee: 100 },
      ],
    },
    {
      id: b.abujaElectric,
      name: "Abuja Electricity Distribution",
      items: [{ id: "item_aedc_prepaid", code: "AEDC-PRE", name: "AEDC Prepaid", currency: "NGN", amount: 1500, fee: 100 }],
    },
  ],
  [c.airtime]: [
    {
      id: b.mtn,
      name: "MTN Nigeria",
      items: [{ id: "item_mtn_vtu", code: "MTN-VTU", name: "MTN Airtime VTU", currency: "NGN", amount: 50, fee: 0 }],
    },
    {
      id: b.airtel,
      name: "Airtel Nigeria",
      items: [{ id: "item_airtel_vtu", code: "AIRTEL-VTU", name: "Airtel Airtime VTU", currency: "NGN", amount: 50, fee: 0 }],
    },
    {
      id: b.glo,
      name: "Globacom",
      items: [{ id: "item_glo_vtu", code: "GLO-VTU", name: "Glo Airtime VTU", currency: "NGN", amount: 50, fee: 0 }],
    },
  ],
  [c.cableTv]: [
    {
      id: b.dstv,
      name: "DStv",
      items: [
        { id: "item_dstv_padi", code: "DSTV-PADI", name: "DStv Padi", currency: "NGN", amount: 4400, fee: 100 },
        { id: "item_dstv_compact", code: "DSTV-COMPACT", name: "DStv Compact", currency: "NGN", amount: 15700, fee: 100 },
        { id: "item_dstv_premium", code: "DSTV-PREMIUM", name: "DStv Premium", currency: "NGN", amount: 44500, fee: 100 },
      ],
    },
    {
      id: b.gotv,
      name: "GOtv",
      items: [
        { id: "item_gotv_smallie", code: "GOTV-SMALLIE", name: "GOtv Smallie", currency: "NGN", amount: 1900, fee: 100 },
        { id: "item_gotv_max", code: "GOTV-MAX", name: "GOtv Max", currency: "NGN", amount: 8500, fee: 100 },
      ],
    },
    {
      id: b.startimes,
      name: "StarTimes",
      items: [{ id: "item_startimes_basic", code: "STARTIMES-BASIC", name: "StarTimes Basic", currency: "NGN", amount: 4000, fee: 100 }],
    },
  ],
};
