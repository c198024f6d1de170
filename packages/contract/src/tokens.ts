// Token lifetimes, apart from the schemas so the web's first script can read them without zod.
export const ACCESS_TOKEN_SECONDS = 2 * 60 * 60;
export const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
/** The client refreshes once less than this remains (spec: under 60 minutes). */
export const REFRESH_WINDOW_SECONDS = 60 * 60;
