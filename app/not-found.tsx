import Link from "next/link";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3">
      <h1 className="text-xl font-semibold">Page not found</h1>
      <p className="text-slate-600">There is no page at this address.</p>
      <Link href="/" className="text-brand-600 underline">
        Go to the back-office
      </Link>
    </main>
  );
}
