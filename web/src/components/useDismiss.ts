//! Closes a popup (the share popup, the Export menu) when the reader clicks or taps outside it or
//! presses Escape, as every menu on the web does; focus goes back to `returnFocus` on Escape.
import { type RefObject, useEffect } from "react";

export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void, returnFocus?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent): void => {
      if (ref.current && event.target instanceof Node && !ref.current.contains(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== "Escape") return;
      event.preventDefault();
      close();
      returnFocus?.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      window.removeEventListener("keydown", onKeyDown);
    };
  }, [ref, open, close, returnFocus]);
}
