/**
 * The release that answered and, for a deprecated one, its dates: the answer view shows them beside
 * the status, not only among the folded headers, since a reader who picked a release checks first
 * that it is the one that answered.
 */
import {DEPRECATION_HEADER, SUNSET_HEADER, VERSION_HEADER} from '../../../config/api-version-header';
import type {Answer} from './send';

const RELEASE_HEADERS = [VERSION_HEADER, DEPRECATION_HEADER, SUNSET_HEADER];

/** Each of those headers the answer carries (and the browser lets the page read), in that order. */
export function releaseFacts(answer: Pick<Answer, 'headers'>): [name: string, value: string][] {
  return RELEASE_HEADERS.flatMap((name) => {
    const found = answer.headers.find(([header]) => header.toLowerCase() === name.toLowerCase());
    return found ? [[name, found[1]] as [string, string]] : [];
  });
}
