/**
 * IANA time-zone names, checked in one place for the staff preference, the audit filters and the
 * card list. "Known" means listed by this runtime's `Intl.supportedValuesOf("timeZone")`, plus UTC
 * (which the list leaves out). A legacy alias the runtime maps to a listed zone (a browser may say
 * Asia/Kolkata where the server's list holds Asia/Calcutta) is accepted as that listed name.
 */

export const TIME_ZONE_MAX_LENGTH = 64;
// Letters, digits, "_", "+", "-" and "/": every IANA name; anything else never reaches Intl.
const SHAPE = /^[A-Za-z0-9_+\-/]+$/;

let known: ReadonlySet<string> | undefined;

/** Every zone this runtime knows, sorted, UTC first. */
export function knownTimeZones(): readonly string[] {
  return [...knownSet()];
}

function knownSet(): ReadonlySet<string> {
  if (!known) {
    const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    known = new Set(["UTC", ...listed.filter((z) => z !== "UTC").sort()]);
  }
  return known;
}

/** The listed name for `zone`, or null when it is not a zone this runtime knows; never throws. */
export function canonicalTimeZone(zone: string): string | null {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > TIME_ZONE_MAX_LENGTH || !SHAPE.test(zone)) return null;
  // UTC, or a place's zone that the runtime resolves to itself, is one it lists: known without building
  // the list, which costs a phone tens of milliseconds on the first load of every page (the browser's zone).
  if (zone === "UTC") return zone;
  const placeResolved = PLACE.test(zone) ? resolvedZone(zone) : undefined;
  if (placeResolved === zone) return zone;
  const zones = knownSet();
  if (zones.has(zone)) return zone;
  const resolved = placeResolved === undefined ? resolvedZone(zone) : placeResolved;
  if (resolved === null) return null;
  // Only a different spelling of a listed zone ("etc/utc", "Asia/Kolkata"), not an abbreviation like "EST".
  if (resolved === "UTC" && !/^(etc\/)?(utc|uct|gmt|zulu|universal)$/i.test(zone)) return null;
  return zones.has(resolved) && sameRegion(zone, resolved) ? resolved : null;
}

// The areas of IANA's place names ("Africa/Lagos"); not "Etc/…", "EST" or "US/…", which the list decides.
const PLACE = /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific)\/[A-Za-z]/;

/** The runtime's own name for `zone`, or null for a zone it does not know. */
function resolvedZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

// "EST" resolves to America/Panama on some runtimes: an abbreviation is not the zone of a place.
function sameRegion(asked: string, resolved: string): boolean {
  return asked.includes("/") === resolved.includes("/") || /^etc\//i.test(asked);
}

export function isTimeZone(zone: string): boolean {
  return canonicalTimeZone(zone) !== null;
}

/** The viewer's zone as the browser reports it, when it is one we know; UTC otherwise or on the server. */
export function browserTimeZone(): string {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "") ?? "UTC";
  } catch {
    return "UTC";
  }
}

// The header renders this on every page; building the formatter costs far more than using it.
const shortNameFormats = new Map<string, Intl.DateTimeFormat>();
function shortNameFormat(zone: string): Intl.DateTimeFormat {
  let format = shortNameFormats.get(zone);
  if (!format) shortNameFormats.set(zone, (format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })));
  return format;
}

/** The short name of a zone at an instant ("GMT+1", "EST", "UTC"), for tight spaces; the zone itself if Intl has none. */
export function zoneShortName(zone: string, at: number = Date.now()): string {
  try {
    const parts = shortNameFormat(zone).formatToParts(at);
    return parts.find((p) => p.type === "timeZoneName")?.value ?? zone;
  } catch {
    return zone;
  }
}

// ICU still lists some zones under the names their cities have dropped; a member looking for
// Kolkata or Kyiv would not find "Asia/Calcutta" or "Europe/Kiev". The stored value stays ICU's.
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  "America/Godthab": "America/Nuuk",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

/** The zone as staff know it today ("Asia/Kolkata" for ICU's "Asia/Calcutta"); any other zone as it is. */
export function zoneLabel(zone: string): string {
  return Object.hasOwn(CURRENT_NAMES, zone) ? CURRENT_NAMES[zone]! : zone;
}
