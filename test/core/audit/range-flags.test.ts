import { describe, expect, it } from 'vitest';
import { variableTrendChart } from '../../../src/shared/charts/trace-charts';
import {
  hourFlags,
  rangeFlag,
  unchartedHours,
  type HourlyVariable,
} from '../../../src/shared/stay-detail';

const heartRate: HourlyVariable = {
  name: 'heart_rate',
  label: 'Heart rate',
  unit: 'bpm',
  concept: { id: 'heart_rate', group: 'vital signs', short: 'HR' },
  normal: { low: 60, high: 100 },
  // hour 1 normal, hour 2 a spike inside a normal mean, hour 3 labile, hour 4 not charted
  mean: [80, 95, 80, null],
  min: [70, 85, 45, null],
  max: [90, 130, 120, null],
};

describe('range flags', () => {
  it('flags values outside the normal range, inclusive at both ends', () => {
    const normal = { low: 60, high: 100 };
    expect(rangeFlag(59.9, normal)).toBe('low');
    expect(rangeFlag(60, normal)).toBeNull();
    expect(rangeFlag(100, normal)).toBeNull();
    expect(rangeFlag(100.1, normal)).toBe('high');
  });

  it('flags nothing without a value or a range', () => {
    expect(rangeFlag(null, { low: 60, high: 100 })).toBeNull();
    expect(rangeFlag(300, null)).toBeNull();
  });

  it("flags an hour from its extremes, since the model reads the hour's min and max", () => {
    expect([0, 1, 2, 3].map((t) => hourFlags(heartRate, t))).toEqual([
      [],
      ['high'],
      ['low', 'high'],
      [],
    ]);
  });

  it('finds hours in which nothing at all was charted', () => {
    const lactate: HourlyVariable = {
      ...heartRate,
      name: 'lactate',
      normal: null,
      mean: [null, null, 2, null],
      min: [null, null, 2, null],
      max: [null, null, 2, null],
    };
    expect(unchartedHours([heartRate, lactate], 4)).toEqual([3]);
  });

  it("marks a strip's out-of-range hours at the extreme that left the range", () => {
    const config = variableTrendChart(heartRate, ['W1', 'W2', 'W3', 'W4'], [1], [2]);
    const data = (label: RegExp) =>
      config.data.datasets.find((d) => label.test(d.label ?? ''))?.data;
    expect(data(/^above/)).toEqual([null, 130, 120, null]);
    expect(data(/^below/)).toEqual([null, null, 45, null]);
    expect(data(/^normal range 60–100 bpm$/)).toEqual(Array(4).fill([60, 100]));
    expect(data(/^evidence/)).toEqual([null, 1, null, null]);
  });
});
