/**
 * How many instances of each class are alive in this process, through the inspector's
 * `Runtime.queryObjects` (which collects garbage first): what a render or a build step keeps.
 * Shared by bench/buildMemory.ts and the kit's tests.
 */
import inspector from 'node:inspector';

export async function liveInstances(classes: Record<string, {prototype: object}>): Promise<Record<string, number>> {
  const session = new inspector.Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
  const counts: Record<string, number> = {};
  const global = globalThis as {liveInstancesOf?: object};
  try {
    for (const [name, type] of Object.entries(classes)) {
      global.liveInstancesOf = type.prototype;
      const {result} = await post<{result: {objectId: string}}>('Runtime.evaluate', {expression: 'globalThis.liveInstancesOf'});
      const {objects} = await post<{objects: {objectId: string}}>('Runtime.queryObjects', {prototypeObjectId: result.objectId});
      const {result: length} = await post<{result: {value: number}}>('Runtime.callFunctionOn', {
        objectId: objects.objectId,
        functionDeclaration: 'function () { return this.length; }',
        returnByValue: true,
      });
      counts[name] = length.value;
    }
  } finally {
    delete global.liveInstancesOf;
    session.disconnect();
  }
  return counts;
}
