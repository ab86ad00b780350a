/** The badge tones, named here so lib/ need not import components (kept in step with components/ui/badge). */
export type BadgeToneName = "neutral" | "info" | "success" | "warning" | "danger";
