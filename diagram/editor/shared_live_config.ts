// The parts of a share link's page (pages/shared_page.ts) that its live view (shared_main.tsx)
// takes over, by id. The figure itself is #shared-drawing, its `data-live` the token's address and
// `data-files` where the images its scene shows are.
export const SHARED_FIGURE_ID = "shared-drawing";
/** Where the live view says how it is doing: connecting, live, reconnecting, ended. */
export const LIVE_STATUS_ID = "shared-live-status";
/** An edit link's form for the name the others see, hidden until the live view shows it. */
export const GUEST_NAME_FORM_ID = "guest-name";
export const GUEST_NAME_INPUT_ID = "guest-name-input";
/**
 * The smallest share of its size a shared drawing opens at, its 20 px labels at 14 px: the
 * picture is served at it, and the live view fits the drawing only when that keeps it as large.
 */
export const READABLE_SCALE = 0.7;
