import { makeItem } from '../test/catalog-fixtures';
import { foldText, searchableText, searchTerms } from './search-text';

describe('foldText', () => {
  it('drops case and Vietnamese diacritics', () => {
    expect(foldText('Lập Trình')).toBe('lap trinh');
    expect(foldText('ĐÀ NẴNG, Đà Lạt')).toBe('da nang, da lat');
    expect(foldText('Ứng dụng hướng đối tượng')).toBe('ung dung huong doi tuong');
    expect(foldText('ỳ ỷ ỹ ỵ ý Ỹ')).toBe('y y y y y y');
    expect(foldText('Ơ ơ Ư ư Ă ă Â â Ê ê Ô ô')).toBe('o o u u a a a a e e o o');
  });

  it('handles text already in decomposed form', () => {
    expect(foldText('Lập trình'.normalize('NFD'))).toBe('lap trinh');
  });

  it('keeps other characters as they are', () => {
    expect(foldText('C# / Node.js — 日本 🚀')).toBe('c# / node.js — 日本 🚀');
  });

  it('folds long texts', () => {
    const long = 'Lập trình '.repeat(1000);
    expect(foldText(long)).toBe('lap trinh '.repeat(1000));
  });
});

describe('searchTerms', () => {
  it('splits a query into folded words', () => {
    expect(searchTerms('  Lập   TRÌNH web ')).toEqual(['lap', 'trinh', 'web']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('searchableText', () => {
  it('covers title, excerpt and tags, kept on separate lines', () => {
    const item = makeItem({ title: 'Học React', description: 'Hướng dẫn chi tiết', tags: ['Người mới bắt đầu'] });
    expect(searchableText(item)).toBe('hoc react\nhuong dan chi tiet\nnguoi moi bat dau');
  });
});
