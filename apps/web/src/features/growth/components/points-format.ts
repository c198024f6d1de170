/** 1280 → '1,280' (points are whole numbers). */
export const formatPoints = (points: number) => Math.trunc(points).toLocaleString('en-US');

/** A change of points with its sign: '+120', '-50', '0'. */
export const formatSignedPoints = (points: number) => (points > 0 ? `+${formatPoints(points)}` : formatPoints(points));
