import { describe, expect, it } from 'vitest';
import { attributeName, attributeWords } from '../../../src/shared/attribute-words';

describe('attributeWords', () => {
  it("puts MIMIC-IV's admission types, sex and age bands in words", () => {
    expect(attributeWords('admission_type', 'EW EMER.')).toBe(
      'Emergency (through the emergency ward)',
    );
    expect(attributeWords('admission_type', 'SURGICAL SAME DAY ADMISSION')).toBe(
      'Surgical same-day admission',
    );
    expect(attributeWords('sex', 'F')).toBe('Female');
    expect(attributeWords('sex', 'male')).toBe('Male');
    expect(attributeWords('age_band', '65-79')).toBe('65–79 years');
    expect(attributeWords('age_band', '80+')).toBe('80 years or older');
  });

  it('keeps an unknown code as recorded, and reads "Unknown" as not recorded', () => {
    expect(attributeWords('admission_type', 'WALK-IN')).toBe('WALK-IN');
    expect(attributeWords('first_careunit', 'Coronary Care Unit (CCU)')).toBe(
      'Coronary Care Unit (CCU)',
    );
    expect(attributeWords('sex', 'Unknown')).toBeNull();
    expect(attributeWords('sex', null)).toBeNull();
  });

  it('names known attributes and inputs, and keeps any other name', () => {
    expect(attributeName('first_careunit')).toBe('First care unit');
    expect(attributeName('admission_type')).toBe('Admission type');
    expect(attributeName('spurious_flag')).toBe('spurious_flag');
  });
});
