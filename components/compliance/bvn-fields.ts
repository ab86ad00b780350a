import type { BvnRecord } from "@/lib/schemas/bvn";

type Group = {
  title: string;
  /** `date`: a calendar date, shown as "17 Apr 1988" (formatCalendarDate). */
  fields: { key: keyof BvnRecord; label: string; mono?: boolean; wide?: boolean; sensitive?: boolean; date?: true }[];
};

/** All twenty fields of the record, in the groups staff read them in. */
export const BVN_GROUPS: Group[] = [
  {
    title: "Identity",
    fields: [
      { key: "bvn", label: "BVN", mono: true, sensitive: true },
      { key: "reference", label: "Reference", mono: true },
      { key: "title", label: "Title" },
      { key: "first_name", label: "First name" },
      { key: "middle_name", label: "Middle name" },
      { key: "last_name", label: "Last name" },
      { key: "gender", label: "Gender" },
      { key: "date_of_birth", label: "Date of birth", sensitive: true, date: true },
      { key: "marital_status", label: "Marital status" },
      { key: "nationality", label: "Nationality" },
    ],
  },
  {
    title: "Contact",
    fields: [
      { key: "phone_number", label: "Phone number", mono: true, sensitive: true },
      { key: "email", label: "Email", sensitive: true },
    ],
  },
  {
    title: "Origin and residence",
    fields: [
      { key: "state_of_origin", label: "State of origin" },
      { key: "lga_of_Origin", label: "LGA of origin" },
      { key: "state_of_residence", label: "State of residence" },
      { key: "lga_of_residence", label: "LGA of residence" },
      { key: "residential_address", label: "Residential address", wide: true, sensitive: true },
    ],
  },
  {
    title: "Enrolment",
    fields: [
      { key: "enrollment_bank", label: "Enrolment bank" },
      { key: "enrollment_branch", label: "Enrolment branch" },
      { key: "registration_date", label: "Registration date", date: true },
    ],
  },
];
