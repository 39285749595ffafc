import { describe, expect, it } from 'vitest';
import { DEPARTMENT_KEY_MAX, departmentKey } from '../../server/escalas/departmentKey.ts';

describe('departmentKey', () => {
  it.each([
    ['Mídia', 'midia'],
    ['midia', 'midia'],
    ['MÍDIA', 'midia'],
    [' Mídia ', 'midia'],
    ['Mi\u0301dia', 'midia'],
    ['Recepção', 'recepcao'],
    ['RECEPÇÃO', 'recepcao'],
    ['Intercessão', 'intercessao'],
    ['Louvor  \t Jovem\n', 'louvor jovem'],
    ['Ação Social', 'acao social'],
    ['Über-Ação', 'uber-acao'],
    ['Ñandú', 'nandu'],
    ['İbadet', 'ibadet'],
  ])('%j → %j', (name, key) => {
    expect(departmentKey(name)).toBe(key);
  });

  it('gives one key to every spelling of one name, and different keys to different names', () => {
    const spellings = ['Intercessão', 'intercessao', 'INTERCESSÃO', 'Intercessa\u0303o', '  intercessão  '];
    expect(new Set(spellings.map(departmentKey)).size).toBe(1);
    const seeded = ['Louvor', 'Mídia', 'Infantil', 'Recepção', 'Intercessão', 'Diaconia'];
    expect(new Set(seeded.map(departmentKey)).size).toBe(seeded.length);
  });

  it('keeps letters that are not accented forms of others', () => {
    expect(departmentKey('Música & Artes 2')).toBe('musica & artes 2');
    expect(departmentKey('ß Straße')).toBe('ß straße');
    expect(departmentKey('Ørsted')).toBe('ørsted');
  });

  it('leaves nothing of a name made of accents alone', () => {
    expect(departmentKey('\u0301\u0303')).toBe('');
    expect(departmentKey('   ')).toBe('');
  });

  it('recomposes scripts whose letters decompose, so a 100-character name fits the key column', () => {
    const korean = '찬양'.repeat(50);
    expect(korean).toHaveLength(100);
    expect(departmentKey(korean)).toBe(korean);
    expect(departmentKey(korean).length).toBeLessThanOrEqual(DEPARTMENT_KEY_MAX);
    expect(departmentKey('ＭＩＤＩＡ')).toBe('ｍｉｄｉａ');
  });
});
