/**
 * Replaces the OpenAPI theme's ApiExplorer/storage-utils, which the API page loads on every
 * operation page (it names the explorer's stored credentials). The original imports the whole of
 * crypto-js (every cipher and hash, ~25 KiB gzip) to call SHA1; this imports SHA1 alone. The
 * exports and their results are the original's, so stored credentials keep their keys.
 */
import sha1 from 'crypto-js/sha1';

type Persistence = false | 'localStorage' | 'sessionStorage';

function hash(message: string): string {
  return sha1(message).toString();
}

export function hashArray(arr: string[]): string {
  const hashed = arr.map((item) => hash(item));
  hashed.sort();
  return hash(hashed.join());
}

export function createStorage(persistence?: Persistence): Storage {
  if (persistence === false) {
    return {
      getItem: () => null,
      setItem: () => {},
      clear: () => {},
      key: () => null,
      removeItem: () => {},
      length: 0,
    };
  }
  if (persistence === 'sessionStorage') return sessionStorage;
  return localStorage;
}
