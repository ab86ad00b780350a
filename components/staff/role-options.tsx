import { roleLabels, roles } from "@/lib/permissions";

/** The roles of the permission matrix as `<option>`s, labelled as staff read them. */
export function RoleOptions() {
  return roles.map((r) => (
    <option key={r} value={r}>
      {roleLabels[r]}
    </option>
  ));
}
