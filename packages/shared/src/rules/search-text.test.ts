import { describe, expect, it } from 'vitest';
import { searchFold, workerSearchName } from './search-text.ts';

describe('searchFold', () => {
  it.each([
    ['Nguyễn Văn Ánh Đức', 'nguyen van anh duc'],
    ['NGUYỄN', 'nguyen'],
    ['José Müller', 'jose muller'],
    ['Søren Łukasz Straße', 'soren lukasz strasse'],
    // Already folded text stays as it is, so a folded query matches a folded name.
    ['nguyen van', 'nguyen van'],
  ])('folds %s to %s', (text, folded) => {
    expect(searchFold(text)).toBe(folded);
  });

  it('keeps scripts whose marks carry meaning as they were', () => {
    for (const name of ['陈伟强', 'முருகன் செல்வம்', 'สมชาย ใจดี', 'အောင်ကျော်', 'রহিম উদ্দিন', '김민준']) {
      expect(searchFold(name)).toBe(name.normalize('NFC'));
    }
  });

  it('folds a decomposed spelling like a composed one', () => {
    expect(searchFold('Nguye\u0302\u0303n')).toBe(searchFold('Nguyễn'));
  });

  it('names a worker by first then last name', () => {
    expect(workerSearchName({ first_name: 'Văn Ánh', last_name: 'Nguyễn' })).toBe('van anh nguyen');
  });
});
