/**
 * The local sandbox's differences from the hosted sandbox (sandbox/local-differences.ts) as the
 * Markdown list under "How it differs from the sandbox" on `/sandbox/`, each one "It …".
 */
import {LOCAL_DIFFERENCES, type LocalDifference} from '../../sandbox/local-differences.ts';

export function renderLocalDifferences(differences: readonly LocalDifference[] = LOCAL_DIFFERENCES): string {
  return differences.map((d) => `- It ${d.text}`).join('\n');
}
