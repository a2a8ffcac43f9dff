import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

/** Which of the box's sides hide more of its content. */
interface Overflow {
  left: boolean;
  right: boolean;
}

/**
 * A box that scrolls sideways on narrow screens (wide tables): keyboard users reach it with Tab and
 * scroll it with the arrow keys, screen readers announce it by name, and while its content is wider
 * than the box it says so, in words above it (the box's description) and with a shadow on each edge
 * that hides more. When everything fits, neither shows.
 */
export function ScrollRegion(props: { label: string; children: ComponentChildren }) {
  const box = useRef<HTMLDivElement>(null);
  const cueId = useId();
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });
  // Measured again after every render: the table inside may have been replaced or resized.
  useEffect(() => {
    const element = box.current;
    if (element === null) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((was) => (was.left === left && was.right === right ? was : { left, right }));
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
  const scrolls = overflow.left || overflow.right;
  const edges = [overflow.left ? 'left' : '', overflow.right ? 'right' : ''].join(' ').trim();
  // One element, cue and box together, wherever the box is placed (a grid cell, a flex item).
  return (
    <div class="scroll-frame">
      {scrolls ? (
        <p class="scroll-cue small muted" id={cueId}>
          {overflow.right ? 'Scroll sideways for more →' : '← Scroll back for the first columns'}
        </p>
      ) : null}
      <div
        ref={box}
        class="table-scroll"
        tabIndex={0}
        role="region"
        aria-label={props.label}
        aria-describedby={scrolls ? cueId : undefined}
        data-overflow={edges === '' ? undefined : edges}
      >
        {props.children}
      </div>
    </div>
  );
}
