/**
 * Wraps @theme-init/ApiExplorer/LiveEditor, the request-body editor of the API explorer, for
 * two defects of the original:
 *
 * - Keyboard (WCAG 2.1.1): it turns the editor read-only when it loses focus and editable again
 *   only on a mouse click, so a keyboard reader who Tabs past the body once can never edit it
 *   again. Stopping the editor's own blur event here (capture phase, before the original's
 *   handler) keeps it editable; Tab still leaves it (the original uses tabMode "focus": no trap).
 * - Content-Security-Policy: the editor is react-live's, which compiles and runs the text as a
 *   React component (`new Function`) on every change, though the explorer only reads the text.
 *   Under our CSP (no 'unsafe-eval') every keystroke raised a violation. A transformCode that
 *   yields no code makes react-live stop before evaluating; the text still reaches the request
 *   (the original's onChange), and nothing renders react-live's error state.
 */
import React, {type ComponentProps, type FocusEvent, type ReactNode} from 'react';
import LiveEditor from '@theme-init/ApiExplorer/LiveEditor';

const doNotEvaluate = (): null => null;

export default function LiveEditorWrapper(props: ComponentProps<typeof LiveEditor>): ReactNode {
  const keepEditable = (event: FocusEvent) => {
    if ((event.target as HTMLElement).isContentEditable) event.stopPropagation();
  };
  return (
    <div className="kestrel-live-editor" style={{display: 'contents'}} onBlurCapture={keepEditable}>
      <LiveEditor transformCode={doNotEvaluate} {...props} />
    </div>
  );
}
