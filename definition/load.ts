/**
 * Reads the bundled definition (`static/openapi.json`, written by scripts/bundle-openapi.mjs) and
 * builds its model once per version of the file: a second call for an unchanged file returns the
 * same model, and a rewritten bundle (a saved change under `openapi/`) gives a new one.
 */
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildDefinition} from './model.ts';
import {isObject} from './refs.ts';
import type {ApiDefinition, JsonObject} from './types.ts';

export const BUNDLED_DEFINITION = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'static',
  'openapi.json',
);

/** The parsed bundle; a missing or unreadable file fails with the command that writes it. */
export function readDefinition(file: string = BUNDLED_DEFINITION): JsonObject {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`definition: cannot read ${file}; write it with \`node scripts/bundle-openapi.mjs\``, {
      cause: error,
    });
  }
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`definition: ${file} is not JSON: ${(error as Error).message}`, {cause: error});
  }
  if (!isObject(doc)) throw new Error(`definition: ${file} does not hold a JSON object`);
  return doc;
}

const loaded = new Map<string, {version: string; model: ApiDefinition}>();

/** The model of the bundled definition, built once per version of the file. */
export function loadDefinition(file: string = BUNDLED_DEFINITION): ApiDefinition {
  const stat = statSync(file, {throwIfNoEntry: false});
  const version = stat ? `${stat.mtimeMs}:${stat.size}` : 'missing';
  const cached = loaded.get(file);
  if (cached?.version === version) return cached.model;
  const model = buildDefinition(readDefinition(file));
  loaded.set(file, {version, model});
  return model;
}
