/**
 * Attributes for a container that scrolls sideways on narrow screens (wide tables): keyboard users
 * reach it with Tab and scroll it with the arrow keys, and screen readers announce it by name.
 */
export function scrollRegion(label: string) {
  return { tabIndex: 0, role: 'region', 'aria-label': label } as const;
}
