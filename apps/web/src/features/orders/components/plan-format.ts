import { hourLabel, type ChosenOption, type PlanLine } from '@lab/contract';

/** '扫描范围：5°-90°；速度：慢扫' */
export const optionsText = (options: ChosenOption[]) => options.map((o) => `${o.name}：${o.label}`).join('；');

/** An on-site line's wished day and hours: '2026-11-25 09:00-11:00' (consecutive hours joined). */
export function reservationText(reservation: PlanLine['reservation']): string {
  if (!reservation || reservation.hours.length === 0) return '';
  const hours = [...reservation.hours].sort((a, b) => a - b);
  const ranges: string[] = [];
  let start = hours[0]!;
  let prev = start;
  for (const hour of [...hours.slice(1), Number.NaN]) {
    if (hour === prev + 1) {
      prev = hour;
      continue;
    }
    ranges.push(`${hourLabel(start).slice(0, 5)}-${hourLabel(prev).slice(6)}`);
    start = hour;
    prev = hour;
  }
  return `${reservation.date} ${ranges.join('、')}`;
}

export const UNAVAILABLE_REASON = '该项目已下架或测试条件已变更，请移除后重新添加';
