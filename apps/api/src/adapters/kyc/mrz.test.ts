import { describe, expect, it } from 'vitest';
import { checkDigit, readMrz } from './mrz.js';

// ICAO 9303's own specimens (part 4, appendix A; part 5, appendix A).
const TD3 = ['P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<', 'L898902C36UTO7408122F1204159ZE184226B<<<<<10'];
const TD1 = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];
const TODAY = new Date('2026-11-28T00:00:00Z');

describe('the machine-readable zone', () => {
  it('computes ICAO check digits', () => {
    expect(checkDigit('L898902C3')).toBe(6);
    expect(checkDigit('740812')).toBe(2);
    expect(checkDigit('120415')).toBe(9);
    expect(checkDigit('D23145890')).toBe(7);
  });

  it("reads a passport's two lines into the form's fields", () => {
    expect(readMrz(TD3.join('\n'), TODAY)).toEqual({
      firstName: 'Anna',
      middleName: 'Maria',
      lastName: 'Eriksson',
      dateOfBirth: '1974-08-12',
      gender: 'Female',
      idType: 'Passport',
      idNumber: 'L898902C3',
    });
  });

  it("reads an ID card's three lines", () => {
    expect(readMrz(TD1.join('\r\n'), TODAY)).toMatchObject({
      firstName: 'Anna',
      lastName: 'Eriksson',
      dateOfBirth: '1974-08-12',
      idType: 'National ID',
      idNumber: 'D23145890',
    });
  });

  it('finds the zone inside a whole file: PDF text operators between the lines', () => {
    const pdf = `%PDF-1.4\nBT /F1 9 Tf 40 60 Td (${TD3[0]}) Tj 0 -12 Td (${TD3[1]}) Tj ET\n%%EOF`;
    expect(readMrz(pdf, TODAY)?.idNumber).toBe('L898902C3');
  });

  it('refuses a zone whose check digits disagree (one character misread)', () => {
    expect(readMrz([TD3[0], TD3[1]!.replace('L898902C3', 'L898902C4')].join('\n'), TODAY)).toBeNull();
    expect(readMrz([TD3[0], TD3[1]!.replace('7408122', '7408132')].join('\n'), TODAY)).toBeNull();
    expect(readMrz([TD3[0], `${TD3[1]!.slice(0, 43)}1`].join('\n'), TODAY)).toBeNull();
  });

  it('reads nothing from a file with no zone', () => {
    expect(readMrz('%PDF-1.4 just a scan', TODAY)).toBeNull();
    expect(readMrz('', TODAY)).toBeNull();
  });

  it('puts a two-digit birth year in the past', () => {
    // Born 2008-01-02: "08" is 2008, not 1908; "74" is 1974, since 2074 is in the future.
    const line2 = 'L898902C36UTO0801023F1204159ZE184226B<<<<<1';
    const composite = `${line2.slice(0, 10)}${line2.slice(13, 20)}${line2.slice(21, 43)}`;
    expect(readMrz([TD3[0], `${line2}${checkDigit(composite)}`].join('\n'), TODAY)?.dateOfBirth).toBe('2008-01-02');
  });
});
