/**
 * The document title the page being rendered on the server asked for: a page sets its title
 * in an effect, which the server never runs, so the hook leaves it here for entry-server.tsx
 * to put in the HTML's <title>. Rendering is synchronous, so one slot serves every request.
 */
export const serverTitle: { current: string | null } = { current: null };
