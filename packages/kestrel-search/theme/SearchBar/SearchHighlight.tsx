/**
 * The searched words highlighted on the page a search result opened, with a button (its close
 * icon 20 px) that takes the highlight away. The result passes its words in the navigation's
 * state, which is then cleared, so reloading or going back and forth shows the page plain.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import {createPortal} from 'react-dom';
import {useHistory, useLocation} from '@docusaurus/router';
import {CLOSE_ICON_SIZE, markTerms, openAroundMarks, unmarkTerms} from './highlight.ts';

/** The key of the navigation state that carries the searched words. */
export const HIGHLIGHT_STATE = 'kestrelSearchHighlight';
export type HighlightState = {[HIGHLIGHT_STATE]: string[]};

type LocationState = Partial<HighlightState> & Record<string, unknown>;

export default function SearchHighlight(): ReactNode {
  const location = useLocation<LocationState | undefined>();
  const history = useHistory();
  const [terms, setTerms] = useState<string[]>([]);
  const [marked, setMarked] = useState(false);
  // What the words were taken from, and the page they are for: state derived while rendering.
  const [seen, setSeen] = useState<{state: unknown; pathname: string}>({state: undefined, pathname: location.pathname});
  const words = location.state?.[HIGHLIGHT_STATE];
  if (location.state !== seen.state || location.pathname !== seen.pathname) {
    setSeen({state: location.state, pathname: location.pathname});
    if (Array.isArray(words)) setTerms(words.filter((w): w is string => typeof w === 'string'));
    // Another page without words of its own: no highlight.
    else if (location.pathname !== seen.pathname) setTerms([]);
  }

  // The words are for this visit: taken out of the history entry.
  useEffect(() => {
    if (!Array.isArray(words)) return;
    const {[HIGHLIGHT_STATE]: _taken, ...rest} = location.state!;
    history.replace({...location, state: rest});
  }, [words, location, history]);

  useEffect(() => {
    if (terms.length === 0) return undefined;
    const article = document.querySelector('article');
    if (!article) return undefined;
    const page = window.location.pathname;
    // Marked in the next frame, once the page has drawn; a folded part that holds a mark opens.
    const frame = requestAnimationFrame(() => {
      const count = markTerms(article, terms);
      openAroundMarks(article);
      setMarked(count > 0);
    });
    // The marks go before React draws another page: React would not find the text nodes the marks
    // replaced.
    const unlisten = history.listen((next) => {
      if (next.pathname !== page) unmarkTerms(article);
    });
    return () => {
      cancelAnimationFrame(frame);
      unlisten();
      unmarkTerms(article);
      setMarked(false);
    };
  }, [terms, history]);

  if (!marked) return null;
  return createPortal(
    <button type="button" className="search-highlight-close" onClick={() => setTerms([])}>
      <svg viewBox="0 0 24 24" width={CLOSE_ICON_SIZE} height={CLOSE_ICON_SIZE} fill="currentColor" aria-hidden="true">
        <path d="M18.3 5.71a1 1 0 0 0-1.41 0L12 10.59 7.11 5.7A1 1 0 0 0 5.7 7.11L10.59 12 5.7 16.89a1 1 0 1 0 1.41 1.41L12 13.41l4.89 4.89a1 1 0 0 0 1.41-1.41L13.41 12l4.89-4.89a1 1 0 0 0 0-1.4z" />
      </svg>
      Clear highlight
    </button>,
    document.body,
  );
}
