/**
 * The navbar's search box (./LoadedSearchBar.tsx), with the keyboard a portal's search needs and
 * loaded only when the reader reaches for it:
 *
 * 1. Hotkeys. Ctrl+K, Cmd+K and "/" open the panel from any page, except while the person types
 *    into a field (there "/" must type a slash).
 * 2. Escape. autocomplete-js closes the panel on Escape only while a result list is open; on an
 *    empty query Escape only clears the input and the panel stays. Here Escape always closes it.
 * 3. Focus. On close autocomplete-js focuses its search button. After a hotkey the person was
 *    elsewhere (a link in the page, say): focus returns there, unless a result was chosen.
 * 4. The panel's markup passes axe, each result still a real link (./panelAria.ts).
 * 5. Weight. The search box (lunr, autocomplete-js) stays off every page's critical path. Until
 *    the reader reaches for search (pointer over the button, a touch, a click or Enter, a
 *    hotkey), ./SearchButton.tsx draws autocomplete-js's button; then ./LoadedSearchBar.tsx loads
 *    and, if the reader asked to open the panel, opens it; if our button had focus, the real one
 *    gets it.
 */
import React, {useEffect, useRef, useState, useSyncExternalStore, type ComponentType, type ReactNode} from 'react';
import type SearchBarType from '@theme/SearchBar';
import type {WrapperProps} from '@docusaurus/types';
import {isOpenShortcut, isTypingTarget} from './keyboard.ts';
import {watchSearchPanel} from './panelAria.ts';
import SearchButton from './SearchButton.tsx';

// Not React.lazy: Suspense would swap our button for its fallback copy while loading, and a click
// in progress would land on the removed one. Our button stays until the real box has loaded.
// Not prefetched either: a webpack prefetch ignores data saver and slow connections (the site prefetches nothing on slow 2G or with data saver: tests/e2e/runtime.spec.ts).
const loadSearchBar = () => import('./LoadedSearchBar').then((m) => m.default as ComponentType<Props>);

type Props = WrapperProps<typeof SearchBarType>;

/** autocomplete-js puts this class on <body> while its detached panel is open. */
const OPEN_CLASS = 'aa-Detached';

const subscribeToNothing = () => () => {};
const isRunning = () => true;
const isServerMarkup = () => false;

function panelIsOpen(): boolean {
  return document.body.classList.contains(OPEN_CLASS);
}

/**
 * Hands over from our button to the loaded box's: opens the panel if the reader asked to, or
 * moves focus if our button had it. Runs after the loaded box's own effects (a later sibling),
 * when its button normally exists; waits a few frames if not.
 */
function HandOver({
  root,
  open,
  focus,
}: {
  root: React.RefObject<HTMLDivElement | null>;
  open: boolean;
  focus: boolean;
}): null {
  useEffect(() => {
    if (!open && !focus) return undefined;
    let frame = 0;
    let tries = 0;
    const act = () => {
      const button = root.current?.querySelector<HTMLButtonElement>('.aa-DetachedSearchButton');
      if (!button) {
        if (tries++ < 60) frame = requestAnimationFrame(act);
        return;
      }
      if (open) button.click();
      else button.focus();
    };
    act();
    return () => cancelAnimationFrame(frame);
    // Once, when the loaded box appears: after that, the loaded box answers the reader itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- what to hand over is decided once, on arrival
  }, []);
  return null;
}

export default function SearchBarWrapper(props: Props): ReactNode {
  const rootRef = useRef<HTMLDivElement>(null);
  // 'idle': our button only; 'load': fetch the real one; 'open': fetch it and open the panel.
  const [wanted, setWanted] = useState<'idle' | 'load' | 'open'>('idle');
  const [Loaded, setLoaded] = useState<ComponentType<Props> | null>(null);
  const ourButtonFocused = useRef(false);
  // Whether our button had focus when the loaded box arrived, which is then to take it over.
  const [focusedOnArrival, setFocusedOnArrival] = useState(false);
  useEffect(() => {
    if (wanted === 'idle' || Loaded) return undefined;
    let live = true;
    loadSearchBar().then((component) => {
      if (!live) return;
      setFocusedOnArrival(ourButtonFocused.current);
      setLoaded(() => component);
    });
    return () => {
      live = false;
    };
  }, [wanted, Loaded]);
  // The button appears once the page runs (with the theme's colours).
  // (false in the server's markup and while hydrating, true in the render that follows).
  const mounted = useSyncExternalStore(subscribeToNothing, isRunning, isServerMarkup);

  // Effects run in the browser only, and before anyone can type: the panel is drawn only once opened.
  useEffect(() => watchSearchPanel(document.body), []);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return undefined;
    // Where focus was when a hotkey opened the panel (null: on the page itself), and the page then.
    let returnTo: {element: HTMLElement | null; href: string} | null = null;

    function onKeyDown(event: KeyboardEvent) {
      if (panelIsOpen()) {
        // autocomplete-js saw this key first (its listener sits on its input, this one on the
        // document) and closed the panel if a result list was open. Close the panel it leaves.
        if (event.key === 'Escape' && panelIsOpen()) {
          document.querySelector<HTMLButtonElement>('.aa-DetachedCancelButton')?.click();
        }
        return;
      }
      if (!isOpenShortcut(event) || isTypingTarget(event.target as HTMLElement | null)) return;
      event.preventDefault();
      const active = document.activeElement;
      returnTo = {
        element: active instanceof HTMLElement && active !== document.body ? active : null,
        href: window.location.href,
      };
      // Our stand-in button may not be drawn yet (the first render after hydration): ask directly.
      const button = root!.querySelector<HTMLButtonElement>('.aa-DetachedSearchButton');
      if (button) button.click();
      else setWanted('open');
    }

    // The panel closes through autocomplete-js (Escape, Cancel, a click outside, a chosen result):
    // watch <body> for the end of the open state and put focus back where the hotkey found it.
    const observer = new MutationObserver(() => {
      if (panelIsOpen() || !returnTo) return;
      const {element, href} = returnTo;
      returnTo = null;
      // A chosen result navigates: focus then stays with the new page, as after any link.
      if (window.location.href !== href) return;
      if (element?.isConnected) element.focus({preventScroll: true});
      else if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    observer.observe(document.body, {attributes: true, attributeFilter: ['class']});
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  return (
    <div ref={rootRef} style={{display: 'contents'}}>
      {Loaded ? (
        <>
          <Loaded {...props} />
          <HandOver root={rootRef} open={wanted === 'open'} focus={focusedOnArrival} />
        </>
      ) : (
        mounted && (
          <SearchButton
            onIntent={() => setWanted((w) => (w === 'idle' ? 'load' : w))}
            onOpen={() => setWanted('open')}
            onFocusChange={(focused) => (ourButtonFocused.current = focused)}
          />
        )
      )}
    </div>
  );
}
