import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Where a card stood when its action went through. */
interface Done {
  postId: string;
  index: number;
}

/**
 * Where the focus goes once a card's action went through and the list was read
 * again (issue 30: never to <body>): the card's own heading while it is still
 * shown (a retry), else the heading of the card now in its place (the next
 * one, or the last), else the message region, which holds what the action did.
 * Cards are `[data-post-id]` elements with an `h2` under `list`.
 */
export function useFocusAfterAction(list: RefObject<HTMLElement | null>, messages: RefObject<HTMLElement | null>) {
  const [done, setDone] = useState<Done | null>(null);
  const settled = useRef(false);
  useEffect(() => {
    if (!done || settled.current) return;
    settled.current = true;
    const cards = [...(list.current?.querySelectorAll<HTMLElement>('[data-post-id]') ?? [])];
    const card = cards.find((element) => element.dataset.postId === done.postId) ?? cards[Math.min(done.index, cards.length - 1)];
    (card?.querySelector<HTMLElement>('h2') ?? messages.current)?.focus();
  }, [done, list, messages]);
  const after = useCallback((postId: string, index: number) => {
    settled.current = false;
    setDone({ postId, index });
  }, []);
  return after;
}
