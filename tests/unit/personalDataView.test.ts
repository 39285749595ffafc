import { describe, expect, it } from 'vitest';
import { blockedRangesSeenBy, viewOf } from '../../server/policy/personalDataView.ts';

// Tina (id 1) leads church 10's Louvor (department 100); her team is Tina and Vera (2). Paula (3) is on church 10's
// Infantil (200); Otto (4) serves at church 20 only.
const tina = viewOf(1, [{ churchId: 10, departmentId: 100 }], new Set([1, 2]));

describe('what a team leader may read of other people (docs/product.md §11)', () => {
  it.each([
    ['herself', 1, true],
    ['a member of her team', 2, true],
    ['a member of another team of her church', 3, false],
    ['someone of another church', 4, false],
  ])('contact (e-mail, phone) of %s: %s', (_who, userId, expected) => {
    expect(tina.contactOf(userId)).toBe(expected);
  });

  it.each([
    ['her own, anywhere', 1, 20, 300, true],
    ['a member of her team, at her team’s place', 2, 10, 100, true],
    ['a member of her team, at another department of her church', 2, 10, 200, false],
    ['someone else, at her team’s place', 3, 10, 100, true],
    ['someone else, at another team of her church', 3, 10, 200, false],
    ['a whole-network event', 2, null, 100, false],
  ] as const)('notes and reasons: %s → %s', (_case, userId, churchId, departmentId, expected) => {
    expect(tina.notesAt(userId, churchId, departmentId)).toBe(expected);
  });

  it.each([
    ['a member of her team, at another church', 2, 20, true],
    ['an outsider, at her church', 4, 10, true],
    ['an outsider, at another church', 4, 20, false],
    ['an outsider, at a whole-network event', 4, null, false],
  ] as const)('where someone serves: %s → %s', (_case, userId, churchId, expected) => {
    expect(tina.scheduleAt(userId, churchId)).toBe(expected);
  });

  it('blocked days: whole ranges for her team, only the event’s day for anyone else, nothing when none', () => {
    const ranges = [{ from: '2030-03-01', to: '2030-03-20' }];
    expect(blockedRangesSeenBy(tina, 2, ranges, '2030-03-03')).toEqual(ranges);
    expect(blockedRangesSeenBy(tina, 4, ranges, '2030-03-03')).toEqual([{ from: '2030-03-03', to: '2030-03-03' }]);
    expect(blockedRangesSeenBy(tina, 4, [], '2030-03-03')).toEqual([]);
  });
});
