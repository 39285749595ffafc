import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

type Key = string | number;

/**
 * A list whose items can leave it while one of them holds the focus (a service declined on the home page leaves
 * "Suas próximas escalas"): the focus goes to the item that took its place, else the one before it, else to
 * `fallbackRef` (the list's heading, `tabIndex={-1}`) — never back to the top of the page, where a keyboard or
 * screen-reader user would have to find their way again. `keys` are the items' keys in the order of the list's
 * children. Returns the list's ref and focus handler, and the key that last left with the focus in it.
 */
export function useFocusAfterRemoval<List extends HTMLElement>(keys: readonly Key[], fallbackRef: RefObject<HTMLElement | null>) {
  const listRef = useRef<List>(null);
  const focused = useRef<{ key: Key; index: number } | null>(null);
  const [left, setLeft] = useState<Key | null>(null);

  const onFocus = useCallback(
    (focus: FocusEvent<List>) => {
      const list = listRef.current;
      const item = list ? [...list.children].find((child) => child.contains(focus.target as Node)) : undefined;
      const index = item && list ? [...list.children].indexOf(item) : -1;
      focused.current = index >= 0 && index < keys.length ? { key: keys[index]!, index } : null;
    },
    [keys],
  );

  useLayoutEffect(() => {
    const last = focused.current;
    if (!last || keys.includes(last.key)) return;
    focused.current = null;
    const active = document.activeElement;
    // Only when the focus went down with the item: a user who has moved on keeps their place.
    if (active && active !== document.body && active.isConnected) return;
    const items = listRef.current ? [...listRef.current.children] : [];
    const next = items[Math.min(last.index, items.length - 1)];
    if (next instanceof HTMLElement) {
      next.tabIndex = -1;
      next.focus();
      focused.current = { key: keys[items.indexOf(next)]!, index: items.indexOf(next) };
    } else {
      fallbackRef.current?.focus();
    }
    setLeft(last.key);
  }, [keys, fallbackRef]);

  return { listRef, onFocus, left };
}
