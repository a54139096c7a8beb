import { useState } from 'react';

export interface SearchBoxText {
  text: string;
  change: (value: string) => void;
  /** Ends a typing session: the next edit adds a history entry again. */
  endEditing: () => void;
}

/**
 * The listing's search box: it filters as you type by writing `q` into the URL, and follows the
 * URL when something else changes it (the header search, back/forward, clearing the filters).
 *
 * Router navigations settle asynchronously, so the URL can still show an older query while the
 * box already holds a newer one. Queries this box sent are remembered until the URL reaches
 * them; a URL query that is none of them came from elsewhere and replaces the box's text. The
 * first edit of a typing session adds a history entry, the following ones replace it, so Back
 * returns to the state before the search rather than stepping through every keystroke.
 */
export function useSearchBoxText(urlQuery: string, commit: (query: string, replace: boolean) => void): SearchBoxText {
  const [text, setText] = useState(urlQuery);
  const [seenQuery, setSeenQuery] = useState(urlQuery);
  const [sent, setSent] = useState<readonly string[]>([]);
  const [editing, setEditing] = useState(false);

  if (urlQuery !== seenQuery) {
    setSeenQuery(urlQuery);
    const echo = sent.indexOf(urlQuery);
    if (echo === -1) {
      setText(urlQuery);
      setSent([]);
      setEditing(false);
    } else {
      setSent(sent.slice(echo + 1));
    }
  }

  const change = (value: string) => {
    setText(value);
    const query = value.trim();
    if (query === (sent.at(-1) ?? urlQuery)) return;
    setSent([...sent, query]);
    setEditing(true);
    commit(query, editing);
  };

  return { text, change, endEditing: () => setEditing(false) };
}
