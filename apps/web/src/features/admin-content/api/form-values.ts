/** A switch as the form posts it. */
export const flag = (value: boolean) => (value ? '1' : '0');
