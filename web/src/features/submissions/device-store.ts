/**
 * One IndexedDB object store on the device, for work that waits for the server (the drafts of a
 * local id, the clips of a video answer): opened per use and closed again, one transaction a call.
 */
export type DeviceStore = {
  open(): Promise<IDBDatabase>;
  /** Runs one request in its own transaction; resolves once the transaction has completed. */
  run<T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>): Promise<T>;
  /** Runs several requests in one transaction; resolves with `body`'s result once it has completed. */
  transaction<T>(
    mode: IDBTransactionMode,
    body: (store: IDBObjectStore, done: (result: T) => void) => void,
  ): Promise<T | undefined>;
};

export function deviceStore(dbName: string, storeName: string, keyPath: string): DeviceStore {
  const open = () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(dbName, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  async function transaction<T>(
    mode: IDBTransactionMode,
    body: (store: IDBObjectStore, done: (result: T) => void) => void,
  ): Promise<T | undefined> {
    const db = await open();
    try {
      return await new Promise<T | undefined>((resolve, reject) => {
        const tx = db.transaction(storeName, mode);
        let result: T | undefined;
        body(tx.objectStore(storeName), (r) => {
          result = r;
        });
        tx.oncomplete = () => resolve(result);
        tx.onerror = () => reject(tx.error);
        tx.onabort = () => reject(tx.error);
      });
    } finally {
      db.close();
    }
  }
  return {
    open,
    transaction,
    run: async <T>(mode: IDBTransactionMode, request: (store: IDBObjectStore) => IDBRequest<T>) =>
      (await transaction<T>(mode, (store, done) => {
        const r = request(store);
        r.onsuccess = () => done(r.result);
      })) as T,
  };
}
