/** How many times `object[key]` is called while `run` runs: the method is wrapped, then put back. */
export function callCounts<T extends object, K extends keyof T>(object: T, key: K, run: () => void): number {
  const original = object[key] as unknown as (...args: unknown[]) => unknown;
  let calls = 0;
  object[key] = function counted(this: unknown, ...args: unknown[]) {
    calls += 1;
    return original.apply(this, args);
  } as T[K];
  try {
    run();
  } finally {
    object[key] = original as T[K];
  }
  return calls;
}
