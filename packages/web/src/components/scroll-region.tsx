import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';
import { overflowAttribute, useOverflowEdges } from '../lib/use-overflow-edges.js';

/**
 * A box that scrolls sideways on narrow screens (wide tables): keyboard users reach it with Tab and
 * scroll it with the arrow keys, screen readers announce it by name, and while its content is wider
 * than the box it says so, in words above it (the box's description) and with a shadow on each edge
 * that hides more. When everything fits, neither shows.
 */
export function ScrollRegion(props: { label: string; children: ComponentChildren }) {
  const box = useRef<HTMLDivElement>(null);
  const cueId = useId();
  const overflow = useOverflowEdges(box);
  const scrolls = overflow.left || overflow.right;
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
        data-overflow={overflowAttribute(overflow)}
      >
        {props.children}
      </div>
    </div>
  );
}
