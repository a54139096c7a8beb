/** Contracts between the shell, the remotes and the auth API. */

/**
 * @deprecated The catalogue's own type now (remote-catalog's `catalog-types.ts`): one remote's pages
 * are not described here. Kept until the next major version, since removing an export breaks the API.
 */
export type ListingKind = 'blog' | 'software' | 'docs' | 'course';

/**
 * @deprecated The catalogue's own type now (remote-catalog's `listing-page.tsx`). Kept until the next
 * major version, since removing an export breaks the API.
 */
export interface ListingPageProps {
  kind: ListingKind;
}

export interface SignInPayload {
  username: string;
  password: string;
}

export interface SignUpPayload {
  displayName: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
}

/** A response body: the API wraps its payload in `data`; errors carry `message`. */
export interface ApiBody<T> {
  data?: T;
  message?: string;
}

export interface SignInData {
  access_token?: string;
}

export interface SignUpData {
  status?: number;
  message?: string;
}

export interface CurrentUser {
  username: string;
  displayName: string;
  email: string;
}
