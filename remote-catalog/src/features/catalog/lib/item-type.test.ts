import { TYPE_RULES, typeOfCategory } from './item-type';

describe('typeOfCategory', () => {
  it.each([
    ['web', 'blog'],
    ['frontend', 'blog'],
    ['backend', 'blog'],
    ['software', 'software'],
    ['development', 'software'],
    ['docs', 'docs'],
    ['document', 'docs'],
    ['infrastructure', 'docs'],
    ['course', 'course'],
    ['learning', 'course'],
  ])('maps a category containing "%s" to %s', (keyword, type) => {
    expect(typeOfCategory(keyword)).toBe(type);
    expect(typeOfCategory(`Modern ${keyword} topics`)).toBe(type);
  });

  it('compares the lowercase category, so case does not matter', () => {
    expect(typeOfCategory('FRONTEND')).toBe('blog');
    expect(typeOfCategory('Software Engineering')).toBe('software');
    expect(typeOfCategory('API Docs')).toBe('docs');
    expect(typeOfCategory('E-Learning')).toBe('course');
  });

  it('matches keywords inside longer words', () => {
    expect(typeOfCategory('Webinar')).toBe('blog');
    expect(typeOfCategory('Documentation')).toBe('docs');
    expect(typeOfCategory('Courses')).toBe('course');
  });

  it('checks the rules in the spec order: the first matching rule wins', () => {
    expect(typeOfCategory('Web Development')).toBe('blog');
    expect(typeOfCategory('Backend Course')).toBe('blog');
    expect(typeOfCategory('Frontend Docs')).toBe('blog');
    expect(typeOfCategory('Software Documentation')).toBe('software');
    expect(typeOfCategory('Development Course')).toBe('software');
    expect(typeOfCategory('Infrastructure Learning')).toBe('docs');
    expect(typeOfCategory('Course documents')).toBe('docs');
    expect(TYPE_RULES.map(({ type }) => type)).toEqual(['blog', 'software', 'docs', 'course']);
  });

  it('leaves out a category matching no rule', () => {
    expect(typeOfCategory('Career')).toBeNull();
    expect(typeOfCategory('Design')).toBeNull();
    expect(typeOfCategory('Hardware')).toBeNull();
    expect(typeOfCategory('Tin tức công nghệ')).toBeNull();
    expect(typeOfCategory('')).toBeNull();
  });
});
