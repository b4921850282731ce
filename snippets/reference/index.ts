/**
 * The reference style: the code of each sample language of the API reference, written from one
 * request. Our own templates, not a code generator's, because what a pasted sample must do is what
 * generators do not write: read the API key from the environment rather than hold it in the code,
 * make a new Idempotency-Key on every run, end the call after TIMEOUT_SECONDS (the guides' figure
 * for one attempt) and show a redirect instead of following it. Every sample uses its language's
 * standard library, except Python (requests), so it runs with nothing to install.
 */
import type {Template} from '../request.ts';
import {csharp} from './csharp.ts';
import {curl} from './curl.ts';
import {go} from './go.ts';
import {java} from './java.ts';
import {nodejs} from './nodejs.ts';
import {php} from './php.ts';
import {python} from './python.ts';
import {ruby} from './ruby.ts';

/** The template of each language of config/code-sample-languages.ts, by its key. */
export const TEMPLATES: Readonly<Record<string, Template>> = {curl, nodejs, python, go, java, php, ruby, csharp};
