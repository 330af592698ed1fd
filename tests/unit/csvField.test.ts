import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from '../../src/server/domain/documents/csv';

// The CSV exports' field rule: RFC 4180 quoting, and customer-typed text never run as a spreadsheet formula.
describe('csvField', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('Smith, Jo')).toBe('"Smith, Jo"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField(null)).toBe('');
  });

  it('defuses text that a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '-cmd', '-', '-1.2.3', '\t=1'])
      expect(csvField(text)).toBe(`'${text}`);
  });

  it('keeps plain decimal numbers, negative ones too, as numbers', () => {
    expect(csvLine(['-81.70', '81.70', -3, '0.00'])).toBe('-81.70,81.70,-3,0.00\r\n');
  });
});
