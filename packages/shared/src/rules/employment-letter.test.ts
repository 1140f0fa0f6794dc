import { describe, expect, it } from 'vitest';
import { employmentLetterFileName, generateLetterFailedMessage } from './employment-letter.ts';

describe('employmentLetterFileName', () => {
  it('is Employment_Letter_{first}_{last}.pdf (SPEC 2)', () => {
    expect(employmentLetterFileName('Ahmad', 'Karim')).toBe('Employment_Letter_Ahmad_Karim.pdf');
    expect(employmentLetterFileName(' Mohd Ali ', 'bin Rahman')).toBe('Employment_Letter_Mohd_Ali_bin_Rahman.pdf');
    expect(employmentLetterFileName('Nguyễn Văn', 'Ánh Đức')).toBe('Employment_Letter_Nguyễn_Văn_Ánh_Đức.pdf');
  });

  it('never lets a name choose a folder or break a header', () => {
    expect(employmentLetterFileName('../a', 'b"c\\d\r\n')).toBe('Employment_Letter_.._a_b_c_d.pdf');
  });
});

describe('generateLetterFailedMessage', () => {
  it('adds the reason after a colon only when there is one (SPEC 8)', () => {
    expect(generateLetterFailedMessage('Worker not found')).toBe(
      'Failed to generate employment letter: Worker not found',
    );
    expect(generateLetterFailedMessage('')).toBe('Failed to generate employment letter');
    expect(generateLetterFailedMessage(undefined)).toBe('Failed to generate employment letter');
  });
});
