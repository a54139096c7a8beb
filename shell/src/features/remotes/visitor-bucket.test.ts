import { VISITOR_BUCKET_KEY, readVisitorBucket } from './visitor-bucket';

describe("a browser's canary bucket", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.restoreAllMocks());

  it('is drawn once, kept, and the same at every later visit', () => {
    const first = readVisitorBucket(() => 37);
    expect(first).toBe(37);
    expect(localStorage.getItem(VISITOR_BUCKET_KEY)).toBe('37');
    expect(readVisitorBucket(() => 2)).toBe(37);
  });

  it('draws again when what is kept is no bucket', () => {
    localStorage.setItem(VISITOR_BUCKET_KEY, '250');
    expect(readVisitorBucket(() => 4)).toBe(4);
    localStorage.setItem(VISITOR_BUCKET_KEY, 'x');
    expect(readVisitorBucket(() => 5)).toBe(5);
  });

  it('is none where the browser keeps nothing, so that visitor always gets the stable versions', () => {
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(readVisitorBucket(() => 1)).toBeUndefined();
  });

  it('draws from 0 to 99 by default', () => {
    for (let draw = 0; draw < 20; draw += 1) {
      localStorage.clear();
      expect(readVisitorBucket()).toEqual(expect.any(Number));
      const bucket = Number(localStorage.getItem(VISITOR_BUCKET_KEY));
      expect(bucket >= 0 && bucket < 100 && Number.isInteger(bucket)).toBe(true);
    }
  });
});
