import type { Metadata } from "next";
import { notFound } from "next/navigation";

export const metadata: Metadata = { title: "Page not found" };

/**
 * An address no other route matches: the 404 of the (app) layout, inside the shell (the menu, who
 * is signed in, sign out). Here rather than in the root not-found: whatever that file imports is
 * loaded with every page, the sign-in page included.
 */
export default function MissingPage(): never {
  notFound();
}
