import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition (RFC 6266): an ASCII name for old clients beside the exact UTF-8 one', () => {
  it('drops accents in the ASCII name and keeps them in filename*', () => {
    expect(contentDisposition('inline', 'Employment_Letter_Nguyễn_Văn_Ánh_Đức.pdf')).toBe(
      `inline; filename="Employment_Letter_Nguyen_Van_Anh_Duc.pdf"; filename*=UTF-8''Employment_Letter_Nguy%E1%BB%85n_V%C4%83n_%C3%81nh_%C4%90%E1%BB%A9c.pdf`,
    );
  });

  it('writes `_` for what ASCII cannot hold and for quotes', () => {
    expect(contentDisposition('attachment', 'Employment_Letter_陈伟强_"x".pdf')).toMatch(
      /^attachment; filename="Employment_Letter____+_x_\.pdf"; filename\*=UTF-8''/,
    );
  });
});
