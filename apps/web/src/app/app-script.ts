/**
 * The id of the script element that starts the app on a page the server drew, which lists the
 * app's scripts for it (start-after-paint.ts). Apart from server-page.ts, so the two first
 * scripts share no chunk.
 */
export const APP_SCRIPT_ID = 'app-script';
