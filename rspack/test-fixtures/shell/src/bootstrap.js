import { fetchProfile } from 'app-shared/api-client';
import { session } from 'app-shared/session-store';
import { view } from 'ui-kit';
import './chrome.css';

export async function start() {
  return view('signed in:', String(session().signedIn), (await fetchProfile()).name);
}
