import { useEffect, useRef, type RefObject } from 'react';

export type DismissReason = 'escape' | 'outside';

/**
 * Calls `onDismiss` on a pointer press outside `containers` or on Escape, while `active`, saying
 * which. Containers include the toggle button, so pressing it toggles instead of closing and
 * reopening.
 */
export function useDismiss(
  active: boolean,
  containers: ReadonlyArray<RefObject<HTMLElement | null>>,
  onDismiss: (reason: DismissReason) => void,
): void {
  // The listeners read the latest containers and callback without re-subscribing each render.
  const latest = useRef({ containers, onDismiss });
  useEffect(() => {
    latest.current = { containers, onDismiss };
  });

  useEffect(() => {
    if (!active) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (target && latest.current.containers.some((ref) => ref.current?.contains(target))) return;
      latest.current.onDismiss('outside');
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current.onDismiss('escape');
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active]);
}
