import { roles } from "@/lib/permissions";
import { roleLabels } from "@/lib/format/role-label";

/** The roles of the permission matrix as `<option>`s, labelled as staff read them. */
export function RoleOptions() {
  return roles.map((r) => (
    <option key={r} value={r}>
      {roleLabels[r]}
    </option>
  ));
}
