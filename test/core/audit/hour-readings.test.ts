import { describe, expect, it } from 'vitest';
import {
  bedsideNumber,
  hourReading,
  hourReadingsText,
  NOTHING_CHARTED,
  type ReadableVariable,
} from '../../../src/shared/hour-readings';

const heartRate: ReadableVariable = {
  concept: { id: 'heart_rate', group: 'vital signs', short: 'HR' },
  unit: 'bpm',
  normal: { low: 60, high: 100 },
  // hour 0 normal; hour 1 a high max; hour 2 low and high; hour 3 not charted
  mean: [80, 95, 90, null],
  min: [70, 85, 45, null],
  max: [90, 118, 130, null],
};
const spo2: ReadableVariable = {
  concept: { id: 'spo2', group: 'vital signs', short: 'SpO₂' },
  unit: '%',
  normal: { low: 94, high: 100 },
  mean: [97, 92, null, null],
  min: [96, 90, null, null],
  max: [98, 94, null, null],
};

describe('hour readings', () => {
  it('rounds to a bedside precision', () => {
    expect([bedsideNumber(112.4), bedsideNumber(36.84), bedsideNumber(7.321)]).toEqual([
      '112',
      '36.8',
      '7.32',
    ]);
  });

  it('shows the mean of a normal hour and the extreme that left the range with its arrow', () => {
    expect(hourReading(heartRate, 0)).toBe('HR 80 bpm');
    expect(hourReading(heartRate, 1)).toBe('HR 118 bpm ↑');
    expect(hourReading(spo2, 1)).toBe('SpO₂ 90 % ↓');
    expect(hourReading(heartRate, 2)).toBe('HR 45–130 bpm ↓↑');
    expect(hourReading(heartRate, 3)).toBeNull();
  });

  it('lists an hour in the given order, and says when nothing was charted', () => {
    expect(hourReadingsText([heartRate, spo2], 1)).toBe('HR 118 bpm ↑, SpO₂ 90 % ↓');
    expect(hourReadingsText([heartRate, spo2], 2)).toBe('HR 45–130 bpm ↓↑');
    expect(hourReadingsText([heartRate, spo2], 3)).toBe(NOTHING_CHARTED);
  });
});
