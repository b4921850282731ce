/**
 * sandbox_request's `apiVersion`: the release a request is answered at, sent as `Kestrel-Version`.
 * Not checked here: the sandbox refuses a version it does not serve and lists those it does.
 */
import {z} from 'zod';
import {VERSION_HEADER, VERSION_UNSUPPORTED} from '../config/api-version-header.ts';

export const API_VERSION = z
  .string()
  .min(1)
  .optional()
  .describe(
    `Sent as ${VERSION_HEADER}: the API release to answer at (MAJOR.MINOR.PATCH). Without it, the account's pinned release answers. The answer's ${VERSION_HEADER} header names the release that answered; a deprecated one adds Deprecation and Sunset. A release the sandbox does not serve answers 400 ${VERSION_UNSUPPORTED}, listing those it serves.`,
  );
