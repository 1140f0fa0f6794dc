/**
 * Probe finding 20, decision 102: "nguyen" finds "Nguyễn". Names are compared folded: decomposed (NFKD), their Latin
 * combining marks dropped, recomposed (NFC, so Hangul and the Indic and Thai vowel signs, which are marks
 * too but carry meaning, stay as they were), lower-cased, and the Latin letters that have no decomposition
 * spelled with the letters people type for them. The database keeps each worker's folded name
 * (`workers.search_name`) and every search box folds what is typed the same way.
 */
const COMBINING_DIACRITICS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

const LETTERS_WITHOUT_DECOMPOSITION: Record<string, string> = {
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ł: 'l',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ı: 'i',
  þ: 'th',
  ħ: 'h',
};
const UNDECOMPOSED = new RegExp(`[${Object.keys(LETTERS_WITHOUT_DECOMPOSITION).join('')}]`, 'g');

export function searchFold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_DIACRITICS, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(UNDECOMPOSED, (letter) => LETTERS_WITHOUT_DECOMPOSITION[letter] ?? letter);
}

/** The folded text a worker is found by: "first last", as SPEC 9's name search reads it. */
export function workerSearchName(worker: { first_name: string; last_name: string }): string {
  return searchFold(`${worker.first_name} ${worker.last_name}`);
}
