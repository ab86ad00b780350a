// Each state lives in its own module, so a view can import the ones it draws at once and load a
// rare one when it is shown; this module gathers them for everything else.
export { EmptyState, ErrorState } from "./error-state";
export { LoadingLine, LoadingState } from "./loading-state";
export { NotFoundState } from "./not-found-state";
