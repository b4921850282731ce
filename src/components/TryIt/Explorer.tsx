/** The explorer itself, loaded when the reader presses "Try it" (index.tsx). */
import React, {type ReactNode} from 'react';
import type {TryItOperation} from '@site/config/try-it';

export default function Explorer({operation}: {operation: TryItOperation}): ReactNode {
  return (
    <p>
      {operation.method} {operation.path}
    </p>
  );
}
