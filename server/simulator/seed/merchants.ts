import "server-only";

export type Merchant = {
  name: string;
  city: string;
  state: string;
  country: string;
  postal: string;
  mcc: string;
  currency: string;
  /** Typical ticket in major units of `currency`. */
  min: number;
  max: number;
  /** Relative frequency. */
  weight: number;
};

/** Mostly US merchants in USD, with a few abroad in their own currency (cross-border charges apply). */
export const MERCHANTS: Merchant[] = [
  { name: "AMAZON.COM*MK2LP8", city: "Seattle", state: "WA", country: "US", postal: "98109", mcc: "5942", currency: "USD", min: 8, max: 240, weight: 14 },
  { name: "UBER *TRIP", city: "San Francisco", state: "CA", country: "US", postal: "94158", mcc: "4121", currency: "USD", min: 6, max: 85, weight: 10 },
  { name: "STARBUCKS STORE 10482", city: "New York", state: "NY", country: "US", postal: "10018", mcc: "5814", currency: "USD", min: 3.5, max: 22, weight: 10 },
  { name: "WHOLE FOODS MARKET #10231", city: "Austin", state: "TX", country: "US", postal: "78703", mcc: "5411", currency: "USD", min: 12, max: 260, weight: 8 },
  { name: "DELTA AIR LINES", city: "Atlanta", state: "GA", country: "US", postal: "30320", mcc: "3058", currency: "USD", min: 180, max: 1450, weight: 2 },
  { name: "MARRIOTT DOWNTOWN CHICAGO", city: "Chicago", state: "IL", country: "US", postal: "60611", mcc: "3509", currency: "USD", min: 190, max: 980, weight: 2 },
  { name: "SHELL OIL 57444", city: "Houston", state: "TX", country: "US", postal: "77002", mcc: "5541", currency: "USD", min: 25, max: 95, weight: 6 },
  { name: "GOOGLE *WORKSPACE", city: "Mountain View", state: "CA", country: "US", postal: "94043", mcc: "5734", currency: "USD", min: 6, max: 144, weight: 4 },
  { name: "SLACK TECHNOLOGIES", city: "San Francisco", state: "CA", country: "US", postal: "94105", mcc: "5734", currency: "USD", min: 8.75, max: 262.5, weight: 3 },
  { name: "ADOBE *CREATIVE CLD", city: "San Jose", state: "CA", country: "US", postal: "95110", mcc: "5734", currency: "USD", min: 22.99, max: 89.99, weight: 3 },
  { name: "COSTCO WHSE #0479", city: "Miami", state: "FL", country: "US", postal: "33137", mcc: "5300", currency: "USD", min: 40, max: 620, weight: 4 },
  { name: "TARGET 00021451", city: "Denver", state: "CO", country: "US", postal: "80202", mcc: "5310", currency: "USD", min: 9, max: 210, weight: 5 },
  { name: "FEDEX OFFICE 5521", city: "Memphis", state: "TN", country: "US", postal: "38118", mcc: "4215", currency: "USD", min: 12, max: 340, weight: 3 },
  { name: "CHIPOTLE 2291", city: "Boston", state: "MA", country: "US", postal: "02116", mcc: "5814", currency: "USD", min: 9.5, max: 48, weight: 6 },
  { name: "APPLE.COM/BILL", city: "Cupertino", state: "CA", country: "US", postal: "95014", mcc: "5818", currency: "USD", min: 0.99, max: 29.99, weight: 5 },
  { name: "ATM WITHDRAWAL CHASE", city: "Los Angeles", state: "CA", country: "US", postal: "90017", mcc: "6011", currency: "USD", min: 40, max: 400, weight: 2 },
  { name: "TESCO STORES 3121", city: "London", state: "Greater London", country: "GB", postal: "EC2A 4NE", mcc: "5411", currency: "GBP", min: 4, max: 120, weight: 2 },
  { name: "TFL TRAVEL CH", city: "London", state: "Greater London", country: "GB", postal: "SW1H 0TL", mcc: "4111", currency: "GBP", min: 2.8, max: 15, weight: 2 },
  { name: "CARREFOUR CITY", city: "Paris", state: "Ile-de-France", country: "FR", postal: "75011", mcc: "5411", currency: "EUR", min: 5, max: 95, weight: 1 },
  { name: "BOLT.EU/O/2610", city: "Tallinn", state: "Harju", country: "EE", postal: "10145", mcc: "4121", currency: "EUR", min: 4, max: 38, weight: 1 },
  { name: "SHOPRITE LEKKI", city: "Lagos", state: "Lagos", country: "NG", postal: "106104", mcc: "5411", currency: "NGN", min: 3500, max: 95000, weight: 1 },
  { name: "JUMIA NIGERIA", city: "Lagos", state: "Lagos", country: "NG", postal: "101233", mcc: "5999", currency: "NGN", min: 4200, max: 180000, weight: 1 },
];

export const REPORT_MESSAGES = [
  "Cardholder does not recognise this charge.",
  "Goods not received; merchant unreachable.",
  "Charged twice for the same purchase.",
  "Amount differs from the receipt.",
];

/**
 * Merchants longer than any in the list above, for the layout tests of card_long_0001: names at the
 * 100-character edge of what networks send, one with no space to wrap at, and long place names.
 */
export const LONG_MERCHANTS: Merchant[] = [
  { name: "THE INTERNATIONAL HOUSE OF PANCAKES AND WAFFLES FAMILY RESTAURANT AND CATERING #000123456", city: "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch", state: "Isle of Anglesey", country: "GB", postal: "LL61 5UJ", mcc: "5812", currency: "GBP", min: 8, max: 140, weight: 3 },
  { name: "SUPERCALIFRAGILISTICEXPIALIDOCIOUSMERCHANTNAMEWITHNOSPACESATALL*ORDER7788991122", city: "Taumatawhakatangihangakoauauotamateaturipukakapikimaungahoronukupokaiwhenuakitanatahu", state: "Hawke's Bay", country: "NZ", postal: "4278", mcc: "5999", currency: "USD", min: 12, max: 900, weight: 3 },
  { name: "AMAZON MARKETPLACE EU SARL*2K4LP8QZ9 AMZN.COM/BILL LUXEMBOURG CUSTOMER SERVICE", city: "Luxembourg", state: "Luxembourg", country: "LU", postal: "L-1855", mcc: "5942", currency: "EUR", min: 5, max: 400, weight: 3 },
  { name: "Krung Thep Mahanakhon Amon Rattanakosin Mahinthara Ayuthaya Mahadilok Souvenir Shop", city: "Bangkok", state: "Krung Thep Maha Nakhon", country: "TH", postal: "10200", mcc: "5947", currency: "USD", min: 3, max: 60, weight: 2 },
];
