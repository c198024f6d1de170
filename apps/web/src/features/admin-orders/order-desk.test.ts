import { describe, expect, it } from 'vitest';
import type { AdminOrderDetail, AdminPickup, AdminReservation, ReservationWeek } from '@lab/contract';
import { bySlot, deskActions, rowPromises, spanText, timeLeftText, weekGrid } from './order-desk';

const actions = (open: Partial<AdminOrderDetail['staffActions']>): Pick<AdminOrderDetail, 'staffActions'> => ({
  staffActions: { confirm: false, receive: false, test: false, deliver: false, complete: false, retest: false, cancel: false, upload: false, call: false, notify: false, ...open },
});

describe('deskActions: the buttons a person sees', () => {
  it('are what the state allows and the role may do: the lab steps for the lab, the call for sales, everything for admin', () => {
    const received = actions({ test: true, cancel: true, call: true });
    expect(deskActions(received, 'lab')).toEqual(['test', 'cancel']);
    expect(deskActions(received, 'sales')).toEqual(['cancel', 'call']);
    expect(deskActions(received, 'admin')).toEqual(['test', 'cancel', 'call']);
    expect(deskActions(received, 'finance')).toEqual([]);
    expect(deskActions(received, undefined)).toEqual([]);
    const delivered = actions({ complete: true, retest: true, upload: true, notify: true });
    expect(deskActions(delivered, 'lab')).toEqual(['complete', 'retest', 'upload', 'notify']);
    expect(deskActions(delivered, 'sales')).toEqual(['notify']);
  });
});

describe('promise deadlines', () => {
  const now = Date.parse('2026-03-02T02:00:00Z');
  it('say the time left or how late, in words', () => {
    expect(spanText(45)).toBe('45分钟');
    expect(spanText(125)).toBe('2小时5分');
    expect(spanText(120)).toBe('2小时');
    expect(spanText(27 * 60)).toBe('1天3小时');
    expect(timeLeftText({ dueAt: '2026-03-02T02:20:00Z', state: 'due_soon' }, now)).toBe('剩余20分钟');
    expect(timeLeftText({ dueAt: '2026-03-01T23:00:00Z', state: 'overdue' }, now)).toBe('已超时3小时');
    expect(timeLeftText({ dueAt: '2026-03-01T23:00:00Z', state: 'done' }, now)).toBeNull();
  });

  it('a list row shows only the promises still running', () => {
    const promise = (state: 'pending' | 'done' | 'overdue' | 'missed', kind: 'call' | 'notice' | 'return') => ({ kind, state, since: '', dueAt: '', doneAt: null });
    expect(rowPromises([promise('done', 'call'), promise('overdue', 'notice'), promise('missed', 'call'), promise('pending', 'return')]).map((p) => p.kind)).toEqual(['notice', 'return']);
  });
});

describe('layouts', () => {
  it('groups a day’s pickups by slot in time order', () => {
    const pickup = (rid: string, time: string) => ({ rid, time }) as AdminPickup;
    expect(bySlot([pickup('a', '14:00'), pickup('b', '09:00'), pickup('c', '14:00')]).map((s) => [s.time, s.pickups.map((p) => p.rid)])).toEqual([
      ['09:00', ['b']],
      ['14:00', ['a', 'c']],
    ]);
  });

  it('puts each booking in its instrument’s row and day, hours in order', () => {
    const booking = (rid: string, itemRid: string, date: string, hours: number[]) => ({ rid, itemRid, date, hours }) as AdminReservation;
    const week: ReservationWeek = {
      days: ['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-15'],
      instruments: [
        { rid: 'sem', name: 'SEM', model: null, labLocation: '' },
        { rid: 'afm', name: 'AFM', model: null, labLocation: '' },
      ],
      bookings: [booking('late', 'sem', '2026-03-10', [15]), booking('early', 'sem', '2026-03-10', [9, 10]), booking('afm', 'afm', '2026-03-14', [13]), booking('stray', 'gone', '2026-03-10', [9])],
    };
    const grid = weekGrid(week);
    expect(grid.get('sem')?.get('2026-03-10')?.map((b) => b.rid)).toEqual(['early', 'late']);
    expect(grid.get('afm')?.get('2026-03-14')?.map((b) => b.rid)).toEqual(['afm']);
    expect(grid.get('sem')?.get('2026-03-09')).toEqual([]);
    expect(grid.has('gone')).toBe(false);
  });
});
