/**
 * Where the kit's work yields to the browser: the next task (after input and, when one is due, a
 * frame), or just after the next frame (its style and layout done).
 */

/** Resolves in a task of its own, once the browser has had a turn. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // A port with a listener lives until closed.
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/** Resolves just after the next frame: what was added before it has been styled and laid out. */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
