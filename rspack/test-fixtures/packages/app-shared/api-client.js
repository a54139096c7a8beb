import { get } from 'http-lib';

export function fetchProfile() {
  return get('/api/profile');
}
