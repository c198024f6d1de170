/** The id of the JSON block in which the server hands its page's data to the browser. */
export const SERVER_STATE_ID = 'server-state';
