import type { RefObject } from 'preact';
import { useEffect, useState } from 'preact/hooks';

/** Which of a sideways-scrolling box's sides hide more of its content. */
export interface OverflowEdges {
  left: boolean;
  right: boolean;
}

/**
 * The sides of `box` that hide content, measured again after every render (what is inside may have
 * been replaced), on resize and on scroll.
 */
export function useOverflowEdges(box: RefObject<HTMLElement | null>): OverflowEdges {
  const [edges, setEdges] = useState<OverflowEdges>({ left: false, right: false });
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild !== null) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  });
  return edges;
}

/** `data-overflow`'s value: "left", "right", "left right", or absent when everything shows. */
export function overflowAttribute(edges: OverflowEdges): string | undefined {
  const value = [edges.left ? 'left' : '', edges.right ? 'right' : ''].join(' ').trim();
  return value === '' ? undefined : value;
}
