/**
 * Writes the "Try it" explorer's checks of every operation (definition/try-it-validators.ts) into
 * the build's generated files, one module per operation slug; the explorer imports its own as
 * `@generated/kestrel-try-it-validators/default/{slug}.js` when the reader opens it. Rewritten when
 * the bundled definition changes (`npm start`).
 */
import type {Plugin} from '@docusaurus/types';
import {BUNDLED_DEFINITION, loadDefinition, tryItOperation} from '../definition/index.ts';
import {tryItValidatorModule} from '../definition/index.ts';

export default function tryItValidators(): Plugin<Record<string, string>> {
  return {
    name: 'kestrel-try-it-validators',
    getPathsToWatch: () => [BUNDLED_DEFINITION],
    async loadContent() {
      const model = loadDefinition();
      return Object.fromEntries(
        model.operations.map((op) => [op.slug, tryItValidatorModule(tryItOperation(model, op))]),
      );
    },
    async contentLoaded({content, actions}) {
      await Promise.all(Object.entries(content).map(([slug, source]) => actions.createData(`${slug}.js`, source)));
    },
  };
}
