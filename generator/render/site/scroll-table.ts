/** The box every wide table of the site sits in. */
import { html, type Html } from '../html.ts';

/**
 * A wide table in its own horizontally scrolling box, so the page never scrolls sideways on
 * a phone; the box is focusable and named, so keyboard users can scroll it too.
 */
export function scrollTable(label: string, table: Html): Html {
  return html`<div class="scroll" tabindex="0" role="region" aria-label="${label}">${table}</div>`;
}
