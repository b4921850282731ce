/**
 * Autocomplete-js's detached search button, as it draws it (same classes and text, so the site's
 * styles and tests see one button), drawn by us until the real search box has loaded.
 */
import React, {type ReactNode} from 'react';

const ICON =
  'M16.041 15.856c-0.034 0.026-0.067 0.055-0.099 0.087s-0.060 0.064-0.087 0.099c-1.258 1.213-2.969 1.958-4.855 1.958-1.933 0-3.682-0.782-4.95-2.050s-2.050-3.017-2.050-4.95 0.782-3.682 2.050-4.95 3.017-2.050 4.95-2.050 3.682 0.782 4.95 2.050 2.050 3.017 2.050 4.95c0 1.886-0.745 3.597-1.959 4.856zM21.707 20.293l-3.675-3.675c1.231-1.54 1.968-3.493 1.968-5.618 0-2.485-1.008-4.736-2.636-6.364s-3.879-2.636-6.364-2.636-4.736 1.008-6.364 2.636-2.636 3.879-2.636 6.364 1.008 4.736 2.636 6.364 3.879 2.636 6.364 2.636c2.125 0 4.078-0.737 5.618-1.968l3.675 3.675c0.391 0.391 1.024 0.391 1.414 0s0.391-1.024 0-1.414z';

type Props = {onIntent?: () => void; onOpen?: () => void; onFocusChange?: (focused: boolean) => void};

export default function SearchButton({onIntent, onOpen, onFocusChange}: Props): ReactNode {
  return (
    <div className="dsla-search-wrapper">
      <div className="dsla-search-field">
        <div className="aa-Autocomplete">
          <button
            type="button"
            className="aa-DetachedSearchButton"
            title="Search"
            onPointerEnter={onIntent}
            // Focus alone does not load the box: a keyboard reader Tabbing past loses nothing, and
            // Enter (a click) loads and opens it.
            onFocus={() => onFocusChange?.(true)}
            onBlur={() => onFocusChange?.(false)}
            onTouchStart={onIntent}
            // Pressing is enough: the real box may replace this button before the pointer is up.
            onPointerDown={onOpen}
            onClick={onOpen}
          >
            <div className="aa-DetachedSearchButtonIcon" aria-label="Search">
              <svg
                className="aa-SubmitIcon"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                fill="currentColor"
                aria-hidden="true"
              >
                <path d={ICON} />
              </svg>
            </div>
            <div className="aa-DetachedSearchButtonPlaceholder">Search...</div>
            <div className="aa-DetachedSearchButtonQuery" />
          </button>
        </div>
      </div>
    </div>
  );
}
