// The one way an item's position is written as CSS, shared by React renders and live drags, so a
// dropped item and its next render agree to the character.
export function itemTransform(x: number, y: number): string {
  return `translate3d(${x}px, ${y}px, 0)`
}
