/** Business constants of spec §9 — one place, so every app agrees on them. */
export const PRODUCT_NAME = 'DevHub';

export const PAGE_SIZE = 20;
export const CAROUSEL_TOP_COUNT = 10;
export const CAROUSEL_BREAKPOINT_MEDIUM_PX = 640;
export const CAROUSEL_BREAKPOINT_LARGE_PX = 1024;
export const HOME_SECTION_SIZE = 4;
export const TOP_TAG_COUNT = 45;
export const GO_TO_TOP_THRESHOLD_PX = 400;
export const MOBILE_BREAKPOINT_PX = 640;
export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_SPINNER_MS = 700;
export const MIN_PASSWORD_LENGTH = 8;

export const TOAST_DURATION_MS = {
  error: 4000,
  blank: 4000,
  custom: 4000,
  success: 2000,
  loading: Infinity,
} as const;
export const TOAST_LIMIT = 20;

export const HTTP_TIMEOUT_MS = 0;
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export const STORAGE_KEYS = {
  theme: 'theme',
  accessToken: 'access_token',
} as const;

export const CONTACT = {
  email: 'lienhe@devhub.vn',
  phone: '0901 234 567',
} as const;
