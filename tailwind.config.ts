import type { Config } from "tailwindcss";

// Tailwind v4 reads this through the `@config` line in app/globals.css. Colours are in the
// `@theme` block there, as CSS variables, so the dark theme can swap them.
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "monospace"],
      },
    },
  },
};

export default config;
