/**
 * Redoc's code, loaded once the page is in. A page whose reference is the server's HTML needs no
 * Redoc to hydrate (./LiveReference.tsx), and Redoc with what it brings (Prism's languages, MobX,
 * styled-components, Marked) takes a phone a quarter of a second to run for the first time: in the
 * task that hydrates the page, that was the page's longest task, whatever the spec.
 */
import {useEffect, useState} from 'react';
import {nextTask} from '../shared/tasks';

/**
 * The module `load` imports, loaded after the component has mounted: its code runs in a task of
 * its own, not the one that hydrates or renders the page, and the component renders with it in
 * another. Undefined until then. A module that cannot be loaded is an error of the component.
 */
export function useModuleAfterMount<M>(load: () => Promise<M>): M | undefined {
  const [loaded, setLoaded] = useState<{module: M}>();
  const [, setError] = useState<unknown>();
  useEffect(() => {
    let current = true;
    nextTask()
      .then(load)
      .then(async (module) => {
        await nextTask();
        if (current) setLoaded({module});
      })
      .catch((error: unknown) => {
        if (current)
          setError(() => {
            throw error;
          });
      });
    return () => {
      current = false;
    };
    // Loaded once: `load` is an import of a module.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return loaded?.module;
}
