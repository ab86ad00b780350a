/** The logo is an upstream URL: shown as a plain <img> with no referrer, never fetched by our server. */
export function BusinessLogo({ src, name }: { src: string | null; name: string | null }) {
  if (!src || !/^(https:\/\/|data:image\/)/.test(src)) {
    return (
      <div aria-hidden className="flex h-14 w-14 items-center justify-center rounded-lg bg-brand-100 text-lg font-semibold text-brand-700">
        {(name ?? "?").slice(0, 1).toUpperCase()}
      </div>
    );
  }
  return (
    // eslint-disable-next-line @next/next/no-img-element -- an arbitrary upstream URL; next/image would proxy it.
    <img
      src={src}
      alt={`${name ?? "Business"} logo`}
      referrerPolicy="no-referrer"
      className="h-14 w-14 rounded-lg border border-slate-200 object-contain"
    />
  );
}
