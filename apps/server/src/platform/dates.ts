/**
 * The lab's calendar is Asia/Shanghai (UTC+8 all year, no daylight saving), whatever zone the
 * machine runs in: a date filter 'YYYY-MM-DD' means that day in Shanghai.
 */
export const shanghaiDate = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** The instant a Shanghai day starts. */
export const shanghaiDayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The instant the Shanghai day after `day` starts (the end of a date range, exclusive). */
export const shanghaiDayEnd = (day: string) => new Date(shanghaiDayStart(day).getTime() + 24 * 3_600_000);

/** 'YYYY-MM-DD HH:mm' on the lab's clock, for sentences a person reads (请在…前完成支付). */
export const shanghaiMinute = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
