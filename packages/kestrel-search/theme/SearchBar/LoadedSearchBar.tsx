/**
 * The search box: autocomplete-js's detached panel (always detached, whatever the screen), over
 * the site's index files, ranked by ../../engine/ranking.ts. Loaded on demand by ./index.tsx (the
 * first time the reader reaches for search), so lunr and autocomplete-js stay out of the first
 * page load.
 *
 * From autocomplete-js as it comes: the "Search..." placeholder, the 512-character input, the
 * stalled state with its spinner after 300 ms, the panel placement check, the first result active.
 * Ours: the labels (Clear, Cancel, Submit, "No results found."), at most MAX_SEARCH_RESULTS
 * results best first, each a real link to its section, opened in the page with the searched
 * words highlighted there (./SearchHighlight.tsx).
 */
import React, {createElement, Fragment, useEffect, useRef, type ReactNode} from 'react';
import {createRoot, type Root} from 'react-dom/client';
import {autocomplete} from '@algolia/autocomplete-js';
import '@algolia/autocomplete-theme-classic';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useContextualSearchFilters} from '@docusaurus/theme-common';
import type {SearchHit} from '../../engine/types.ts';
import {MAX_SEARCH_RESULTS} from '../../engine/ranking.ts';
import {searchOf} from './indexFiles.ts';
import {isLinkActionClick} from './panelAria.ts';
import SearchHighlight, {HIGHLIGHT_STATE, type HighlightState} from './SearchHighlight.tsx';
import './styles.css';

export const LABELS = {
  placeholder: 'Search...',
  noResults: 'No results found.',
  clear: 'Clear',
  cancel: 'Cancel',
  submit: 'Submit',
} as const;

type Item = SearchHit & Record<string, unknown>;

const urlOf = (item: SearchHit) => item.document.sectionRoute;

/**
 * One React root per container: a new root per render would clear the container and draw fresh
 * result links, so a click pressed on one link and released on its replacement (the active result
 * changes under the pointer) would open nothing.
 */
const roots = new WeakMap<object, Root>();
function render(element: ReactNode, container: Element | Document | ShadowRoot | DocumentFragment) {
  let root = roots.get(container);
  if (!root) {
    // autocomplete-js renders into its own elements (never a whole document).
    root = createRoot(container as Element | DocumentFragment);
    roots.set(container, root);
  }
  root.render(element);
}

export default function LoadedSearchBar(): ReactNode {
  const history = useHistory();
  const {
    siteConfig: {baseUrl},
  } = useDocusaurusContext();
  const {tags} = useContextualSearchFilters();
  const tagsRef = useRef(tags);
  useEffect(() => {
    tagsRef.current = tags;
  }, [tags]);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return undefined;
    const open = (url: string, terms: string[]) =>
      history.push(url, {[HIGHLIGHT_STATE]: terms} satisfies HighlightState);
    const instance = autocomplete<Item>({
      container: container.current,
      placeholder: LABELS.placeholder,
      detachedMediaQuery: '',
      defaultActiveItemId: 0,
      renderer: {createElement, Fragment, render},
      navigator: {
        navigate: ({itemUrl, item}) => open(itemUrl, item.terms),
      },
      translations: {
        clearButtonTitle: LABELS.clear,
        detachedCancelButtonText: LABELS.cancel,
        submitButtonTitle: LABELS.submit,
      },
      getSources: ({query}) => [
        {
          sourceId: 'search-results',
          getItemUrl: ({item}) => urlOf(item),
          getItems: async () =>
            (await searchOf(baseUrl, tagsRef.current)).search(query, {limit: MAX_SEARCH_RESULTS}).hits as Item[],
          templates: {
            item: ({item}) => (
              // A plain link: the panel is a React root of its own, outside the router that <Link> needs.
              // eslint-disable-next-line @docusaurus/no-html-links
              <a
                href={urlOf(item)}
                className="aa-ItemLink"
                onClick={(event) => {
                  // New tab, new window: the browser's own link actions (./panelAria.ts).
                  if (isLinkActionClick(event)) return;
                  event.preventDefault();
                  open(urlOf(item), item.terms);
                }}
              >
                <div className="aa-ItemContent">
                  <div className="aa-ItemContentBody">
                    <div className="aa-ItemContentTitle">{item.document.sectionTitle}</div>
                    {item.document.pageTitle !== item.document.sectionTitle && (
                      <div className="aa-ItemContentDescription">{item.document.pageTitle}</div>
                    )}
                  </div>
                </div>
              </a>
            ),
            noResults: () => (
              <div className="aa-ItemContent">
                <div className="aa-ItemContentBody">{LABELS.noResults}</div>
              </div>
            ),
          },
        },
      ],
    });
    return () => instance.destroy();
  }, [history, baseUrl]);

  return (
    <>
      <SearchHighlight />
      <div className="dsla-search-wrapper">
        <div className="dsla-search-field" ref={container} data-tags={tags.join(',')} />
      </div>
    </>
  );
}
