/** A transaction flagged for report must be impossible to miss: it heads the page. */
export function ReportBanner({ report, message }: { report: boolean | null; message: string | null }) {
  if (report !== true) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border border-red-300 bg-red-50 px-5 py-4">
      <p className="text-sm font-semibold text-red-900">Reported transaction</p>
      <p className="mt-1 text-sm text-red-800">
        {message && message.trim() !== "" ? message : "Flagged for report; no message was given."}
      </p>
    </div>
  );
}
