// The box every whole-view state is drawn in (error, empty, not found). Border colour and shadow are
// left to each state: Tailwind cannot tell which of two competing utilities wins by their order in
// `className`.
export const statePanel = "rounded-lg border bg-white px-6 py-10 text-center";
