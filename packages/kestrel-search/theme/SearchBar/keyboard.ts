/**
 * Keyboard rules of the search box (see ./index.tsx). Plain functions over the few event and
 * element fields they read, so the unit tests need no DOM.
 */

export type ShortcutEvent = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey' | 'isComposing'>;

/** Ctrl+K, Cmd+K (Meta+K) or "/" with no other modifier. */
export function isOpenShortcut(event: ShortcutEvent): boolean {
  if (event.isComposing || event.altKey) return false;
  const key = event.key.toLowerCase();
  if (key === 'k' && (event.ctrlKey || event.metaKey) && !(event.ctrlKey && event.metaKey) && !event.shiftKey)
    return true;
  // "/" needs Shift on some layouts, so Shift does not matter here.
  return key === '/' && !event.ctrlKey && !event.metaKey;
}

export type TargetLike = {tagName?: string; type?: string; isContentEditable?: boolean} | null;

/** Input types that take no typed text: a shortcut pressed on them is not typing. */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

/** True when the person is typing into a field, where the shortcuts must type their characters. */
export function isTypingTarget(target: TargetLike): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = (target.tagName ?? '').toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
  return false;
}
