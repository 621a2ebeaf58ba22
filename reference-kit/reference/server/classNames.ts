/**
 * The class names styled-components generates for a render, in the order it generates them.
 *
 * The server renders a reference in each colour mode, and the page carries the light render's
 * class names; the dark render's CSS must be rewritten onto them (./modeCss.ts). Both renders are
 * the same tree, so styled-components generates their names in the same order, one for each styled
 * element (and for each styled component it extends): the n-th name of one render and the n-th
 * of the other style the same element. Recorded as they are generated, not read back from the HTML.
 */
import {MiddlePanel} from 'redoc';

interface ComponentStyle {
  generateAndInjectStyles(...args: unknown[]): string;
}

let recording: string[] | undefined;
let installed = false;

/** Wraps styled-components' name generation once (every styled component shares its prototype). */
function install(): void {
  if (installed) return;
  installed = true;
  const prototype = Object.getPrototypeOf((MiddlePanel as unknown as {componentStyle: ComponentStyle}).componentStyle) as ComponentStyle;
  const generate = prototype.generateAndInjectStyles;
  prototype.generateAndInjectStyles = function (this: ComponentStyle, ...args: unknown[]) {
    const names = generate.apply(this, args);
    // A component that extends another returns its base's names and its own, space-separated.
    recording?.push(...names.split(' ').filter(Boolean));
    return names;
  };
}

/** What `render` returns, and the class names generated while it ran (renders do not nest). */
export function withClassNames<T>(render: () => T): {result: T; names: string[]} {
  install();
  const names: string[] = [];
  recording = names;
  try {
    return {result: render(), names};
  } finally {
    recording = undefined;
  }
}
