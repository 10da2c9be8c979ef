import { describe, expect, it } from 'vitest';
import {
  QUALITIES,
  QUALITY_COLORS,
  QUALITY_LABELS,
  WEAPON_CLASS_LABELS,
  WEAPON_CLASSES,
  WEAR_GRADE_LABELS,
  WEAR_GRADES,
  wearGradeOf,
  wearGradesFor,
} from './items.ts';

describe('wearGradesFor', () => {
  it('lists every exterior a full-range skin can drop in, best first', () => {
    expect(wearGradesFor(0, 1)).toEqual([1, 2, 3, 4, 5]);
  });

  it('follows the game boundaries 0.07 / 0.15 / 0.38 / 0.45', () => {
    expect(wearGradesFor(0, 0.08)).toEqual([1, 2]); // Doppler
    expect(wearGradesFor(0.1, 0.2)).toEqual([2, 3]); // AWP | Man-o'-war
    expect(wearGradesFor(0.35, 0.85)).toEqual([3, 4, 5]); // Galil AR | Chatterbox
    expect(wearGradesFor(0.06, 0.8)).toEqual([1, 2, 3, 4, 5]);
    expect(wearGradesFor(0.4, 1)).toEqual([4, 5]); // Rust Coat
    expect(wearGradesFor(0.45, 1)).toEqual([5]);
  });

  it('does not count a grade the range only touches at its edge', () => {
    expect(wearGradesFor(0, 0.07)).toEqual([1]);
    expect(wearGradesFor(0.15, 0.38)).toEqual([3]);
  });

  it('gives a vanilla ★ (no paint) only grade 6, and a single float its own grade', () => {
    expect(wearGradesFor(null, null)).toEqual([6]);
    expect(wearGradesFor(0.07, 0.07)).toEqual([2]);
  });

  it('refuses a range outside 0..1 or upside down', () => {
    expect(() => wearGradesFor(-0.1, 0.5)).toThrow(RangeError);
    expect(() => wearGradesFor(0.5, 0.2)).toThrow(RangeError);
    expect(() => wearGradesFor(0, 1.5)).toThrow(RangeError);
  });
});

describe('wearGradeOf', () => {
  it('maps a float to its exterior, lower bounds inclusive', () => {
    expect([0, 0.069, 0.07, 0.149, 0.15, 0.379, 0.38, 0.449, 0.45, 1].map(wearGradeOf)).toEqual([
      1, 1, 2, 2, 3, 3, 4, 4, 5, 5,
    ]);
    expect(() => wearGradeOf(Number.NaN)).toThrow(RangeError);
  });
});

describe('labels', () => {
  it('names every quality, wear grade and weapon class in the three languages', () => {
    const labels = [
      ...QUALITIES.map((q) => QUALITY_LABELS[q]),
      ...WEAR_GRADES.map((g) => WEAR_GRADE_LABELS[g]),
      ...WEAPON_CLASSES.map((c) => WEAPON_CLASS_LABELS[c]),
    ];
    for (const label of labels) {
      expect(label['zh-CN']).toMatch(/[\u3400-\u9fff]/);
      expect(label['zh-TW']).toMatch(/[\u3400-\u9fff]/);
      expect(label['en-US']).toMatch(/^[\w★ -]+$/);
    }
    expect(WEAR_GRADES.map((g) => WEAR_GRADE_LABELS[g]['zh-CN'])).toEqual([
      '崭新出厂',
      '略有磨损',
      '久经沙场',
      '破损不堪',
      '战痕累累',
      '无涂装',
    ]);
  });

  it('colours each quality distinctly, ★ in gold', () => {
    expect(new Set(QUALITIES.map((q) => QUALITY_COLORS[q])).size).toBe(8);
    expect(QUALITY_COLORS[7]).toBe('#ffd700');
  });
});
